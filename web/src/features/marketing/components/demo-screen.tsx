import type { ShowcaseClip, VideoType } from "@reelsmith/core";
import { ArrowRight, Clock, ListChecks, PlayCircle } from "lucide-react";
import { Link } from "react-router";

import { PageHero } from "@/components/marketing/page-hero";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ChapterClip, DemoReel } from "./demo-player";

export interface WalkthroughChapter {
  title: string;
  duration: string;
  summary: string;
  steps: readonly string[];
  /** The kinds of video the chapter makes; one the app made of the first kind plays beside it. */
  types: readonly VideoType[];
}

/** The four feature walkthroughs (spec durations 2:15, 1:45, 3:20, 5:30). */
export const FEATURE_WALKTHROUGHS: readonly WalkthroughChapter[] = [
  {
    title: "A Reddit story from script to export",
    duration: "2:15",
    summary: "Turn a post into a narrated story over gameplay with a title card and word-by-word captions.",
    steps: [
      "Paste the post, set the username, title and avatar",
      "Pick a caption style and a narrator",
      "Choose the gameplay background and music",
      "Generate, then download the finished MP4",
    ],
    types: ["reddit"],
  },
  {
    title: "An AI UGC ad from one product photo",
    duration: "1:45",
    summary: "Upload a product shot and get an influencer-style ad with a hook, a voice and captions.",
    steps: [
      "Upload a square product photo (or pick one from your library)",
      "Choose a voice and background music",
      "Turn captions on and pick their style",
      "Render and test several hooks side by side",
    ],
    types: ["ugc-ads"],
  },
  {
    title: "Green-screen memes and faceless AI videos",
    duration: "3:20",
    summary: "Key a meme over your own clip, then make an ASMR or dreamscape loop without filming anything.",
    steps: [
      "Write a caption or ask AI for one (free)",
      "Pick a meme from the library of 33 and your background",
      "Preview the chroma key live, add a song",
      "Switch to Faceless AI and render an ASMR or dreamscape style",
    ],
    types: ["green-screen", "faceless-ai"],
  },
  {
    title: "Music videos, text hooks and styles",
    duration: "5:30",
    summary: "Put a track over rave, rollercoaster or nature footage with a hook that lands in the first second.",
    steps: [
      "Upload an MP3, WAV or AAC, or reuse one from Your Library",
      "Choose Rave / Boiler Room, Rollercoaster POV or Epic Nature",
      "Write the hook and see where it sits on screen",
      "Track progress under Finished Videos and download",
    ],
    types: ["text-hook"],
  },
];

const FULL_DEMO = [
  { at: "0:00", label: "Sign up and the 20 free credits" },
  { at: "0:25", label: "Creator Studio: the five creators" },
  { at: "0:50", label: "Writing a script with AI" },
  { at: "1:35", label: "Voices, caption styles and footage" },
  { at: "2:30", label: "Rendering in the background" },
  { at: "3:05", label: "Finished Videos: play, download, post" },
  { at: "3:40", label: "Credits, plans and top-ups" },
];

/** The first clip the app made of one of `types`, if any. */
function clipFor(clips: readonly ShowcaseClip[], types: readonly VideoType[]): ShowcaseClip | undefined {
  for (const type of types) {
    const clip = clips.find((c) => c.type === type);
    if (clip) return clip;
  }
  return undefined;
}

/**
 * /demo: the walkthrough as chapters with their running times, and the way in. `clips` are videos the
 * app rendered (the landing page's showcase): they play as a reel beside the tour and, one of each
 * kind, beside the chapter that makes it. Without any, the page is the outline alone.
 */
export function DemoScreen({ startHref, clips = [] }: { startHref: string; clips?: readonly ShowcaseClip[] }) {
  return (
    <>
      <PageHero
        eyebrow="Product walkthrough"
        title="See Reelsmith from first script to finished video"
        lead="Four feature walkthroughs and a full tour of about four minutes. Each chapter lists exactly what it covers, so you can jump to what you need."
      >
        <Button asChild variant="brand" size="lg" className="h-12 px-7 text-base">
          <Link to={startHref}>
            Start Creating Now
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg" className="h-12 px-7 text-base">
          <Link to="/pricing">View Pricing</Link>
        </Button>
      </PageHero>

      <section aria-labelledby="full-demo-title" className="container-page py-section">
        <div
          className={cn(
            "grid gap-8 rounded-3xl border bg-card p-6 md:p-10",
            "grid-cols-[minmax(0,1fr)]",
            clips.length > 0
              ? "lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)_minmax(0,1.1fr)]"
              : "lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]",
          )}
        >
          {clips.length > 0 ? <DemoReel clips={clips} className="lg:row-span-2" /> : null}
          <div className="space-y-4">
            <span className="inline-flex items-center gap-2 rounded-full bg-primary/20 px-3 py-1 text-sm font-semibold text-foreground">
              <PlayCircle className="size-4" aria-hidden="true" /> Full demo
            </span>
            <h2 id="full-demo-title" className="font-display text-headline font-bold">
              The whole workflow in about 4 minutes
            </h2>
            <p className="text-muted-foreground">
              One video, start to finish: sign up, pick a creator, write the script, choose the look, render while you
              do something else, and download a post-ready MP4.
            </p>
            {clips.length > 0 ? (
              <p className="text-muted-foreground">
                The reel plays videos Reelsmith rendered with its own engine from its starter library: voice, captions,
                footage and music, no editor involved.
              </p>
            ) : null}
            <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
              <Clock className="size-4" aria-hidden="true" /> Running time 4:00
            </p>
          </div>
          <ol className="divide-y rounded-2xl border bg-background/60">
            {FULL_DEMO.map((chapter) => (
              <li key={chapter.at} className="flex items-center gap-4 px-5 py-3.5">
                <span className="w-12 shrink-0 font-mono text-sm font-semibold text-primary tabular-nums">
                  {chapter.at}
                </span>
                <span>{chapter.label}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="chapters-title" className="container-page pb-section">
        <h2 id="chapters-title" className="font-display text-headline font-bold">
          Feature walkthroughs
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-2">
          {FEATURE_WALKTHROUGHS.map((chapter, i) => {
            const clip = clipFor(clips, chapter.types);
            return (
              <li key={chapter.title} className="flex flex-col gap-4 rounded-2xl border bg-card p-6">
                <div className="flex items-center justify-between">
                  <span className="text-sm font-semibold tracking-wider text-muted-foreground uppercase">
                    Chapter {i + 1}
                  </span>
                  <span className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-sm font-semibold tabular-nums">
                    <Clock className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">Duration </span>
                    {chapter.duration}
                  </span>
                </div>
                <h3 className="font-display text-xl font-bold">{chapter.title}</h3>
                <p className="text-muted-foreground">{chapter.summary}</p>
                <div className="flex gap-4">
                  {clip ? <ChapterClip clip={clip} /> : null}
                  <ul className="space-y-2 text-sm">
                    {chapter.steps.map((step) => (
                      <li key={step} className="flex gap-2">
                        <ListChecks className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                        {step}
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="mt-12 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild variant="brand" size="lg" className="h-12 w-full px-7 text-base sm:w-auto">
            <Link to={startHref}>Start Creating Now</Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="h-12 w-full px-7 text-base sm:w-auto">
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
