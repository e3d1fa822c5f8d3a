import { describe, expect, it } from "vitest";
import fruit, { FRUIT_OPEN_AT, fruitMoment } from "../asmr/fruit.ts";
import toast, { TOAST_OPEN_AT, toastMoment } from "../asmr/toast.ts";
import { rotateLoop } from "./soundtrack.ts";
import { frameCount, frameInfo, verticalSpec } from "./video.ts";

describe("a clip that opens inside its loop", () => {
  it("draws its first frame at openAt and wraps round to the start of the loop", () => {
    const spec = verticalSpec(1, { openAt: 0.25 });
    const frames = frameCount(spec);
    expect(frameInfo(spec, 0).phase).toBeCloseTo(0.25);
    expect(frameInfo(spec, frames * 0.75).phase).toBeCloseTo(0);
    expect(frameInfo(spec, frames - 1).phase).toBeCloseTo(0.25 - 1 / frames);
    expect(frameInfo(verticalSpec(1), 3).phase).toBeCloseTo(3 / frames);
  });

  it("turns its sound by the same part of the loop, sample exact, so every sound stays on its moment", () => {
    // Four stereo frames: L = 0..3, R = 10..13.
    const pcm = Float32Array.from([0, 10, 1, 11, 2, 12, 3, 13]);
    expect([...rotateLoop(pcm, 0.25)]).toEqual([1, 11, 2, 12, 3, 13, 0, 10]);
    expect([...rotateLoop(pcm, 0.5)]).toEqual([2, 12, 3, 13, 0, 10, 1, 11]);
    expect(rotateLoop(pcm, 0)).toBe(pcm);
  });

  it("opens the fruit and toast clips on the action: the food in place, not the bare board or the empty plate", () => {
    for (const mode of ["full", "quick"] as const) {
      expect(fruit.spec(mode).openAt).toBe(FRUIT_OPEN_AT);
      expect(toast.spec(mode).openAt).toBe(TOAST_OPEN_AT);
    }
    // The loops themselves start with the food sliding in over an empty board and plate.
    expect(Math.abs(fruitMoment(0).shift)).toBeGreaterThan(0.5);
    expect(Math.abs(toastMoment(0).shift)).toBeGreaterThan(0.5);
    // Where the clips open: the fruit at rest under the knife, the toast half spread.
    expect(fruitMoment(FRUIT_OPEN_AT).shift).toBe(0);
    const opening = toastMoment(TOAST_OPEN_AT);
    expect(opening.shift).toBe(0);
    expect(opening.spreading).toBeGreaterThan(0.1);
    expect(opening.spreading).toBeLessThan(0.5);
  });
});
