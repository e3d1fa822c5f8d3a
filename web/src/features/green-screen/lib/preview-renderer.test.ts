import { describe, expect, it } from "vitest";

import { coverCrop } from "./preview-renderer";

describe("coverCrop (the render's cover fit, then its push)", () => {
  it("crops a landscape picture's sides and a too-tall picture's top and bottom, centred", () => {
    expect(coverCrop(1920, 1080)).toEqual({ x: (1920 - 607.5) / 2, y: 0, width: 607.5, height: 1080 });
    expect(coverCrop(1080, 2400)).toEqual({ x: 0, y: 240, width: 1080, height: 1920 });
    expect(coverCrop(1080, 1920)).toEqual({ x: 0, y: 0, width: 1080, height: 1920 });
  });

  it("pushes in about the centre", () => {
    const pushed = coverCrop(1080, 1920, 1.08);
    expect(pushed.width).toBeCloseTo(1000, 6);
    expect(pushed.height).toBeCloseTo(1777.78, 1);
    expect(pushed.x + pushed.width / 2).toBeCloseTo(540, 6);
    expect(pushed.y + pushed.height / 2).toBeCloseTo(960, 6);
  });

  it("centres a wide video's window where the creator put it, kept inside the video (as the render cuts it)", () => {
    expect(coverCrop(1920, 1080, 1, 0.3)).toEqual({ x: 1920 * 0.3 - 607.5 / 2, y: 0, width: 607.5, height: 1080 });
    expect(coverCrop(1920, 1080, 1, 0).x).toBe(0);
    expect(coverCrop(1920, 1080, 1, 1).x).toBe(1920 - 607.5);
    // A source no wider than 9:16 has nowhere to move.
    expect(coverCrop(1080, 1920, 1, 0.1).x).toBe(0);
  });
});
