import {
  AudioLines,
  Captions,
  Clapperboard,
  Coins,
  Gamepad2,
  type LucideIcon,
  Server,
  TrendingUp,
  Wand2,
} from "lucide-react";

import { SectionHeading } from "@/components/marketing/section-heading";

interface Capability {
  icon: LucideIcon;
  title: string;
  body: string;
}

export const CAPABILITIES: readonly Capability[] = [
  {
    icon: Captions,
    title: "Caption generator",
    body: "Word-by-word captions timed to the voice, in 24 styles from Modern Bold to Neon Glow, placed where the apps leave room.",
  },
  {
    icon: Wand2,
    title: "Hook generator",
    body: "Draft the first line that stops the scroll: AI writes hooks and full scripts from a title when a language model is connected.",
  },
  {
    icon: TrendingUp,
    title: "Trend identification",
    body: "Start from formats that keep trending on TikTok, Reels and Shorts: POV hooks, storytimes, green-screen reactions and ASMR.",
  },
  {
    icon: AudioLines,
    title: "Natural voiceovers",
    body: "Six narrators, male and female, young and adult. Offline by default, or any OpenAI-compatible speech API for studio voices.",
  },
  {
    icon: Gamepad2,
    title: "Footage and music library",
    body: "Gameplay backgrounds, satisfying loops, 33 green-screen memes and 31 music tracks, licensed for the videos you make.",
  },
  {
    icon: Clapperboard,
    title: "Ready-to-post exports",
    body: "Vertical 1080×1920 MP4 at 30 fps with loudness set for social: download it and post it, no editor in between.",
  },
  {
    icon: Coins,
    title: "Fair credits",
    body: "Pay per finished video, 6 or 14 credits. A video that fails is refunded automatically, within 10 minutes.",
  },
  {
    icon: Server,
    title: "Open source, self-hostable",
    body: "Run the whole studio on your own server with one command. Your scripts, uploads and videos stay on your machine.",
  },
];

/** "What else can it do?": the tools around the five formats. */
export function CapabilitiesSection() {
  return (
    <section aria-labelledby="capabilities-title" className="py-section">
      <div className="container-page">
        <SectionHeading
          id="capabilities-title"
          eyebrow="Beyond the formats"
          title="What else can it do?"
          lead="Everything a faceless channel needs between the idea and the upload, in one place."
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CAPABILITIES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="space-y-3 rounded-2xl border bg-card/60 p-6">
              <span className="grid size-10 place-items-center rounded-xl bg-gradient-brand text-white shadow-[0_8px_24px_-10px_var(--brand-glow)]">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="font-display text-lg font-bold">{title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
