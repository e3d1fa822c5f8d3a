import { messages, videoTypeCatalogue } from "@reelsmith/core";
import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { CostBadge } from "@/components/cost-badge";
import { CtaBand } from "@/components/marketing/cta-band";
import { PageHero } from "@/components/marketing/page-hero";
import { videoTypeIcons } from "@/components/video-type-icon";
import { SIGN_UP_PATH } from "@/lib/site-routes";

/** What each creator does, in three concrete points. */
const DETAILS: Record<string, readonly string[]> = {
  "faceless-ai": [
    "ASMR styles: fruit cutting, cube cutting, toast spreading, paint squeezing",
    "Dreamscapes: fashion, luxury, alternate realities, machine experiments, nature",
    "Ambient sound designed for loops that people rewatch",
  ],
  "ugc-ads": [
    "One product photo in, an influencer-style ad out",
    "Hook, product copy and a male or female voice",
    "Optional captions in the style of your brand, plus music",
  ],
  "text-hook": [
    "Upload your MP3, WAV or AAC, or pick from your library",
    "Rave, rollercoaster POV or epic nature footage cut to your track",
    "Your hook on screen in the first second",
  ],
  "green-screen": [
    "33 meme clips keyed over your own image or video",
    "A caption up to 150 characters, or let AI suggest one for free",
    "Add a song and preview the key live before you render",
  ],
  reddit: [
    "Post title card, username and avatar like the real thing",
    "Six narrators and word-by-word captions in 24 styles",
    "Minecraft, GTA, Subway Surfers and more as the background",
  ],
};

export interface FeaturesCallToAction {
  title: string;
  lead: string;
  to: string;
  label: string;
}

const FREE_TRIAL: FeaturesCallToAction = {
  title: "Try every creator for free",
  lead: "20 free credits on sign-up cover your first three videos of any 6-credit type.",
  to: SIGN_UP_PATH,
  label: messages.auth.startFreeTrial,
};

/** /features: one card per creator, each linking to its builder (through sign-in when signed out). */
export function FeaturesScreen({
  hrefFor,
  start = FREE_TRIAL,
}: {
  hrefFor: (route: string) => string;
  /** The closing call to action: the free trial for a visitor, into the app for a signed-in creator. */
  start?: FeaturesCallToAction;
}) {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Five creators, one studio"
        lead="Each creator turns one input (a story, a photo, a song, a caption) into a finished 1080×1920 video with voice, captions, footage and music."
      />
      <div className="container-page py-section">
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {videoTypeCatalogue.map((type) => {
            const Icon = videoTypeIcons[type.type];
            return (
              <li
                key={type.type}
                className="group relative flex flex-col gap-5 rounded-2xl border bg-card p-6 transition-colors hover:border-primary/40"
              >
                <div className="flex items-center justify-between">
                  <span className="grid size-12 place-items-center rounded-xl bg-gradient-brand text-white">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <CostBadge cost={type.cost} />
                </div>
                <div className="space-y-2">
                  <h2 className="font-display text-2xl font-bold">{type.name}</h2>
                  <p className="text-muted-foreground">{type.description}</p>
                </div>
                <ul className="flex-1 space-y-2 text-sm">
                  {(DETAILS[type.type] ?? []).map((point) => (
                    <li key={point} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      {point}
                    </li>
                  ))}
                </ul>
                <Link
                  to={hrefFor(type.route)}
                  className="inline-flex items-center gap-1.5 font-semibold text-primary after:absolute after:inset-0"
                >
                  Open {type.name}
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
          <li className="flex flex-col justify-center gap-3 rounded-2xl border border-dashed p-6 text-center">
            <p className="font-display text-xl font-bold">Micro-Doc</p>
            <p className="text-sm text-muted-foreground">
              Short documentaries narrated over archive-style footage. Coming soon to the Faceless AI creator.
            </p>
          </li>
        </ul>
      </div>
      <CtaBand
        title={start.title}
        lead={start.lead}
        to={start.to}
        label={start.label}
        secondary={{ to: "/pricing", label: "See pricing" }}
      />
    </>
  );
}
