import type { AudioLayer, CompositionInput, TimedWord } from "../composition/schema.ts";
import type { WordTiming } from "../tts/types.ts";

/** A voice-over part placed on the timeline. */
export interface VoicePart {
  audioPath: string;
  duration: number;
  words: readonly WordTiming[];
}

/** Shifts word timings by `offset` seconds. */
export function shiftWords(words: readonly WordTiming[], offset: number): TimedWord[] {
  return words.map((w) => ({ text: w.text, start: round(w.start + offset), end: round(w.end + offset) }));
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Music under a voice: looped to the end, quieter, faded in and out (ducking does the rest). */
export function musicBed(src: string | null, duration: number, { underVoice }: { underVoice: boolean }): AudioLayer[] {
  if (!src) return [];
  return [
    {
      src,
      role: "music",
      start: 0,
      trimStart: 0,
      duration: round(duration),
      loop: true,
      volume: underVoice ? -12 : 0,
      fadeIn: underVoice ? 0.6 : 0.2,
      fadeOut: round(Math.min(2, duration / 4)),
    },
  ];
}

export type RecipeComposition = CompositionInput;
