/**
 * A clip's numbers: its size, rate and length, and which frame is where in its loop. Pure, so the picture
 * (video.ts) and the sound (soundtrack.ts) of a drawn clip both read it without importing each other.
 */
export type BuildModeName = "full" | "quick";

/** Length of every drawn clip in a quick build (tests, CI): same generators, same loop, fewer frames. */
export const QUICK_SECONDS = 1;

export interface VideoSpec {
  /** Output size. */
  width: number;
  height: number;
  /** Canvas size the scene draws at (upscaled by ffmpeg when smaller). */
  drawWidth: number;
  drawHeight: number;
  fps: number;
  durationS: number;
  /** ffmpeg scaler for the upscale: neighbor keeps pixel art crisp. */
  scaleFlags: "neighbor" | "bilinear" | "bicubic" | "lanczos";
  crf: number;
  preset: "ultrafast" | "superfast" | "veryfast" | "faster";
  /** Where in the loop (0..1) the thumbnail is taken. */
  thumbnailAt: number;
  /**
   * Where in the loop (0..1) the clip's first frame is (default 0). A loop whose cycle begins before its action (an
   * empty plate, a bare board) opens in the action instead; picture and sound are turned together, so the clip stays
   * seamless and every sound stays on its moment.
   */
  openAt?: number;
}

export interface FrameInfo {
  frame: number;
  frames: number;
  /** frame / frames, in [0, 1): every animation is periodic in it. */
  phase: number;
  /** Seconds from the start. */
  t: number;
  duration: number;
  /** Canvas size. */
  w: number;
  h: number;
}

export const VERTICAL = { width: 1080, height: 1920, fps: 30 } as const;

/** A 1080x1920 30 fps spec drawn at 1/scale of the size. */
export function verticalSpec(durationS: number, overrides: Partial<VideoSpec> = {}, scale = 2): VideoSpec {
  return {
    ...VERTICAL,
    drawWidth: VERTICAL.width / scale,
    drawHeight: VERTICAL.height / scale,
    durationS,
    scaleFlags: "bicubic",
    // superfast: ~35 % less encode time than veryfast at 1080x1920, for ~1.5x the bytes (renders re-encode anyway).
    crf: 23,
    preset: "superfast",
    thumbnailAt: 0.3,
    ...overrides,
  };
}

export function frameCount(spec: VideoSpec): number {
  return Math.max(2, Math.round(spec.durationS * spec.fps));
}

export function frameInfo(spec: VideoSpec, frame: number, frames = frameCount(spec)): FrameInfo {
  return {
    frame,
    frames,
    phase: (frame / frames + (spec.openAt ?? 0)) % 1,
    t: frame / spec.fps,
    duration: frames / spec.fps,
    w: spec.drawWidth,
    h: spec.drawHeight,
  };
}
