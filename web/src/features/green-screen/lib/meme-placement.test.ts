import {
  DEFAULT_MEME_TRANSFORM,
  GREEN_SCREEN_MEME_SCALE_MAX,
  GREEN_SCREEN_MEME_SCALE_MIN,
  greenScreenInputSchema,
  memeBox,
} from "@reelsmith/core";
import { describe, expect, it } from "vitest";

import {
  clampTransform,
  contains,
  dragged,
  isDefaultPlacement,
  keyed,
  placementOf,
  resized,
  wheeled,
} from "./meme-placement";

const base = { text_hook: "x", selected_meme: "bruh", background_file_id: "0b6f4d1e-2c3a-4b5d-9e8f-7a6b5c4d3e2f" };
const valid = (t: unknown) => greenScreenInputSchema.safeParse({ ...base, meme_transform: t }).success;

describe("placing the meme on the preview", () => {
  it("drags by frame pixels: a move of 108 x 192 px is a tenth of the frame each way", () => {
    const t = dragged(DEFAULT_MEME_TRANSFORM, 108, -192);
    expect(t.x).toBeCloseTo(DEFAULT_MEME_TRANSFORM.x + 0.1, 4);
    expect(t.y).toBeCloseTo(DEFAULT_MEME_TRANSFORM.y - 0.1, 4);
    // The box moves with it, as the render places it.
    const before = memeBox(DEFAULT_MEME_TRANSFORM, 720, 720);
    const after = memeBox(t, 720, 720);
    expect(after.x - before.x).toBe(108);
    expect(after.y - before.y).toBe(-192);
  });

  it("keeps every placement one the input accepts", () => {
    for (const t of [
      dragged(DEFAULT_MEME_TRANSFORM, 5000, 5000),
      dragged(DEFAULT_MEME_TRANSFORM, -5000, -5000),
      resized(DEFAULT_MEME_TRANSFORM, 9),
      resized(DEFAULT_MEME_TRANSFORM, 0.01),
      wheeled(DEFAULT_MEME_TRANSFORM, -10_000),
      wheeled(DEFAULT_MEME_TRANSFORM, 10_000),
    ]) {
      expect(valid(t)).toBe(true);
    }
    expect(resized(DEFAULT_MEME_TRANSFORM, 9).scale).toBe(GREEN_SCREEN_MEME_SCALE_MAX);
    expect(resized(DEFAULT_MEME_TRANSFORM, 0.01).scale).toBe(GREEN_SCREEN_MEME_SCALE_MIN);
    expect(clampTransform({ x: -1, y: 2, scale: 1 })).toEqual({ x: 0, y: 1, scale: 1 });
  });

  it("resizes up with the wheel turned away, down towards the user", () => {
    expect(wheeled(DEFAULT_MEME_TRANSFORM, -100).scale).toBeGreaterThan(1);
    expect(wheeled(DEFAULT_MEME_TRANSFORM, 100).scale).toBeLessThan(1);
  });

  it("moves with the arrow keys (Shift for larger steps) and resizes with + and -", () => {
    const t = { x: 0.5, y: 0.5, scale: 1 };
    expect(keyed(t, "ArrowLeft", false)).toEqual({ x: 0.49, y: 0.5, scale: 1 });
    expect(keyed(t, "ArrowRight", true)).toEqual({ x: 0.55, y: 0.5, scale: 1 });
    expect(keyed(t, "ArrowUp", false)).toEqual({ x: 0.5, y: 0.49, scale: 1 });
    expect(keyed(t, "ArrowDown", false)).toEqual({ x: 0.5, y: 0.51, scale: 1 });
    expect(keyed(t, "+", false)?.scale).toBe(1.05);
    expect(keyed(t, "-", false)?.scale).toBeCloseTo(0.952, 3);
    expect(keyed(t, "a", false)).toBeNull();
  });

  it("knows the default placement, and hit-tests the box", () => {
    expect(placementOf(undefined)).toEqual(DEFAULT_MEME_TRANSFORM);
    expect(isDefaultPlacement(undefined)).toBe(true);
    expect(isDefaultPlacement(clampTransform(DEFAULT_MEME_TRANSFORM))).toBe(true);
    expect(isDefaultPlacement({ ...DEFAULT_MEME_TRANSFORM, scale: 1.2 })).toBe(false);
    const box = memeBox(undefined, 720, 720);
    expect(contains(box, 540, 1260)).toBe(true);
    expect(contains(box, 540, 300)).toBe(false);
  });
});
