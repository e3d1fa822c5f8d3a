import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import {
  GREEN_SCREEN_CAPTION,
  GREEN_SCREEN_KEY,
  GREEN_SCREEN_PICTURE_PUSH,
  type GreenScreenCaptionLayout,
  type GreenScreenInput,
  type GreenScreenRect,
  greenScreenCaptionLayout,
  greenScreenDurationS,
  type MeasureText,
  memeBox,
  type ScreenKey,
} from "@reelsmith/core";
import { fileInputArgs } from "@reelsmith/media";
import { findFace } from "../captions/fonts.ts";
import { cardFont } from "../captions/measure.ts";
import { DUCKING } from "../composition/compile.ts";
import type { AudioLayer } from "../composition/schema.ts";
import { runFfmpeg } from "../ffmpeg/run.ts";
import { END_FADE_S, type RecipeComposition, round } from "./common.ts";

/**
 * How the meme's own sound and the song are mixed: the meme's sound on top, the song under it.
 * Levels are RMS over the stretches the meme sounds (as the output audit measures a voice against
 * its bed): the meme's sound is brought to `memeRmsDb`, and the song sits `songUnderDb` under it
 * while it sounds, `duckDb` of that by ducking, so the song comes back up between the meme's sounds.
 */
export const GREEN_SCREEN_MIX = { memeRmsDb: -16, songUnderDb: 13, duckDb: 8 } as const;

/** The RMS level assumed for a song that could not be measured (the library's songs at -14 LUFS). */
const SONG_RMS_DB = -15.5;
/** Quieter than this (dBFS, peak over 10 ms) counts as the meme's sound having stopped. */
const SOUND_FLOOR_DB = -50;
const RATE = 48000;

export interface Span {
  start: number;
  end: number;
}

/** The meme's own sound: how loud it is and when, within one play of the clip, it sounds. */
export interface MemeSound {
  /** RMS level (dBFS) over the stretches where it sounds. */
  rmsDb: number;
  /** Stretches (s from the clip's start) where it sounds, in order. */
  spans: Span[];
}

export interface GreenScreenAssets {
  /** The meme clip: the library's, on pure chroma green (#00FF00), or the creator's own on their screen. */
  meme: string;
  /**
   * The creator's own clip's key (core's screenKeyOf, found on its screen; its spill is removed), or
   * absent for a library meme (LIBRARY_SCREEN_KEY, no despill).
   */
  ownKey?: ScreenKey;
  /** Its length in seconds and its picture's size (probed). */
  memeDuration: number;
  memeWidth: number;
  memeHeight: number;
  /** Its own sound (see memeSoundOf), or null when it has none. */
  memeSound: MemeSound | null;
  /**
   * The user's background: a picture, or a video (the producer's 1080x1920 cut of the upload at the
   * creator's crop, loop-ready: see prepareOwnBackground).
   */
  background: string;
  backgroundKind: "image" | "video";
  /** The file a background video's own sound is read from, when not `background` (the upload itself). */
  backgroundSound?: string;
  /** The song, or null for none. */
  music: string | null;
  /** Whether the background (a video) has its own sound: without a song it plays under the meme. */
  backgroundHasAudio?: boolean;
  /** The RMS level (dBFS) of what plays under the meme (see greenScreenBed), when measured. */
  bedRmsDb?: number | null;
  /** The caption drawn by renderGreenScreenCaption: the picture, and the band it fills. */
  caption: { src: string; band: GreenScreenRect };
}

function rmsDb(samples: Float32Array, spans: readonly Span[]): number {
  let sum = 0;
  let count = 0;
  for (const { start, end } of spans) {
    for (let i = Math.floor(start * RATE); i < Math.min(samples.length, Math.ceil(end * RATE)); i++) {
      const v = samples[i] as number;
      sum += v * v;
      count++;
    }
  }
  return count === 0 ? -Infinity : 10 * Math.log10(sum / count + 1e-20);
}

/**
 * When and how loud the meme sounds, from its samples (48 kHz mono) over one play `duration` long:
 * the stretches above SOUND_FLOOR_DB, widened by 20 ms and joined across pauses shorter than the
 * mix's hold (DUCKING.holdGapS, so each stretch is one ducking), and their RMS level. When the
 * pause from the end of one play to the first sound of the next is that short too, it counts in
 * the level, as it does on the timeline.
 */
export function memeSoundOf(samples: Float32Array, duration: number): MemeSound {
  const window = RATE / 100;
  const floor = 10 ** (SOUND_FLOOR_DB / 20);
  const raw: Span[] = [];
  let open: number | null = null;
  const length = Math.min(samples.length, Math.round(duration * RATE));
  for (let at = 0; at < length; at += window) {
    let peak = 0;
    for (let i = at; i < Math.min(length, at + window); i++) peak = Math.max(peak, Math.abs(samples[i] as number));
    if (peak >= floor && open === null) open = at / RATE;
    if (peak < floor && open !== null) {
      raw.push({ start: open, end: at / RATE });
      open = null;
    }
  }
  if (open !== null) raw.push({ start: open, end: length / RATE });
  const spans: Span[] = [];
  for (const s of raw) {
    const widened = { start: Math.max(0, s.start - 0.02), end: Math.min(duration, s.end + 0.02) };
    const last = spans.at(-1);
    if (last && widened.start - last.end < DUCKING.holdGapS) last.end = Math.max(last.end, widened.end);
    else spans.push(widened);
  }
  const first = spans[0];
  const last = spans.at(-1);
  const wrap =
    first && last && duration - last.end + first.start < DUCKING.holdGapS
      ? [
          { start: last.end, end: duration },
          { start: 0, end: first.start },
        ]
      : [];
  const rounded = spans.map((s) => ({ start: round(s.start), end: round(s.end) })).filter((s) => s.end > s.start);
  return { rmsDb: rmsDb(samples, [...spans, ...wrap]), spans: rounded };
}

/** Decodes `seconds` of a file's sound (from its start, all of it when null) to 48 kHz mono samples. */
async function decodeMono(path: string, seconds: number | null, file: string, signal?: AbortSignal) {
  await runFfmpeg(
    [
      "-hide_banner",
      "-nostdin",
      "-nostats",
      "-y",
      "-loglevel",
      "error",
      ...(seconds !== null ? ["-t", String(seconds)] : []),
      ...fileInputArgs(path),
      "-vn",
      "-ac",
      "1",
      "-ar",
      String(RATE),
      "-f",
      "f32le",
      file,
    ],
    { signal, niceness: 0 },
  );
  const bytes = await readFile(file);
  return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4));
}

/** Measures the meme's own sound (see memeSoundOf); `workDir` holds the decoded samples. */
export async function analyseMemeSound(
  path: string,
  duration: number,
  workDir: string,
  signal?: AbortSignal,
): Promise<MemeSound> {
  return memeSoundOf(await decodeMono(path, null, join(workDir, "meme-sound.f32"), signal), duration);
}

/** The RMS level (dBFS) of the first `seconds` of a file's sound (a song), or null when it is silent. */
export async function soundRmsDb(
  path: string,
  seconds: number,
  workDir: string,
  signal?: AbortSignal,
): Promise<number | null> {
  const samples = await decodeMono(path, seconds, join(workDir, "bed.f32"), signal);
  const level = rmsDb(samples, [{ start: 0, end: samples.length / RATE }]);
  return Number.isFinite(level) && level > -70 ? level : null;
}

/** Measures text in the caption's font the way renderGreenScreenCaption draws it. */
export function greenScreenCaptionMeasure(): MeasureText {
  const face = findFace(GREEN_SCREEN_CAPTION.fontFamily, GREEN_SCREEN_CAPTION.fontWeight, false);
  const ctx = createCanvas(8, 8).getContext("2d");
  let size = 0;
  return (text, fontSize) => {
    if (fontSize !== size) {
      ctx.font = cardFont(face, fontSize);
      size = fontSize;
    }
    return ctx.measureText(text).width;
  };
}

/** Draws the caption band (core's greenScreenCaptionLayout) as a PNG as large as the band. */
export function renderGreenScreenCaption(text: string): { png: Buffer; layout: GreenScreenCaptionLayout } {
  const c = GREEN_SCREEN_CAPTION;
  const face = findFace(c.fontFamily, c.fontWeight, false);
  const layout = greenScreenCaptionLayout(text, greenScreenCaptionMeasure());
  const canvas = createCanvas(layout.band.width, layout.band.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = c.bandColor;
  ctx.fillRect(0, 0, layout.band.width, layout.band.height);
  ctx.font = cardFont(face, layout.fontSize);
  ctx.fillStyle = c.textColor;
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  for (const line of layout.lines) ctx.fillText(line.text, line.x - layout.band.x, line.baseline - layout.band.y);
  return { png: canvas.toBuffer("image/png"), layout };
}

/**
 * What plays under the meme's sound: the song, else (no song chosen) the background video's own
 * sound, else nothing.
 */
export function greenScreenBed(
  assets: Pick<GreenScreenAssets, "music" | "background" | "backgroundKind" | "backgroundHasAudio" | "backgroundSound">,
): { src: string; role: "music" | "ambient" } | null {
  if (assets.music) return { src: assets.music, role: "music" };
  if (assets.backgroundKind === "video" && assets.backgroundHasAudio)
    return { src: assets.backgroundSound ?? assets.background, role: "ambient" };
  return null;
}

/** The song's gain: its RMS `songUnderDb - duckDb` under the meme's sound (ducking does the rest). */
function songVolume(songRms: number): number {
  const { memeRmsDb, songUnderDb, duckDb } = GREEN_SCREEN_MIX;
  return round(Math.max(-24, Math.min(12, memeRmsDb - songUnderDb + duckDb - songRms)), 1);
}

/**
 * The meme's sound, play after play: one layer for each stretch it sounds in each play, so the mix
 * knows when it sounds (the song ducks under those stretches only).
 */
function memeSoundLayers(src: string, sound: MemeSound, playS: number, duration: number): AudioLayer[] {
  const volume = Math.max(-24, Math.min(24, GREEN_SCREEN_MIX.memeRmsDb - sound.rmsDb));
  const layers: AudioLayer[] = [];
  for (let play = 0; play * playS < duration; play++) {
    for (const span of sound.spans) {
      const start = round(play * playS + span.start);
      if (start >= duration - 0.05) continue;
      const cut = start + (span.end - span.start) > duration;
      layers.push({
        src,
        role: "voice",
        start,
        trimStart: span.start,
        duration: round(Math.min(span.end - span.start, duration - start)),
        loop: false,
        volume: round(volume, 1),
        fadeIn: 0,
        // A sound the video's end cuts off fades out with the song.
        fadeOut: cut ? round(Math.min(END_FADE_S, duration - start)) : 0,
      });
    }
  }
  return layers;
}

/** How long one play of the meme lasts (whole frames at 30 fps) and how long the video is. */
export function greenScreenTiming(
  input: Pick<GreenScreenInput, "text_hook">,
  memeDuration: number,
): { playS: number; duration: number } {
  const playS = Math.round(memeDuration * 30) / 30;
  return { playS, duration: greenScreenDurationS(input.text_hook, playS) };
}

/**
 * Green-screen meme, cut as creators cut the format: the caption on a white band across the top
 * from the first frame, the meme keyed over the user's picture (pushed in slowly) or video (looped)
 * where the user placed it, with its own sound on top of the song (without a song, over a background
 * video's own sound). The meme repeats, sound and picture together, until the caption has been read
 * (at least 5 s, at most 12 s), and the video ends where a play ends. It repeats rather than
 * freezing on its last frame because the library's memes are drawn as seamless loops that mostly
 * end with their subject leaving (a frozen ending would hold an empty or half-gone meme).
 */
export function greenScreenRecipe(input: GreenScreenInput, assets: GreenScreenAssets): RecipeComposition {
  const { playS, duration } = greenScreenTiming(input, assets.memeDuration);
  const background =
    assets.backgroundKind === "video"
      ? { kind: "video" as const, src: assets.background, loop: true, fit: "cover" as const }
      : {
          kind: "image" as const,
          src: assets.background,
          fit: "cover" as const,
          motion: {
            mode: "camera" as const,
            easing: "linear" as const,
            keyframes: [
              { t: 0, scale: 1, x: 0, y: 0 },
              { t: duration, scale: GREEN_SCREEN_PICTURE_PUSH, x: 0, y: 0 },
            ],
          },
        };
  const meme = {
    kind: "video" as const,
    src: assets.meme,
    loop: playS < duration,
    fit: "contain" as const,
    box: memeBox(input.meme_transform, assets.memeWidth, assets.memeHeight),
    chromaKey: assets.ownKey
      ? {
          color: GREEN_SCREEN_KEY.color,
          chroma: { u: assets.ownKey.u, v: assets.ownKey.v },
          similarity: assets.ownKey.similarity,
          blend: assets.ownKey.blend,
          // A filmed screen lights the subject's edges with its colour; that cast is taken out.
          despill: true,
        }
      : {
          color: GREEN_SCREEN_KEY.color,
          similarity: GREEN_SCREEN_KEY.similarity,
          blend: GREEN_SCREEN_KEY.blend,
          // The library's memes are drawn on pure green with nothing translucent over it, so there is
          // no spill to remove; despill would turn their yellows orange and their greens grey, and the
          // preview keys with the alpha alone.
          despill: false,
        },
  };
  // The band is drawn at its box's size; "cover" keeps it edge to edge when a draft rounds the box.
  const caption = {
    kind: "image" as const,
    src: assets.caption.src,
    box: assets.caption.band,
    fit: "cover" as const,
  };
  const sound =
    assets.memeSound && assets.memeSound.spans.length > 0
      ? memeSoundLayers(assets.meme, assets.memeSound, playS, duration)
      : [];
  const bed = greenScreenBed(assets);
  const audio: AudioLayer[] = [...sound];
  if (bed) {
    audio.push({
      ...bed,
      start: 0,
      trimStart: 0,
      duration,
      loop: true,
      volume: sound.length > 0 ? songVolume(assets.bedRmsDb ?? SONG_RMS_DB) : 0,
      fadeIn: 0.2,
      fadeOut: round(Math.min(END_FADE_S, duration / 4)),
    });
  }
  return {
    duration,
    layers: [background, meme, caption],
    audio,
    ducking: { enabled: true, amountDb: GREEN_SCREEN_MIX.duckDb },
    thumbnailAt: round(Math.min(duration - 0.1, 1)),
  };
}
