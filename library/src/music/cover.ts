/** A track's cover: a gradient in the genre's colours, the track's own waveform, its title and tempo. */
import { createCanvas } from "@napi-rs/canvas";
import { FONT_DISPLAY, hsl, registerFonts } from "../kit/draw.ts";
import { hashSeed } from "../kit/prng.ts";

export const COVER_SIZE = 360;

export interface CoverText {
  title: string;
  /** Small line at the bottom, e.g. "LOFI · 78 BPM · CHILL". */
  subtitle: string;
  /** Seeds the colours. */
  seed: string;
  hueSeed: string;
}

export function drawCover(text: CoverText, left: Float32Array, right: Float32Array): Buffer {
  registerFonts();
  const size = COVER_SIZE;
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext("2d");
  const hue = hashSeed(text.hueSeed) % 360;
  const hue2 = hue + 40 + (hashSeed(text.seed) % 80);
  const bg = ctx.createLinearGradient(0, 0, size, size);
  bg.addColorStop(0, hsl(hue, 75, 42));
  bg.addColorStop(1, hsl(hue2, 80, 18));
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, size, size);
  // Soft glow circle.
  const glow = ctx.createRadialGradient(size * 0.7, size * 0.3, 10, size * 0.7, size * 0.3, size * 0.6);
  glow.addColorStop(0, hsl(hue2 + 30, 90, 70, 0.55));
  glow.addColorStop(1, hsl(hue2 + 30, 90, 70, 0));
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, size, size);
  // Waveform: RMS of the track in 60 columns, mirrored.
  const columns = 60;
  const per = Math.max(1, Math.floor(left.length / columns));
  const levels: number[] = [];
  for (let c = 0; c < columns; c++) {
    let sum = 0;
    for (let i = c * per; i < (c + 1) * per; i += 16) sum += (left[i] as number) ** 2 + (right[i] as number) ** 2;
    levels.push(Math.sqrt(sum / (per / 16) / 2));
  }
  const max = Math.max(...levels, 1e-6);
  const mid = size * 0.64;
  const barW = (size - 40) / columns;
  levels.forEach((level, c) => {
    const h = 6 + (level / max) * size * 0.22;
    ctx.fillStyle = hsl(hue2 + 60 + c * 1.5, 95, 78, 0.9);
    ctx.fillRect(20 + c * barW, mid - h / 2, Math.max(1, barW - 1.5), h);
  });
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = "#ffffff";
  let fontSize = 46;
  ctx.font = `${fontSize}px "${FONT_DISPLAY}"`;
  while (ctx.measureText(text.title.toUpperCase()).width > size - 40 && fontSize > 20) {
    fontSize -= 2;
    ctx.font = `${fontSize}px "${FONT_DISPLAY}"`;
  }
  ctx.fillText(text.title.toUpperCase(), 20, 70);
  ctx.font = `20px "${FONT_DISPLAY}"`;
  ctx.fillStyle = "rgba(255,255,255,0.8)";
  ctx.fillText(text.subtitle.toUpperCase(), 20, size - 24);
  return canvas.encodeSync("jpeg", 85);
}
