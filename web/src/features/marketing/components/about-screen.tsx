import { ArrowRight, CodeXml, EyeOff, Lock, Rocket } from "lucide-react";
import { Link } from "react-router";

import { PageHero } from "@/components/marketing/page-hero";
import { SectionHeading } from "@/components/marketing/section-heading";
import { Button } from "@/components/ui/button";

const VALUES = [
  {
    icon: EyeOff,
    title: "Nobody has to be on camera",
    body: "Most people with something worth posting never will film themselves. Every format we build works without a face or a recorded voice.",
  },
  {
    icon: Rocket,
    title: "The editing is the product",
    body: "Captions, timing, footage and loudness are the work an editor does. Reelsmith does that work for every video, the same way every time.",
  },
  {
    icon: CodeXml,
    title: "Open source, self-hostable",
    body: "The whole studio is AGPL-licensed. Run it on one machine with one command, or scale it out with PostgreSQL and render workers.",
  },
  {
    icon: Lock,
    title: "Your content stays yours",
    body: "We never train models on your scripts or uploads and never sell data. On your own server, nothing leaves it unless you connect a provider.",
  },
];

/** /about: the story, the principles, and the way in. */
export function AboutScreen({ startHref }: { startHref: string }) {
  return (
    <>
      <PageHero
        eyebrow="About"
        title="We build the editor you never have to open"
        lead="Reelsmith turns a script, a photo or a song into a finished vertical video, so creators, sellers and agencies can post every day without a camera or a timeline."
      >
        <Button asChild variant="brand" size="lg" className="h-12 px-7 text-base">
          <Link to={startHref}>
            Start Making Money
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </PageHero>

      <section aria-labelledby="story-title" className="container-page py-section">
        <div className="grid gap-10 lg:grid-cols-2">
          <SectionHeading
            id="story-title"
            align="left"
            eyebrow="Our story"
            title="Short-form rewards volume. Editing doesn't scale."
          />
          <div className="space-y-4 text-lg leading-relaxed text-muted-foreground">
            <p>
              The pages that grow on TikTok, Reels and Shorts post every day, test hooks relentlessly and keep the ones
              that work. Behind most of them is an editor cutting gameplay, timing captions word by word and exporting
              the same settings again and again, at $50 to $150 a video.
            </p>
            <p>
              Reelsmith automates that craft. Five creators cover the formats that keep winning (Reddit stories, music
              videos with text hooks, green-screen memes, UGC ads and faceless AI videos) and each one renders a
              finished 1080×1920 MP4 from a single input.
            </p>
            <p>
              More than 2,000 creators have made over 150,000 videos with it. Because it is open source, anyone can also
              run their own studio, on their own hardware, with their own providers.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="border-y border-border/60 bg-card/40">
        <div className="container-page py-section">
          <SectionHeading id="values-title" eyebrow="What we believe" title="Four principles behind every feature" />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2">
            {VALUES.map(({ icon: Icon, title, body }) => (
              <li key={title} className="flex gap-4 rounded-2xl border bg-background/60 p-6">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-brand text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="space-y-1.5">
                  <h3 className="font-display text-lg font-bold">{title}</h3>
                  <p className="text-muted-foreground">{body}</p>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-section text-center">
        <div className="mx-auto max-w-2xl space-y-5">
          <h2 className="font-display text-headline font-bold">Post more. Film nothing.</h2>
          <p className="text-lg text-muted-foreground">
            Twenty free credits are enough for three videos. See what a week of daily posting does for your page.
          </p>
          <Button asChild variant="brand" size="lg" className="h-12 px-7 text-base">
            <Link to={startHref}>Start Making Money</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
