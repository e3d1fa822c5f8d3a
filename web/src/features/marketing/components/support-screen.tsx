import { ArrowUpRight, BookOpen, HelpCircle, Mail, PlayCircle, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "@/components/marketing/page-hero";
import { socialLinks } from "@/lib/site-routes";

const youtube = socialLinks.find((s) => s.label === "YouTube")?.href ?? "";

const CARDS = [
  {
    icon: HelpCircle,
    title: "FAQs",
    body: "Credits, render times, ownership, plans and self-hosting, answered in one place.",
    to: "/faq",
    action: "Read the FAQ",
  },
  {
    icon: BookOpen,
    title: "Knowledge Base",
    body: "Playbooks for hooks, retention, posting cadence and every faceless format.",
    to: "/blog",
    action: "Browse the guides",
  },
  {
    icon: PlayCircle,
    title: "Video Tutorials",
    body: "Step-by-step screen recordings of every creator on our video channel.",
    href: youtube,
    action: "Open the channel",
  },
  {
    icon: Mail,
    title: "Get in contact",
    body: "Questions about your account, billing or a bespoke campaign? Write to us.",
    to: "/contact",
    action: "Send a message",
  },
] as const;

/** Where to find answers, and how to reach a person: on /support and, signed in, on /help in the app. */
export function SupportLinks() {
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2">
        {CARDS.map((card) => {
          const Icon = card.icon;
          const external = "href" in card;
          const className =
            "inline-flex items-center gap-1.5 font-semibold text-primary after:absolute after:inset-0 hover:underline";
          return (
            <li
              key={card.title}
              className="relative flex flex-col gap-4 rounded-2xl border bg-card p-7 transition-colors hover:border-primary/40"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-primary/12 text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h2 className="font-display text-2xl font-bold">{card.title}</h2>
              <p className="flex-1 text-muted-foreground">{card.body}</p>
              {external ? (
                <a href={card.href} target="_blank" rel="noopener noreferrer" className={className}>
                  {card.action}
                  <ArrowUpRight className="size-4" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                <Link to={card.to} className={className}>
                  {card.action}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl border border-primary/30 bg-primary/8 p-6 sm:flex-row sm:items-center">
        <ShieldCheck className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-display text-lg font-bold">24/7 for Premium users</p>
          <p className="text-muted-foreground">
            Agency plan subscribers get priority support around the clock. Everyone else hears back within one working
            day.
          </p>
        </div>
      </div>
    </>
  );
}

/** /support: the public page. */
export function SupportScreen() {
  return (
    <>
      <PageHero
        eyebrow="Help & Support"
        title="How can we help?"
        lead="Find an answer in minutes, learn a format end to end, or talk to the team."
      />
      <div className="container-page py-section">
        <SupportLinks />
      </div>
    </>
  );
}
