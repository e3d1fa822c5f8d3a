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

/**
 * Where music sits against a voice-over. Voices are normalised to -16 LUFS and library music to
 * -14 LUFS: the bed plays `volumeDb` down, and is ducked `duckDb` further while anyone speaks, which
 * leaves it about 15 dB under the voice (12-18 dB is the aim) and lets it come up in the intro, the
 * outro and pauses longer than a second.
 */
export const MUSIC_UNDER_VOICE = { volumeDb: -8, duckDb: 9 } as const;

/** The ducking of a composition with a voice-over and music. */
export const VOICE_DUCKING = { enabled: true, amountDb: MUSIC_UNDER_VOICE.duckDb } as const;

/** How long any bed takes to fade out at the end of the video. */
export const END_FADE_S = 1;

/** Music looped to the very end, faded in, and out over the last second (ducking does the rest). */
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
      volume: underVoice ? MUSIC_UNDER_VOICE.volumeDb : 0,
      fadeIn: underVoice ? 0.6 : 0.2,
      fadeOut: round(Math.min(END_FADE_S, duration / 4)),
    },
  ];
}

/** A voice-over part as an audio layer: its length is given, so the mix knows when it speaks. */
export function voiceLayer(part: Pick<VoicePart, "audioPath" | "duration">, start: number): AudioLayer {
  return {
    src: part.audioPath,
    role: "voice",
    start: round(start),
    trimStart: 0,
    // Rounded up to the millisecond, so the last sample is kept.
    duration: Math.ceil(part.duration * 1000) / 1000,
    loop: false,
    volume: 0,
    fadeIn: 0,
    fadeOut: 0,
  };
}

export type RecipeComposition = CompositionInput;
