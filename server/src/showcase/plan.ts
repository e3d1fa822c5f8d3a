import { createHash } from "node:crypto";
import { SHOWCASE_CLIP_COUNT, type VideoInputByType, type VideoType, videoInputSchemas } from "@reelsmith/core";
import type { z } from "zod";

/**
 * The landing page's showcase: which clips Reelsmith renders from its own starter library. Every
 * entry is a real recipe input (the fields a user would fill in); library keys name the footage,
 * music and memes. `song` and `background` stand for the uploads a user would make and are taken
 * from the library too (a music track cut to the clip's length; a background clip). Every clip that
 * speaks or plays a meme has a song under it: without one, the pauses between the voice's sentences
 * and the meme's sounds, and the end of the clip, would be silent.
 */
export interface ShowcasePlanEntry<T extends VideoType = VideoType> {
  id: string;
  title: string;
  type: T;
  /** Shown under the clip, as creators read view counts. */
  views: number;
  input: VideoInputByType[T];
  /** Library assets standing in for the user's uploads, by the upload id the input refers to. */
  uploads?: Record<string, { kind: "music" | "background" | "dreamscape"; key: string; seconds?: number }>;
  /** Length of faceless clips, seconds. */
  durationS?: number;
}

const SONG = "0d3c1f55-5a5e-4c1c-9a61-2f1b2d6c7a10";
const BACKDROP = "6a2b7c1d-3e4f-4a5b-8c6d-7e8f9a0b1c2d";

/** A plan entry as written here: the input as a form would send it (defaults filled by the schema). */
type PlanEntryInput<T extends VideoType> = Omit<ShowcasePlanEntry<T>, "input"> & {
  input: z.input<(typeof videoInputSchemas)[T]>;
};

function entry<T extends VideoType>(e: PlanEntryInput<T>): ShowcasePlanEntry {
  return { ...e, input: videoInputSchemas[e.type].parse(e.input) as VideoInputByType[T] } as ShowcasePlanEntry;
}

export const SHOWCASE_PLAN: readonly ShowcasePlanEntry[] = [
  entry({
    id: "reddit-neighbor",
    title: "My neighbor drags furniture at 3am",
    type: "reddit",
    views: 1_240_000,
    input: {
      username: "QuietNeighbor",
      post_title: "Why does my neighbor drag furniture at 3am?",
      script: "The flat upstairs has been empty since March.",
      caption_style: "modern-bold",
      background_video: "minecraft",
      background_music: "suspense-unsolved-mystery",
      voice: "alloy",
    } as VideoInputByType["reddit"],
  }),
  entry({
    id: "faceless-fruit",
    title: "The most satisfying fruit cutting",
    type: "faceless-ai",
    views: 3_410_000,
    input: { tab: "asmr", video_type: "fruit", title: "Oddly satisfying 🍉" },
    durationS: 6,
  }),
  entry({
    id: "text-hook-rave",
    title: "POV: the drop hits on the first loop",
    type: "text-hook",
    views: 2_870_000,
    input: {
      audio_file_id: SONG,
      video_style: "boiler-room",
      text_hook: "POV: the drop hits on the first loop",
      clip_start: 0,
      clip_duration: 10,
    },
    uploads: { [SONG]: { kind: "music", key: "house-deep-groove", seconds: 7 } },
  }),
  entry({
    id: "green-screen-money",
    title: "Me checking my bank account after the weekend",
    type: "green-screen",
    views: 864_000,
    input: {
      text_hook: "me checking my bank account after one weekend out",
      selected_meme: "money-rain",
      background_file_id: BACKDROP,
      song: "comedic-bouncy-mischief",
    },
    uploads: { [BACKDROP]: { kind: "background", key: "satisfying" } },
  }),
  entry({
    id: "faceless-luxury",
    title: "Quiet luxury, one frame at a time",
    type: "faceless-ai",
    views: 512_000,
    input: { tab: "dreamscape", video_type: "luxury", title: "" },
    durationS: 6,
  }),
  entry({
    id: "faceless-cube",
    title: "Cutting a cube of a whole world",
    type: "faceless-ai",
    views: 1_980_000,
    input: { tab: "asmr", video_type: "cube", title: "" },
    durationS: 6,
  }),
  entry({
    id: "reddit-wedding",
    title: "AITA for leaving my sister's wedding early?",
    type: "reddit",
    views: 2_150_000,
    input: {
      username: "throwaway_wed",
      post_title: "AITA for leaving my sister's wedding early?",
      script: "She seated my husband at the kids' table.",
      caption_style: "neon-glow",
      background_video: "subway-surfers",
      background_music: "suspense-ticking-clock",
      voice: "nova",
    } as VideoInputByType["reddit"],
  }),
  entry({
    id: "text-hook-nature",
    title: "This is your sign to book the trip",
    type: "text-hook",
    views: 742_000,
    input: {
      audio_file_id: SONG,
      video_style: "stunning-nature",
      text_hook: "this is your sign to book the trip",
      clip_start: 0,
      clip_duration: 10,
    },
    uploads: { [SONG]: { kind: "music", key: "lofi-late-night-study", seconds: 7 } },
  }),
  entry({
    id: "faceless-toast",
    title: "Butter on warm toast, perfectly spread",
    type: "faceless-ai",
    views: 1_320_000,
    input: { tab: "asmr", video_type: "toast", title: "" },
    durationS: 6,
  }),
  entry({
    id: "faceless-nature",
    title: "Dreamscape: a forest that breathes",
    type: "faceless-ai",
    views: 438_000,
    input: { tab: "dreamscape", video_type: "nature", title: "" },
    durationS: 6,
  }),
  entry({
    id: "green-screen-mind-blown",
    title: "When the tutorial skips the one step you needed",
    type: "green-screen",
    views: 1_070_000,
    input: {
      text_hook: "when the tutorial skips the one step you needed",
      selected_meme: "mind-blown",
      background_file_id: BACKDROP,
      song: "comedic-oops",
    },
    uploads: { [BACKDROP]: { kind: "dreamscape", key: "machine-experiments" } },
  }),
  entry({
    id: "faceless-paint",
    title: "Paint squeezing you can almost feel",
    type: "faceless-ai",
    views: 2_460_000,
    input: { tab: "asmr", video_type: "paint", title: "" },
    durationS: 6,
  }),
  entry({
    id: "reddit-landlord",
    title: "My landlord tried to keep my deposit",
    type: "reddit",
    views: 954_000,
    input: {
      username: "renter_rights",
      post_title: "My landlord tried to keep my deposit. Big mistake.",
      script: "I had photos of every single wall.",
      caption_style: "bubble",
      background_video: "gta5",
      background_music: "trap-midnight",
      voice: "onyx",
    } as VideoInputByType["reddit"],
  }),
  entry({
    id: "faceless-fashion",
    title: "Runway looks from another world",
    type: "faceless-ai",
    views: 689_000,
    input: { tab: "dreamscape", video_type: "fashion", title: "" },
    durationS: 6,
  }),
  entry({
    id: "text-hook-rollercoaster",
    title: "POV: the first drop of the summer",
    type: "text-hook",
    views: 1_610_000,
    input: {
      audio_file_id: SONG,
      video_style: "roller-coaster",
      text_hook: "POV: the first drop of the summer",
      clip_start: 0,
      clip_duration: 10,
    },
    uploads: { [SONG]: { kind: "music", key: "phonk-drift", seconds: 7 } },
  }),
  entry({
    id: "faceless-alternate",
    title: "Alternate realities, on repeat",
    type: "faceless-ai",
    views: 376_000,
    input: { tab: "dreamscape", video_type: "alternate-realities", title: "" },
    durationS: 6,
  }),
];

/** A quicker showcase for tests: the first `count` entries. */
export function showcasePlan(count: number = SHOWCASE_CLIP_COUNT): readonly ShowcasePlanEntry[] {
  return SHOWCASE_PLAN.slice(0, count);
}

/**
 * The engine version a clip's key holds: the render package's version and its output version
 * (ENGINE_VERSION, bumped whenever the same input renders differently), so clips made by an older
 * engine are rendered again once.
 */
export function showcaseEngineVersion(packageVersion: string, engineVersion: string): string {
  return `${packageVersion}+engine.${engineVersion}`;
}

/**
 * The version of the web copy made of each clip (build.ts: its size, encoding, sound), bumped
 * whenever it is made differently, so clips made the old way are made again once. 2: the engine's
 * sound is copied, not encoded again.
 */
export const SHOWCASE_WEB_VERSION = 2;

/**
 * The cache key of a clip: its plan entry, the engine's version, the web copy's version and the
 * library's manifest. A clip whose key has not changed is not rendered again; its file names carry
 * the key, so browsers may cache them for a year.
 */
export function clipKey(
  entry: ShowcasePlanEntry,
  engineVersion: string,
  libraryManifest: string,
  voices = "offline",
): string {
  return createHash("sha256")
    .update(
      JSON.stringify({
        entry,
        engineVersion,
        // Only keyed when not the offline voices, so clips rendered before voices were keyed stay valid.
        ...(voices === "offline" ? {} : { voices }),
        web: SHOWCASE_WEB_VERSION,
        library: createHash("sha256").update(libraryManifest).digest("hex"),
      }),
    )
    .digest("hex")
    .slice(0, 16);
}
