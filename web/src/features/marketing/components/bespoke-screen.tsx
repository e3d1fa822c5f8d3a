import { ArrowRight, BadgeCheck, Boxes, Megaphone, Server, Users, Workflow } from "lucide-react";
import { Link } from "react-router";

import { PageHero } from "@/components/marketing/page-hero";
import { SectionHeading } from "@/components/marketing/section-heading";
import { Button } from "@/components/ui/button";

const OFFERS = [
  {
    icon: Megaphone,
    title: "Done-for-you UGC campaigns",
    body: "We write the hooks, produce batches of UGC-style ads from your product shots, and deliver them ready for TikTok Shop, Reels and Shorts, grouped for A/B testing.",
  },
  {
    icon: Users,
    title: "Influencer seeding",
    body: "We shortlist creators in your niche, brief them with proven hooks and formats, ship product, and collect the posts and usage rights in one report.",
  },
  {
    icon: Server,
    title: "Private deployment",
    body: "Reelsmith on your own servers or cloud account: PostgreSQL, object storage, your AI and voice providers, single sign-on and render workers sized to your volume.",
  },
];

const STEPS = [
  {
    title: "Tell us the goal",
    body: "Product, audience, budget and the platforms you post on. One call, thirty minutes.",
  },
  { title: "We plan and produce", body: "A content plan with hooks and formats, then the first batch within a week." },
  { title: "Test and scale", body: "We read the numbers with you and double down on the hooks and formats that win." },
];

export function BespokeScreen() {
  return (
    <>
      <PageHero
        eyebrow="Bespoke Solutions"
        title="Short-form campaigns, done for you"
        lead="For brands and agencies that want results without running the studio themselves: UGC campaigns, influencer seeding and private deployments of Reelsmith."
      >
        <Button asChild variant="brand" size="lg" className="h-12 px-7 text-base">
          <Link to="/contact">
            Get In Contact
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </PageHero>

      <section aria-labelledby="offers-title" className="container-page py-section">
        <SectionHeading id="offers-title" eyebrow="What we do" title="Three ways we can help" />
        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          {OFFERS.map(({ icon: Icon, title, body }) => (
            <li key={title} className="space-y-4 rounded-2xl border bg-card p-6">
              <span className="grid size-11 place-items-center rounded-xl bg-primary/12 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="font-display text-xl font-bold">{title}</h3>
              <p className="text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="process-title" className="border-y border-border/60 bg-card/40">
        <div className="container-page grid gap-10 py-section lg:grid-cols-2 lg:items-center">
          <SectionHeading
            id="process-title"
            align="left"
            eyebrow="How it works"
            title="From brief to first batch in a week"
            lead="You keep full ownership of every video and every file we make for you."
          />
          <ol className="space-y-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="flex gap-4 rounded-2xl border bg-background/60 p-5">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-gradient-brand font-display font-bold text-white">
                  {i + 1}
                </span>
                <span>
                  <span className="block font-display text-lg font-bold">{step.title}</span>
                  <span className="block text-muted-foreground">{step.body}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="fit-title" className="container-page py-section">
        <div className="grid gap-8 md:grid-cols-2">
          <div className="space-y-4">
            <h2 id="fit-title" className="font-display text-headline font-bold">
              A good fit if you…
            </h2>
            <ul className="space-y-3">
              {[
                "sell on TikTok Shop or run paid social and need fresh creative every week",
                "are an agency producing short-form for several clients",
                "need your footage and data to stay on infrastructure you control",
              ].map((item) => (
                <li key={item} className="flex gap-3">
                  <BadgeCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="space-y-4 rounded-3xl border border-primary/30 bg-card p-8">
            <div className="flex gap-3 text-primary">
              <Boxes className="size-6" aria-hidden="true" />
              <Workflow className="size-6" aria-hidden="true" />
            </div>
            <p className="font-display text-2xl font-bold">Tell us what you are trying to grow.</p>
            <p className="text-muted-foreground">
              We answer every enquiry within two working days with a plan and a quote, or an honest note that the
              self-serve plans already cover you.
            </p>
            <Button asChild variant="brand" size="lg">
              <Link to="/contact">Get In Contact</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
