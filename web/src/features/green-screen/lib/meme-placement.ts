import {
  DEFAULT_MEME_TRANSFORM,
  GREEN_SCREEN_FRAME,
  GREEN_SCREEN_MEME_SCALE_MAX,
  GREEN_SCREEN_MEME_SCALE_MIN,
  type GreenScreenRect,
  type MemeTransform,
} from "@reelsmith/core";

/**
 * Moving and sizing the meme on the preview, in `memeBox`'s terms: its centre as a share of the
 * frame's width and height (0-1) and its size relative to the default (GREEN_SCREEN_MEME_SCALE_MIN
 * to MAX). Every result is one the input schema accepts.
 */

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** One arrow press moves the meme 1 % of the frame (Shift: 5 %); +/- resize it by this factor. */
export const KEY_STEP = { move: 0.01, moveLarge: 0.05, scale: 1.05 } as const;
/** One notch of the wheel (deltaY 100) resizes the meme by this factor. */
const WHEEL_FACTOR_PER_100 = 1.08;

export function clampTransform(t: MemeTransform): MemeTransform {
  return {
    x: round(clamp(t.x, 0, 1), 4),
    y: round(clamp(t.y, 0, 1), 4),
    scale: round(clamp(t.scale, GREEN_SCREEN_MEME_SCALE_MIN, GREEN_SCREEN_MEME_SCALE_MAX), 3),
  };
}

export function placementOf(t: MemeTransform | null | undefined): MemeTransform {
  return t ?? DEFAULT_MEME_TRANSFORM;
}

export function isDefaultPlacement(t: MemeTransform | null | undefined): boolean {
  const p = placementOf(t);
  return (
    Math.abs(p.x - DEFAULT_MEME_TRANSFORM.x) < 1e-4 &&
    Math.abs(p.y - DEFAULT_MEME_TRANSFORM.y) < 1e-4 &&
    Math.abs(p.scale - DEFAULT_MEME_TRANSFORM.scale) < 1e-3
  );
}

/** The meme dragged from where it was when the drag began by a pointer move of (dx, dy) frame pixels. */
export function dragged(start: MemeTransform, dx: number, dy: number): MemeTransform {
  return clampTransform({
    ...start,
    x: start.x + dx / GREEN_SCREEN_FRAME.width,
    y: start.y + dy / GREEN_SCREEN_FRAME.height,
  });
}

export function resized(t: MemeTransform, scale: number): MemeTransform {
  return clampTransform({ ...t, scale });
}

/** The wheel: up (negative deltaY) makes the meme larger. */
export function wheeled(t: MemeTransform, deltaY: number): MemeTransform {
  return resized(t, t.scale * WHEEL_FACTOR_PER_100 ** (-deltaY / 100));
}

/** The keyboard: arrows move the meme, + and - resize it; null for any other key. */
export function keyed(t: MemeTransform, key: string, large: boolean): MemeTransform | null {
  const step = large ? KEY_STEP.moveLarge : KEY_STEP.move;
  switch (key) {
    case "ArrowLeft":
      return clampTransform({ ...t, x: t.x - step });
    case "ArrowRight":
      return clampTransform({ ...t, x: t.x + step });
    case "ArrowUp":
      return clampTransform({ ...t, y: t.y - step });
    case "ArrowDown":
      return clampTransform({ ...t, y: t.y + step });
    case "+":
    case "=":
      return resized(t, t.scale * KEY_STEP.scale);
    case "-":
    case "_":
      return resized(t, t.scale / KEY_STEP.scale);
    default:
      return null;
  }
}

export function contains(box: GreenScreenRect, x: number, y: number): boolean {
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
}

/** The placement in words, for assistive technology. */
export function describePlacement(t: MemeTransform): string {
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return `Meme centred ${pct(t.x)} across and ${pct(t.y)} down, at ${pct(t.scale)} size.`;
}
