import { readFile } from "node:fs/promises";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { characterSkin, keyedAway, unGreen } from "./textures.ts";

async function pixels(file: string): Promise<Uint8ClampedArray> {
  const image = await loadImage(await readFile(file));
  const ctx = createCanvas(image.width, image.height).getContext("2d");
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

function keyedCount(data: Uint8ClampedArray): number {
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i + 3] as number) > 0 && keyedAway(data[i] as number, data[i + 1] as number, data[i + 2] as number)) n++;
  }
  return n;
}

describe("the green-screen dancer's skin", () => {
  it("is Minetest Game's character with nothing a keyer takes for the green screen, and nothing else changed", async () => {
    const skin = characterSkin();
    if (!skin) throw new Error("Minetest Game's character skin is missing (Debian package minetest-data)");
    const before = await pixels(skin);
    // The game's skin has a green jacket: a green screen would key it away.
    expect(keyedCount(before)).toBeGreaterThan(100);
    const after = new Uint8ClampedArray(before);
    const changed = unGreen(after);
    expect(changed).toBe(keyedCount(before));
    expect(keyedCount(after)).toBe(0);
    for (let i = 0; i < before.length; i += 4) {
      const [r, g, b, a] = [before[i], before[i + 1], before[i + 2], before[i + 3]] as number[];
      if (a === 0 || !keyedAway(r as number, g as number, b as number)) {
        // Skin, hair, eyes and jeans are untouched.
        expect([after[i], after[i + 1], after[i + 2], after[i + 3]]).toEqual([r, g, b, a]);
      } else {
        // The jacket turns red with the same light and shade: its channels swapped, not painted over.
        expect([after[i], after[i + 1], after[i + 2]]).toEqual([g, r, b]);
      }
    }
  });

  it("leaves a transparent pixel and a grey one alone, and turns a green one red", () => {
    const data = new Uint8ClampedArray([0, 255, 0, 0, 120, 120, 120, 255, 30, 140, 40, 255]);
    expect(unGreen(data)).toBe(1);
    expect([...data]).toEqual([0, 255, 0, 0, 120, 120, 120, 255, 140, 30, 40, 255]);
  });
});
