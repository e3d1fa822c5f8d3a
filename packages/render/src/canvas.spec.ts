import { describe, expect, it } from "vitest";
import { CANVAS, safeArea } from "./canvas.ts";

describe("safeArea", () => {
  it("keeps text within 90 % of the width and clear of the bottom 20 % of a 1080x1920 frame", () => {
    expect(CANVAS).toEqual({ width: 1080, height: 1920, fps: 30 });
    expect(safeArea()).toEqual({ left: 54, right: 1026, top: 154, bottom: 1536, width: 972, height: 1382 });
  });
  it("scales with the frame and rejects shares that leave no room", () => {
    expect(safeArea({ width: 720, height: 1280 }).width).toBe(648);
    expect(() => safeArea(CANVAS, { widthShare: 0 })).toThrow(RangeError);
    expect(() => safeArea(CANVAS, { topShare: 0.5, bottomShare: 0.5 })).toThrow(RangeError);
  });
});
