import { ASMR_STYLES, DREAMSCAPE_STYLES, type FacelessInput } from "@reelsmith/core";
import type { AudioLayer, Layer, Motion } from "../composition/schema.ts";
import { END_FADE_S, type RecipeComposition, round } from "./common.ts";

/** Length of a faceless video. */
export const FACELESS_DURATION_S = 30;
/** Longest shot: a new shot (another moment, another framing) at least this often. */
export const FACELESS_MAX_SHOT_S = 3.5;
/** Shots overlap by this much, picture and sound crossfading. */
export const FACELESS_CROSSFADE_S = 0.5;
/** The sound fades in from the first frame (and out over the last second, END_FADE_S). */
const SOUND_FADE_IN_S = 0.3;
/** Zoom of a shot's slow push (or pull): from the first scale to the second, in the closest of the bands. */
const ZOOM: readonly [number, number] = [1.04, 1.14];
/** How much closer each further zoom band is: shots that show the same moment differ in how close they are. */
const ZOOM_BAND_STEP = 0.08;
const ZOOM_BANDS = 3;
/** Directions of a shot's slow pan, cycled. */
const PANS: readonly { x: number; y: number }[] = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: -1, y: 0 },
  { x: 0, y: 1 },
  { x: 0, y: -1 },
];

/** One shot of a faceless video: where it sits on the timeline, which part of the clip, and how it is framed. */
export interface FacelessShot {
  start: number;
  end: number;
  /** Where in the clip the shot starts (its picture and its sound). */
  trimStart: number;
  /** The clip is shorter than the shot: it repeats (from its start). */
  loop: boolean;
  mirror: boolean;
  /** Slow push in (else a slow pull out). */
  zoomIn: boolean;
  /** How close the shot is framed: 0 (the widest) to ZOOM_BANDS - 1. */
  band: number;
  /** Direction the frame drifts, -1, 0 or 1 on each axis. */
  pan: { x: number; y: number };
}

/**
 * A time on a frame boundary (30 fps), to the millisecond: shots start on a frame of the video and of
 * the clip, so a shot's sound starts exactly with its picture.
 */
function onFrame(t: number, snap: (frames: number) => number = Math.round): number {
  // Rounded down to the millisecond: a seek to a time just past a frame would skip that frame.
  return Math.floor((snap(t * 30 + 1e-6) / 30) * 1000 + 1e-6) / 1000;
}

/**
 * The moments of the clip the shots show, in order. Within one pass over the clip the shots' parts
 * never overlap and are spread over the whole clip (the first at its start, where the action is);
 * when the video needs more than one pass, the next pass takes the moments between the first
 * pass's cuts, then the first pass's again, and so on.
 */
function shotOffsets(count: number, read: number, clipDuration: number): number[] {
  // A couple of milliseconds to spare, so timings rounded to the millisecond stay inside the clip.
  const usable = clipDuration - read - 0.002;
  const perPass = Math.max(1, Math.floor((clipDuration + 1e-6) / read));
  const grid = Math.min(perPass, count);
  let cycle: number[];
  if (grid >= 2) {
    const step = usable / (grid - 1);
    const first = Array.from({ length: grid }, (_, k) => k * step);
    const between = Array.from({ length: grid - 1 }, (_, k) => (k + 0.5) * step);
    cycle = [...first, ...between];
  } else {
    // One shot fits: alternate the clip's start and its end.
    cycle = usable >= 0.5 ? [0, usable] : [0];
  }
  return Array.from({ length: count }, (_, i) => onFrame(cycle[i % cycle.length] as number, Math.floor));
}

/**
 * The shots of a faceless video of `duration` seconds cut from a clip of `clipDuration` seconds: a
 * new shot at least every FACELESS_MAX_SHOT_S, each crossfading into the next. No part of the clip
 * is shown twice while the clip lasts (see shotOffsets); when the video is longer than the clip,
 * every shot still differs from every other in its framing (mirror, push or pull, how close, pan
 * direction), so no shot repeats unchanged. Pure, so it is tested by its output.
 */
export function facelessShots(duration: number, clipDuration: number): FacelessShot[] {
  const count = Math.max(1, Math.ceil(duration / FACELESS_MAX_SHOT_S - 1e-9));
  const cut = duration / count;
  const read = cut + (count > 1 ? FACELESS_CROSSFADE_S : 0);
  const loop = clipDuration < read + 0.001;
  const offsets = loop ? Array.from({ length: count }, () => 0) : shotOffsets(count, read, clipDuration);
  return offsets.map((trimStart, i) => {
    const start = onFrame(i * cut);
    const end = i === count - 1 ? round(duration) : onFrame(Math.min(duration, (i + 1) * cut + FACELESS_CROSSFADE_S));
    return {
      start,
      end,
      trimStart,
      loop,
      // Push or pull, how close and which way the frame drifts all change from each shot to the next, at
      // different periods (2, 3, 5), and the mirror every six: no framing comes back within a video, so a clip
      // shorter than its shots (the same moment in each) never looks the same twice.
      zoomIn: i % 2 === 0,
      band: i % ZOOM_BANDS,
      pan: PANS[i % PANS.length] as { x: number; y: number },
      mirror: Math.floor(i / 6) % 2 === 1,
    };
  });
}

/** The slow push or pull of a shot, drifting the way its pan points (inside the zoomed margin). */
function shotMotion(shot: FacelessShot): Motion {
  const near = shot.band * ZOOM_BAND_STEP;
  const [from, to] = shot.zoomIn ? [ZOOM[0] + near, ZOOM[1] + near] : [ZOOM[1] + near, ZOOM[0] + near];
  // Up to 80 % of the margin the zoom leaves on each side (+ 0 turns -0 into 0).
  const drift = (scale: number, side: number) => ({
    x: round((side * shot.pan.x * 0.8 * (scale - 1) * 1080) / 2, 1) + 0,
    y: round((side * shot.pan.y * 0.8 * (scale - 1) * 1920) / 2, 1) + 0,
  });
  return {
    mode: "camera",
    easing: "linear",
    keyframes: [
      { t: 0, scale: from, ...drift(from, -1) },
      { t: round(shot.end - shot.start), scale: to, ...drift(to, 1) },
    ],
  };
}

export interface FacelessAssets {
  /** The style's clip (library asmr or dreamscape). */
  clip: string;
  /** Its length in seconds (probed). */
  clipDuration: number;
  /** Whether the clip carries its own ambient sound. */
  clipHasAudio: boolean;
  /** A separate ambience or music track, or null. */
  ambient: string | null;
}

export function facelessStyleTitle(input: Pick<FacelessInput, "tab" | "video_type">): string {
  const styles: readonly { id: string; title: string }[] = input.tab === "asmr" ? ASMR_STYLES : DREAMSCAPE_STYLES;
  return styles.find((s) => s.id === input.video_type)?.title ?? input.video_type;
}

/**
 * Faceless AI video: the style clip cut into a sequence of shots (different moments, mirrored,
 * slow push-ins, pull-outs and pans) joined by crossfades, each with the clip's own sound of the
 * moment it shows (so a knife's sound lands with the knife), the title at the start. A clip without
 * sound gets the ambience track instead, when there is one.
 */
export function facelessRecipe(
  input: FacelessInput,
  assets: FacelessAssets,
  { durationS = FACELESS_DURATION_S }: { durationS?: number } = {},
): RecipeComposition {
  const duration = round(durationS);
  const shots = facelessShots(duration, assets.clipDuration);
  const layers: Layer[] = shots.map((shot, i) => ({
    kind: "video",
    src: assets.clip,
    start: shot.start,
    end: shot.end,
    fadeIn: i === 0 ? 0 : FACELESS_CROSSFADE_S,
    fadeOut: 0,
    fit: "cover",
    trimStart: shot.trimStart,
    loop: shot.loop,
    mirror: shot.mirror,
    speed: 1,
    motion: shotMotion(shot),
  }));
  const title = input.title.trim();
  if (title) {
    layers.push({
      kind: "text",
      text: title,
      look: "title",
      size: 84,
      accent: undefined,
      // The hook: on screen from the first frame, growing into place.
      start: 0,
      end: round(Math.min(duration, 4.5)),
      fadeIn: 0,
      fadeOut: 0.5,
      // In the top third, above the platforms' button column, so it may use the full width.
      box: { x: 60, y: 170, width: 960, height: 450 },
      motion: {
        mode: "object",
        easing: "ease-in-out",
        keyframes: [
          { t: 0, scale: 0.9, x: 0, y: 0 },
          { t: 0.25, scale: 1, x: 0, y: 0 },
        ],
      },
    });
  }
  const audio: AudioLayer[] = [];
  if (assets.clipHasAudio) {
    // Each shot's sound is the clip's sound of the same moment, crossfading with the picture.
    shots.forEach((shot, i) => {
      const last = i === shots.length - 1;
      audio.push({
        src: assets.clip,
        role: "ambient",
        start: shot.start,
        trimStart: shot.loop ? 0 : shot.trimStart,
        duration: round(shot.end - shot.start),
        loop: shot.loop,
        volume: 0,
        fadeIn: i === 0 ? SOUND_FADE_IN_S : FACELESS_CROSSFADE_S,
        fadeOut: last ? END_FADE_S : FACELESS_CROSSFADE_S,
      });
    });
  } else if (assets.ambient) {
    audio.push({
      src: assets.ambient,
      role: "ambient",
      start: 0,
      trimStart: 0,
      duration,
      loop: true,
      volume: 0,
      fadeIn: 0.5,
      fadeOut: END_FADE_S,
    });
  }
  return { duration, layers, audio, thumbnailAt: round(Math.min(duration - 0.1, title ? 1.5 : 2)) };
}
