import {
  clampClipStart,
  mostEnergeticStart,
  type SongAnalysis,
  songClipLength,
  type TextHookInput,
} from "@reelsmith/core";
import type { Keyframe, Layer } from "../composition/schema.ts";
import { type RecipeComposition, round } from "./common.ts";

export interface TextHookAssets {
  /** The user's song (MP3, WAV or AAC, or a video's sound). */
  audio: string;
  /** Its length in seconds (probed). */
  audioDuration: number;
  /** Its analysis (beats, loudness); null when it could not be read, then cuts fall on a steady grid. */
  song: SongAnalysis | null;
  /** Footage of the chosen style (library hook-footage: rave, rollercoaster or nature). */
  footage: string;
  /** The footage's length in seconds (probed). */
  footageDuration: number;
}

/** Shots last about this long: a cut every bar at most tempos. */
const SHOT_MIN_S = 1.6;
const SHOT_MAX_S = 4;
/** Without beats, a cut this often. */
const FALLBACK_SHOT_S = 2.5;
/** The zoom punch on a beat: how far in, how fast, how long it settles. */
const PUNCH = { scale: 0.06, attack: 0.07, release: 0.38 } as const;

interface Framing {
  mirror: boolean;
  scale: number;
  x: number;
  y: number;
}

/** How the first shots are framed. */
const SHOT_FRAMINGS: readonly Framing[] = [
  { mirror: false, scale: 1, x: 0, y: 0 },
  { mirror: true, scale: 1.14, x: -40, y: -30 },
  { mirror: false, scale: 1.24, x: 50, y: 40 },
  { mirror: true, scale: 1.08, x: 30, y: -60 },
];

/**
 * The framing of the p-th shot: the table above, then zooms and offsets spread by irrational steps
 * (always inside the zoomed picture), so no two shots are framed the same way.
 */
export function shotFraming(p: number): Framing {
  const fixed = SHOT_FRAMINGS[p];
  if (fixed) return fixed;
  const scale = round(1.08 + 0.06 * (p % 3));
  const reach = (scale - 1) * 540 * 0.8;
  const spread = (step: number) => Math.round((((p * step) % 1) * 2 - 1) * reach);
  return { mirror: p % 2 === 1, scale, x: spread(0.618034), y: spread(0.414214) };
}

/** The part of the song the video uses: the chosen start, or the most energetic section. */
export function textHookWindow(
  input: Pick<TextHookInput, "clip_start" | "clip_duration">,
  audioDuration: number,
  song: SongAnalysis | null,
): { start: number; duration: number } {
  const duration = round(songClipLength(audioDuration, input.clip_duration));
  const wanted = input.clip_start ?? (song ? mostEnergeticStart(song, duration) : 0);
  return { start: round(clampClipStart(wanted, duration, audioDuration)), duration };
}

/** The beats inside the window, on the video's timeline. */
function windowBeats(song: SongAnalysis | null, start: number, duration: number): number[] {
  if (!song || song.bpm === 0) return [];
  return song.beats.map((b) => round(b - start)).filter((b) => b >= 0 && b < duration);
}

/**
 * Where the picture cuts: every bar (or every 2 or 8 beats, whichever gives shots of 1.6-4 s) on the
 * song's beats; without beats, at a steady pace. Always starts at 0.
 */
export function textHookCuts(beats: readonly number[], duration: number): number[] {
  const period = beats.length > 1 ? ((beats.at(-1) as number) - (beats[0] as number)) / (beats.length - 1) : 0;
  if (period <= 0) {
    const cuts: number[] = [];
    for (let t = 0; t < duration - 1; t += FALLBACK_SHOT_S) cuts.push(round(t));
    return cuts;
  }
  const every = [4, 2, 8, 1].find((k) => k * period >= SHOT_MIN_S && k * period <= SHOT_MAX_S) ?? 4;
  const cuts = [0];
  for (let i = every; i < beats.length; i += every) {
    const t = beats[i] as number;
    // No sliver of a shot at the end.
    if (t > (cuts.at(-1) as number) + 0.8 && duration - t > 0.8) cuts.push(t);
  }
  return cuts;
}

/** The camera of one shot: its pass's framing, a punch on each beat inside it, a slow drift between. */
function shotCamera(
  framing: Framing,
  beats: readonly number[],
  shotStart: number,
  shotLength: number,
  period: number,
): Keyframe[] {
  const base = { scale: framing.scale, x: framing.x, y: framing.y };
  const keyframes: Keyframe[] = [{ t: 0, ...base, scale: round(base.scale + PUNCH.scale) }];
  keyframes.push({ t: round(Math.min(shotLength, PUNCH.release)), ...base });
  // On fast songs punch every other beat, so the punches stay readable.
  const stride = period > 0 && period < 0.35 ? 2 : 1;
  const inside = beats.filter((b) => b > shotStart + 0.2 && b < shotStart + shotLength - 0.15);
  inside.forEach((beat, i) => {
    if (i % stride !== stride - 1 && stride > 1) return;
    const t = beat - shotStart;
    const drift = round(base.scale + 0.02 * (t / shotLength));
    keyframes.push({ t: round(t), ...base, scale: drift });
    keyframes.push({ t: round(t + PUNCH.attack), ...base, scale: round(drift + PUNCH.scale) });
    keyframes.push({ t: round(Math.min(shotLength, t + PUNCH.release)), ...base, scale: drift });
  });
  keyframes.push({ t: round(shotLength), ...base, scale: round(base.scale + 0.02) });
  return keyframes.sort((a, b) => a.t - b.t).filter((k, i, all) => i === 0 || k.t > (all[i - 1] as Keyframe).t + 0.001);
}

/**
 * The shots: stretches of the footage in order (spread over all of it when it is longer than the video), cut on
 * the beats, each framed anew (mirrored,
 * zoomed, moved). The library's footage loops its motion within the clip (a rave's lasers and crowd
 * every few beats), so the next stretch framed as the one before would look the same; framed anew,
 * every cut is seen, and no pass through the footage plays twice the same way.
 */
export function textHookShots(
  footage: string,
  footageDuration: number,
  cuts: readonly number[],
  beats: readonly number[],
  duration: number,
): Layer[] {
  const period = beats.length > 1 ? ((beats.at(-1) as number) - (beats[0] as number)) / (beats.length - 1) : 0;
  // Footage longer than the video (a recorded ride or flight) is sampled, not played through: each cut jumps ahead
  // by the same gap, so every shot is another place of the footage and none is shown twice.
  const gap = cuts.length > 1 ? Math.max(0, (footageDuration - duration) / cuts.length) : 0;
  let cursor = 0;
  return cuts.map((start, i) => {
    const end = i + 1 < cuts.length ? (cuts[i + 1] as number) : duration;
    const length = end - start;
    const loop = length >= footageDuration - 0.05;
    if (!loop && cursor + length > footageDuration) cursor = 0;
    const trimStart = loop ? 0 : round(cursor);
    cursor += length + gap;
    const framing = shotFraming(i);
    return {
      kind: "video" as const,
      src: footage,
      start: round(start),
      end: round(end),
      fit: "cover" as const,
      trimStart,
      loop,
      // Hard cuts on the beat.
      fadeIn: 0,
      fadeOut: 0,
      speed: 1,
      mirror: framing.mirror,
      motion: {
        mode: "camera" as const,
        easing: "ease-in-out" as const,
        keyframes: shotCamera(framing, beats, start, length, period),
      },
    };
  });
}

/**
 * Music video: the chosen part of the song (or its most energetic section), the style's footage cut
 * on the song's beats with a zoom punch on the beats between cuts, the hook on screen from the first
 * frame.
 */
export function textHookRecipe(input: TextHookInput, assets: TextHookAssets): RecipeComposition {
  const { start, duration } = textHookWindow(input, assets.audioDuration, assets.song);
  const beats = windowBeats(assets.song, start, duration);
  const cuts = textHookCuts(beats, duration);
  const hook = input.text_hook.trim();
  return {
    duration,
    layers: [
      ...textHookShots(assets.footage, assets.footageDuration, cuts, beats, duration),
      ...(hook
        ? [
            {
              kind: "text" as const,
              text: hook,
              look: "tiktok" as const,
              size: 64,
              start: 0,
              // Reaches the height of the platforms' buttons: kept to the symmetric safe width.
              box: { x: 130, y: 520, width: 820, height: 560 },
              motion: {
                mode: "object" as const,
                easing: "ease-in-out" as const,
                // Grows into place (no overshoot: at full size it reaches the buttons' height).
                keyframes: [
                  { t: 0, scale: 0.88, x: 0, y: 0 },
                  { t: 0.25, scale: 1, x: 0, y: 0 },
                ],
              },
            },
          ]
        : []),
    ],
    audio: [
      {
        src: assets.audio,
        role: "music",
        start: 0,
        trimStart: start,
        duration,
        // A few milliseconds in when the window starts inside the song, so it does not click.
        fadeIn: start > 0 ? 0.03 : 0,
        fadeOut: round(Math.min(1, duration / 4)),
      },
    ],
    thumbnailAt: round(Math.min(duration - 0.1, 1)),
  };
}
