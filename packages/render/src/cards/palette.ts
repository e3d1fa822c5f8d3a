import { createCanvas } from "@napi-rs/canvas";
import { loadPicture } from "../pictures/picture.ts";

/** `#RRGGBB` of a hue (degrees), saturation and lightness (0-1). */
export function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`.toUpperCase();
}

/** Hue (degrees), saturation and lightness (0-1) of an RGB colour (0-255). */
export function toHsl(r: number, g: number, b: number): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

/** The overall colour of a product: its hue, how colourful it is, how light. */
export interface Tone {
  /** Saturation-weighted mean hue, degrees. */
  hue: number;
  /** Mean colourfulness (0 grey, about 0.3 and up for a strongly coloured product). */
  chroma: number;
  /** Mean lightness (0-1) of its opaque pixels. */
  lightness: number;
}

/**
 * The tone of RGBA pixels (transparent ones count less): the saturation-weighted average hue, the
 * mean colourfulness and the mean lightness.
 */
export function toneOf(data: Uint8ClampedArray): Tone {
  let x = 0;
  let y = 0;
  let weight = 0;
  let light = 0;
  let opacity = 0;
  for (let i = 0; i < data.length; i += 4) {
    const a = (data[i + 3] ?? 255) / 255;
    const [h, s, l] = toHsl(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
    const w = s * (1 - Math.abs(l - 0.5) * 2) * a;
    x += Math.cos((h * Math.PI) / 180) * w;
    y += Math.sin((h * Math.PI) / 180) * w;
    weight += w;
    light += l * a;
    opacity += a;
  }
  return {
    hue: ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360,
    chroma: opacity > 0 ? weight / opacity : 0,
    lightness: opacity > 0 ? light / opacity : 0.5,
  };
}

/** Backdrop and accent colours for a tone (a grey product gets a neutral studio look). */
export function paletteOfTone(tone: Tone): { backdrop: string[]; accent: string } {
  if (tone.chroma < 0.04) {
    return { backdrop: ["#1E2230", "#3B4256", "#8A93A8"], accent: "#FE2C55" };
  }
  const { hue } = tone;
  return {
    // The product's own hue, from deep to a soft pastel (shifting hue darkens into muddy tones).
    backdrop: [hsl(hue, 0.4, 0.2), hsl(hue, 0.5, 0.5), hsl((hue + 345) % 360, 0.7, 0.86)],
    accent: hsl((hue + 180) % 360, 0.85, 0.55),
  };
}

/**
 * Backdrop and accent colours that suit a product photo: the saturation-weighted average hue of its
 * pixels, as a deep-to-light gradient plus a bright accent. A grey product gets a neutral studio look.
 */
export async function productPalette(src: string): Promise<{ backdrop: string[]; accent: string }> {
  const img = await loadPicture(src);
  const size = 48;
  const ctx = createCanvas(size, size).getContext("2d");
  ctx.drawImage(img, 0, 0, size, size);
  return paletteOfTone(toneOf(ctx.getImageData(0, 0, size, size).data));
}
