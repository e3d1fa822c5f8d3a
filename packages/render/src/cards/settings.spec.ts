import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Tone } from "./palette.ts";
import { chooseSetting, renderSetting, SETTING_BASE_Y, SETTING_IDS, SETTING_LOOKS, SETTING_SIZE } from "./settings.ts";

const tone = (hue: number, chroma = 0.4, lightness = 0.45): Tone => ({ hue, chroma, lightness });

describe("chooseSetting", () => {
  it("puts warm products on wood, cool ones on tiles, greens on stone, reds and greys in the studio", () => {
    expect(chooseSetting(tone(30))).toBe("desk");
    expect(chooseSetting(tone(210))).toBe("bathroom-shelf");
    expect(chooseSetting(tone(260))).toBe("bathroom-shelf");
    expect(chooseSetting(tone(110))).toBe("kitchen-counter");
    expect(chooseSetting(tone(345))).toBe("studio-sweep");
    expect(chooseSetting(tone(30, 0.02))).toBe("studio-sweep");
    // Every setting is used by some colour, and the same colour always gets the same one.
    const used = new Set([0, 30, 60, 90, 120, 180, 240, 300].map((h) => chooseSetting(tone(h))));
    expect([...used].sort()).toEqual([...SETTING_IDS].sort());
    expect(chooseSetting(tone(200))).toBe(chooseSetting(tone(200)));
  });
});

describe("renderSetting", () => {
  /** Mean colour of a band of rows. */
  const mean = (data: Uint8ClampedArray, y0: number, y1: number) => {
    const sum = [0, 0, 0];
    for (let i = y0 * SETTING_SIZE.width * 4; i < y1 * SETTING_SIZE.width * 4; i += 4) {
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (data[i + c] as number);
    }
    return sum.map((v) => v / ((y1 - y0) * SETTING_SIZE.width));
  };
  const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - (b[i] as number)));

  it.each(SETTING_IDS)("%s: a full frame with a surface under the product, drawn the same every time", (id) => {
    const a = renderSetting(id, tone(30));
    expect([a.width, a.height]).toEqual([SETTING_SIZE.width, SETTING_SIZE.height]);
    const data = a.getContext("2d").getImageData(0, 0, a.width, a.height).data;
    const b = renderSetting(id, tone(30));
    const hash = (d: Uint8ClampedArray) => createHash("sha1").update(d).digest("hex");
    expect(hash(b.getContext("2d").getImageData(0, 0, b.width, b.height).data)).toBe(hash(data));
    // Not a flat picture: the wall behind and the surface the product stands on differ.
    expect(distance(mean(data, 300, 600), mean(data, SETTING_BASE_Y + 40, SETTING_BASE_Y + 120))).toBeGreaterThan(12);
    expect(SETTING_LOOKS[id].shadow).toBeGreaterThan(0);
  });

  it("tints a setting by the product's colour", () => {
    const blue = renderSetting("bathroom-shelf", tone(210)).getContext("2d").getImageData(540, 400, 1, 1).data;
    const green = renderSetting("bathroom-shelf", tone(150)).getContext("2d").getImageData(540, 400, 1, 1).data;
    expect(blue[2] as number).toBeGreaterThan(blue[1] as number);
    expect(green[1] as number).toBeGreaterThan(green[2] as number);
  });
});
