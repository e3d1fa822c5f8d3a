import {
  CHROMA_KEY,
  CHROMA_KEY_UV,
  chromaKeyAlpha,
  chromaKeyAlphaFromDistance,
  chromaKeyDistance,
  LIBRARY_SCREEN_KEY,
  type ScreenKey,
  videoChroma,
} from "@reelsmith/core";
import { describe, expect, it } from "vitest";

import {
  CHROMA_KEY_FRAGMENT_SHADER,
  KEY_UNIFORMS,
  keyUniforms,
  type Rgb,
  shaderAlphaFromDistance,
  shaderKeyAlpha,
  shaderKeyDistance,
} from "./chroma-key";

/** Colours from the screen to the subject: pure and compressed greens, the ramp, skin, white, black, yellow... */
const samples: Rgb[] = [
  [0, 255, 0],
  [20, 235, 25],
  [40, 200, 40],
  [0, 160, 0],
  [0, 128, 0],
  [0, 96, 0],
  [0, 80, 0],
  [0, 64, 0],
  [30, 60, 30],
  [60, 180, 90],
  [120, 200, 60],
  [128, 128, 128],
  [255, 255, 255],
  [0, 0, 0],
  [255, 222, 0],
  [208, 32, 32],
  [40, 90, 220],
  [232, 190, 160],
  [90, 60, 40],
];

const flat = (rgb: Rgb): Rgb[] => Array.from({ length: 9 }, () => rgb);

describe("the preview's chroma key (the shader's JavaScript twin)", () => {
  it("gives every colour the alpha core's chromaKeyAlpha gives it (the render's key)", () => {
    for (const rgb of samples) {
      expect(shaderKeyAlpha(flat(rgb)), `rgb(${rgb.join(",")})`).toBeCloseTo(chromaKeyAlpha(...rgb), 9);
    }
    // The samples cover the three parts of the key: keyed out, on the ramp, kept.
    const alphas = samples.map((rgb) => chromaKeyAlpha(...rgb));
    expect(alphas.some((a) => a === 0)).toBe(true);
    expect(alphas.some((a) => a > 0 && a < 1)).toBe(true);
    expect(alphas.some((a) => a === 1)).toBe(true);
  });

  it("measures the distance as core does, in 0-1 units", () => {
    for (const rgb of samples) {
      const { u, v } = videoChroma(...rgb);
      expect(shaderKeyDistance(rgb)).toBeCloseTo(chromaKeyDistance(u, v), 12);
    }
    for (const d of [0, 0.1, 0.18, 0.2, 0.24, 0.29, 0.3, 0.5]) {
      expect(shaderAlphaFromDistance(d)).toBeCloseTo(chromaKeyAlphaFromDistance(d), 12);
    }
  });

  it("averages the distance over the 3x3 neighbourhood before the ramp, as ffmpeg does", () => {
    // A subject's edge: three columns of screen green beside six of a dark outline.
    const edge: Rgb[] = [...flat([0, 255, 0]).slice(0, 3), ...flat([0, 70, 0]).slice(0, 6)];
    const mean =
      edge.reduce((sum, rgb) => {
        const { u, v } = videoChroma(...rgb);
        return sum + chromaKeyDistance(u, v);
      }, 0) / 9;
    expect(shaderKeyAlpha(edge)).toBeCloseTo(chromaKeyAlphaFromDistance(mean), 9);
    expect(shaderKeyAlpha(edge)).toBeLessThan(chromaKeyAlpha(0, 70, 0));
  });

  it("takes the key colour, similarity and smoothness from core, and its shader has the same terms", () => {
    expect(KEY_UNIFORMS.keyChroma).toEqual([CHROMA_KEY_UV[0] / 255, CHROMA_KEY_UV[1] / 255]);
    expect(KEY_UNIFORMS.similarity).toBe(CHROMA_KEY.similarity);
    expect(KEY_UNIFORMS.blend).toBe(CHROMA_KEY.smoothness);
    expect(CHROMA_KEY.similarity).toBe(0.18);
    expect(CHROMA_KEY.smoothness).toBe(0.12);
    for (const term of ["0.2126", "0.7152", "0.0722", "1.8556", "1.5748", "sum / 9.0", "0.0001"]) {
      expect(CHROMA_KEY_FRAGMENT_SHADER).toContain(term);
    }
  });
});

/** Keys of creators' own clips, as core's screenKeyOf finds them: a real green screen, a blue one. */
const ownKeys: ScreenKey[] = [
  { ...videoChroma(52, 178, 74), similarity: 0.08, blend: 0.05, screen: "green" },
  { ...videoChroma(30, 70, 200), similarity: 0.12, blend: 0.05, screen: "blue" },
];
/** Each screen's own shades, and colours on each key's ramp (a dark teal, a shadow on the blue). */
const screenColours: Rgb[] = [
  [52, 178, 74],
  [60, 170, 84],
  [0, 60, 40],
  [0, 100, 80],
  [30, 70, 200],
  [40, 80, 190],
  [0, 20, 40],
  [0, 60, 60],
];

describe("the preview's chroma key with a creator's own key", () => {
  it("keys every colour as core's chromaKeyAlpha does with that key", () => {
    for (const key of ownKeys) {
      const uniforms = keyUniforms(key);
      const colours = [...samples, ...screenColours];
      for (const rgb of colours) {
        expect(shaderKeyAlpha(flat(rgb), uniforms), `${key.screen} rgb(${rgb.join(",")})`).toBeCloseTo(
          chromaKeyAlpha(...rgb, key),
          9,
        );
      }
      // The key is the clip's own: its screen is keyed out, some colours sit on its ramp, the subject is kept.
      const alphas = colours.map((rgb) => shaderKeyAlpha(flat(rgb), uniforms));
      expect(alphas.some((a) => a === 0)).toBe(true);
      expect(alphas.some((a) => a > 0 && a < 1)).toBe(true);
      expect(alphas.some((a) => a === 1)).toBe(true);
    }
  });

  it("passes the key to the shader in its units: U and V over 255, similarity and blend as they are", () => {
    const [green] = ownKeys as [ScreenKey];
    expect(keyUniforms(green)).toEqual({
      keyChroma: [green.u / 255, green.v / 255],
      similarity: green.similarity,
      blend: green.blend,
    });
    expect(keyUniforms(LIBRARY_SCREEN_KEY)).toEqual(KEY_UNIFORMS);
    // The library's key is not a creator's: a real green screen is kept by it and keyed out by its own key.
    expect(shaderKeyAlpha(flat([52, 178, 74]))).toBeGreaterThan(0);
    expect(shaderKeyAlpha(flat([52, 178, 74]), keyUniforms(green))).toBe(0);
  });
});
