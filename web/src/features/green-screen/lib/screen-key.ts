import { chromaFrameOfRgba, SCREEN_SAMPLE, type ScreenKey, screenKeyOf } from "@reelsmith/core";
import { useEffect, useRef, useState } from "react";

/**
 * Finding the screen of a creator's own clip in the browser, so the preview keys it as the render
 * will: the same rule (core's `screenKeyOf`) on the same sample the upload check and the render take
 * (core's SCREEN_SAMPLE: the first frame of each third of the clip, 96 px wide). A library
 * meme needs none of this: it is drawn on #00FF00 and keyed with core's LIBRARY_SCREEN_KEY.
 */

/** A frame as a canvas gives it: RGBA bytes, row by row. */
export interface RgbaFrame {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

/** The key that lifts the screen of these frames (core's rule on their chroma), or null when there is none. */
export function screenKeyOfRgba(frames: readonly RgbaFrame[]): ScreenKey | null {
  if (frames.length === 0) return null;
  return screenKeyOf(frames.map((f) => chromaFrameOfRgba(f.data, f.width, f.height)));
}

/**
 * When to take the sample in a clip `durationS` long: the start of each third, as the server's
 * `fps=3/duration` filter does. A clip whose length the browser does not know (a recording without
 * one in its header) gives its first frame only.
 */
export function sampleTimes(durationS: number, count: number = SCREEN_SAMPLE.frames): number[] {
  if (!Number.isFinite(durationS) || durationS <= 0) return [0];
  return Array.from({ length: count }, (_, i) => (i * durationS) / count);
}

/** The sample's size: SCREEN_SAMPLE.width wide, the height in proportion (as the server scales it). */
export function sampleSize(videoWidth: number, videoHeight: number): { width: number; height: number } {
  const width = SCREEN_SAMPLE.width;
  return { width, height: Math.max(2, Math.round((videoHeight / videoWidth) * width)) };
}

/** A clip that loads or seeks no further in this long is given up on (the preview then shows it unkeyed). */
const WAIT_MS = 15_000;

/** Resolves on the first of `events` from `video`; rejects on its error, an abort or WAIT_MS. */
function when(video: HTMLVideoElement, events: readonly string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      window.clearTimeout(timer);
      for (const name of events) video.removeEventListener(name, ok);
      video.removeEventListener("error", failed);
      signal.removeEventListener("abort", aborted);
      if (error) reject(error);
      else resolve();
    };
    const ok = () => done();
    const failed = () => done(new Error("The clip could not be read."));
    const aborted = () => done(signal.reason ?? new Error("Aborted."));
    const timer = window.setTimeout(() => done(new Error("The clip took too long.")), WAIT_MS);
    for (const name of events) video.addEventListener(name, ok);
    video.addEventListener("error", failed);
    signal.addEventListener("abort", aborted);
  });
}

/** The sample's frames from a video whose first frame has loaded: each seeked to, drawn small and read back. */
export async function sampleFrames(video: HTMLVideoElement, signal: AbortSignal): Promise<RgbaFrame[]> {
  const { width, height } = sampleSize(video.videoWidth, video.videoHeight);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("This browser has no 2D canvas.");
  const frames: RgbaFrame[] = [];
  for (const time of sampleTimes(video.duration)) {
    const seeked = when(video, ["seeked"], signal);
    video.currentTime = time;
    await seeked;
    ctx.drawImage(video, 0, 0, width, height);
    frames.push({ data: ctx.getImageData(0, 0, width, height).data, width, height });
  }
  return frames;
}

/** Loads the clip at `url` on its own (muted, not shown, so the preview's playback is not seeked) and finds its key. */
export async function findScreenKey(url: string, signal: AbortSignal): Promise<ScreenKey | null> {
  const video = document.createElement("video");
  video.crossOrigin = "anonymous";
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  try {
    const loaded = when(video, ["loadeddata"], signal);
    video.src = url;
    await loaded;
    return screenKeyOfRgba(await sampleFrames(video, signal));
  } finally {
    video.removeAttribute("src");
    video.load();
  }
}

export type ScreenKeySearch =
  | { status: "idle" }
  | { status: "finding" }
  | { status: "found"; key: ScreenKey }
  /** The clip's edges are not a green or blue screen (the server refuses such a clip on upload). */
  | { status: "none" }
  /** The clip could not be read here (it did not load, or the canvas may not read it). */
  | { status: "failed" };

/**
 * The key of a creator's clip, found once per clip (by `source.id`: a file's signed URL changes with
 * every listing, its picture does not); idle without a clip.
 */
export function useScreenKey(source: { id: string; url: string } | null): ScreenKeySearch {
  // The search is kept with the clip it is for, so a newly chosen clip never borrows the last one's key.
  const [state, setState] = useState<{ id: string; search: ScreenKeySearch } | null>(null);
  const urlRef = useRef(source?.url ?? null);
  urlRef.current = source?.url ?? null;
  const id = source?.id ?? null;

  useEffect(() => {
    const url = urlRef.current;
    if (!id || !url) return;
    const controller = new AbortController();
    const settle = (search: ScreenKeySearch) => {
      if (!controller.signal.aborted) setState({ id, search });
    };
    findScreenKey(url, controller.signal).then(
      (key) => settle(key ? { status: "found", key } : { status: "none" }),
      () => settle({ status: "failed" }),
    );
    return () => controller.abort();
  }, [id]);

  if (!id) return { status: "idle" };
  return state?.id === id ? state.search : { status: "finding" };
}
