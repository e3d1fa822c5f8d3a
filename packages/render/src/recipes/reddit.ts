import type { RedditInput } from "@reelsmith/core";
import type { Keyframe, TimedWord } from "../composition/schema.ts";
import {
  musicBed,
  type RecipeComposition,
  round,
  shiftWords,
  VOICE_DUCKING,
  type VoicePart,
  voiceLayer,
} from "./common.ts";

/** What a Reddit story needs besides its input: the gameplay, the music, the avatar picture. */
export interface RedditAssets {
  /**
   * Background video, 1080x1920 and loopable: a library gameplay clip, or the creator's own footage once
   * cut to the frame and made loop-ready (pipeline/own-background.ts).
   */
  background: string;
  /** Music track, or null for no music. */
  music: string | null;
  /** Avatar picture, or null for the default avatar. */
  avatar: string | null;
}

/** The voice-over: the post title read first, then the script. */
export interface RedditVoice {
  title: VoicePart;
  script: VoicePart;
}

export interface RedditOptions {
  cardTheme?: "light" | "dark";
  subreddit?: string;
}

/** Silence before the title, between title and story, and after the last word. */
export const REDDIT_TIMING = { lead: 0.15, gap: 0.45, tail: 0.8 } as const;

/** Longest stretch without a new framing of the background. */
export const REDDIT_BEAT_MAX_S = 3.2;
/** Beats closer than this to the previous one are skipped (no punch-on-punch). */
const BEAT_MIN_S = 1.4;
/** How long a zoom punch takes. */
const PUNCH_S = 0.3;

/** Framings of the gameplay the camera cycles through (scale about the centre, pan in pixels). */
const FRAMINGS: readonly Omit<Keyframe, "t">[] = [
  { scale: 1.06, x: 0, y: 0 },
  { scale: 1.12, x: -40, y: -30 },
  { scale: 1.08, x: 35, y: 30 },
  { scale: 1.16, x: 0, y: -60 },
  { scale: 1.1, x: -30, y: 40 },
  { scale: 1.14, x: 45, y: -20 },
];

/**
 * When the background changes framing: the start, each sentence's first word, and in between so no
 * stretch is longer than REDDIT_BEAT_MAX_S.
 */
export function redditBeats(words: readonly TimedWord[], starts: readonly number[], duration: number): number[] {
  const marks = [0, ...starts];
  words.forEach((w, i) => {
    const before = words[i - 1];
    if (before && /[.!?…]["')\]]*$/u.test(before.text)) marks.push(w.start);
  });
  marks.sort((a, b) => a - b);
  const beats: number[] = [];
  for (const m of marks) {
    const last = beats.at(-1);
    if (m >= duration - BEAT_MIN_S) break;
    if (last === undefined || m - last >= BEAT_MIN_S) beats.push(m);
  }
  // Fill long stretches with evenly spaced beats.
  const filled: number[] = [];
  [...beats, duration].forEach((b, i, all) => {
    const previous = all[i - 1];
    if (previous !== undefined) {
      const parts = Math.ceil((b - previous) / REDDIT_BEAT_MAX_S);
      for (let k = 1; k < parts; k++) filled.push(previous + ((b - previous) * k) / parts);
    }
    if (i < all.length - 1) filled.push(b);
  });
  return filled.map((t) => round(t)).sort((a, b) => a - b);
}

/**
 * The camera over the gameplay: at each beat a quick zoom punch into the next framing, then a slow
 * drift until the next beat, so the picture is never framed the same for long.
 */
export function redditCamera(beats: readonly number[], duration: number): Keyframe[] {
  const keyframes: Keyframe[] = [{ t: 0, scale: 1.02, x: 0, y: 0 }];
  beats.forEach((b, i) => {
    const framing = FRAMINGS[i % FRAMINGS.length] as Omit<Keyframe, "t">;
    const next = Math.min(beats[i + 1] ?? duration, duration);
    const punch = Math.min(b + PUNCH_S, (b + next) / 2);
    keyframes.push({ t: round(punch), ...framing, scale: framing.scale + 0.04 });
    // A slow pull back on the way to the next beat.
    keyframes.push({ t: round(next), ...framing });
  });
  return keyframes.filter((k, i, all) => i === 0 || k.t > (all[i - 1] as Keyframe).t);
}

/** How long a Reddit story lasts: the voice-over with its pauses. */
export function redditDuration(voice: RedditVoice): number {
  const { lead, gap, tail } = REDDIT_TIMING;
  return round(lead + voice.title.duration + gap + voice.script.duration + tail);
}

/**
 * Reddit story: the voice over looping gameplay, the camera punching in and reframing on each
 * sentence; the post card while the title is read; the story in
 * word captions of the chosen style; music ducked under the voice. The length follows the voice.
 */
export function redditRecipe(
  input: RedditInput,
  assets: RedditAssets,
  voice: RedditVoice,
  options: RedditOptions = {},
): RecipeComposition {
  const { lead, gap } = REDDIT_TIMING;
  const titleStart = lead;
  const titleEnd = titleStart + voice.title.duration;
  const scriptStart = titleEnd + gap;
  const duration = redditDuration(voice);
  const cardEnd = round(Math.min(duration, titleEnd + 0.25));
  const words = shiftWords(voice.script.words, scriptStart);
  const beats = redditBeats(words, [round(scriptStart)], duration);
  return {
    duration,
    layers: [
      {
        kind: "video",
        src: assets.background,
        loop: true,
        fit: "cover",
        motion: { mode: "camera", easing: "ease-in-out", keyframes: redditCamera(beats, duration) },
      },
      {
        kind: "reddit-card",
        username: input.username,
        title: input.post_title,
        avatar: assets.avatar,
        subreddit: options.subreddit ?? "AskReddit",
        theme: options.cardTheme ?? "light",
        start: 0,
        end: cardEnd,
        fadeOut: 0.2,
        // Clear of the platforms' button column at its largest (the motion overshoots to 1.02).
        box: { x: 140, y: 508, width: 800, height: 704 },
        motion: {
          mode: "object",
          easing: "ease-in-out",
          keyframes: [
            { t: 0, scale: 0.82, x: 0, y: 40 },
            { t: 0.28, scale: 1.02, x: 0, y: 0 },
            { t: 0.4, scale: 1, x: 0, y: 0 },
          ],
        },
      },
    ],
    audio: [
      voiceLayer(voice.title, titleStart),
      voiceLayer(voice.script, scriptStart),
      ...musicBed(assets.music, duration, { underVoice: true }),
    ],
    ducking: VOICE_DUCKING,
    captions: {
      style: input.caption_style,
      words,
      position: 0.5,
    },
    thumbnailAt: round(Math.min(duration - 0.1, titleStart + Math.max(0.5, Math.min(1.2, voice.title.duration / 2)))),
  };
}
