import { createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
import { assEmRatio, type FontFace, fontFile } from "./fonts.ts";

/** Width in pixels of `text` set in `face` at `size`, with `letterSpacing` after each character. */
export type Measure = (text: string, face: FontFace, size: number, letterSpacing?: number) => number;

const registered = new Map<FontFace, string>();
let ctx: SKRSContext2D | null = null;

/** The canvas family name a face is registered under (registering it on first use). */
export function canvasFamily(face: FontFace): string {
  let alias = registered.get(face);
  if (!alias) {
    alias = `RS ${face.family} ${face.weight}${face.italic ? " Italic" : ""}`;
    GlobalFonts.registerFromPath(fontFile(face), alias);
    registered.set(face, alias);
  }
  return alias;
}

/** CSS font shorthand for a face at a size, for @napi-rs/canvas. */
export function canvasFont(face: FontFace, size: number): string {
  return `${size}px "${canvasFamily(face)}"`;
}

/**
 * Measures text as libass draws it at an ASS font size: the same TTF file (Skia via @napi-rs/canvas)
 * at the em size libass derives from that ASS size.
 */
export const canvasMeasure: Measure = (text, face, size, letterSpacing = 0) => {
  ctx ??= createCanvas(8, 8).getContext("2d");
  // Letters the face lacks are measured in the fallback families libass is told to draw them in (see fallback.ts).
  ctx.font = captionMeasureFont(face, size * assEmRatio(fontFile(face)));
  return ctx.measureText(text).width + letterSpacing * [...text].length;
};

/**
 * What drawn cards fall back to, in order, for characters their face lacks: colour emoji, then Debian's Noto families
 * for the scripts of the languages creators write in (Latin, Greek and Cyrillic; Devanagari; Thai; Arabic; Hebrew;
 * Chinese, Japanese and Korean), then DejaVu Sans. Skia does not fall back by itself: a script missing here is drawn
 * as empty boxes.
 */
export const CARD_FALLBACK_FAMILIES = [
  "Noto Color Emoji",
  "Noto Sans",
  "Noto Sans Devanagari",
  "Noto Sans Thai",
  "Noto Sans Arabic",
  "Noto Sans Hebrew",
  "Noto Sans CJK JP",
  "DejaVu Sans",
] as const;

/** Ink share of a sample line: how heavy a face looks, whatever weight its family calls it. */
function inkShare(font: string): number {
  const [w, h] = [900, 140];
  const canvas = createCanvas(w, h);
  const c = canvas.getContext("2d");
  c.font = font;
  c.fillStyle = "#fff";
  c.fillText("Hamburgefonstiv", 10, 105);
  const width = Math.min(w, c.measureText("Hamburgefonstiv").width);
  const { data } = c.getImageData(0, 0, w, h);
  let ink = 0;
  for (let i = 3; i < data.length; i += 4) ink += data[i] ?? 0;
  return ink / 255 / Math.max(1, width * 100);
}

const fallbackWeights = new Map<FontFace, 400 | 700>();

/**
 * The weight the fallback families take beside a face: bold when the face looks nearer Noto Sans Bold than Noto Sans
 * Regular (measured by ink, so a black display face whose family calls it 400, such as Archivo Black or Anton, gets bold
 * Arabic, Devanagari or Japanese beside it, and a light one regular).
 */
export function fallbackWeight(face: FontFace): 400 | 700 {
  let weight = fallbackWeights.get(face);
  if (weight === undefined) {
    const own = inkShare(`100px "${canvasFamily(face)}"`);
    const regular = inkShare('400 100px "Noto Sans"');
    const bold = inkShare('700 100px "Noto Sans"');
    weight = Math.abs(own - bold) < Math.abs(own - regular) ? 700 : 400;
    fallbackWeights.set(face, weight);
  }
  return weight;
}

/** Font for drawn cards: the face, then the fallbacks (at the face's own weight: Skia would embolden the face). */
export function cardFont(face: FontFace, size: number): string {
  return `${face.weight} ${size}px ${fontList(face)}`;
}

/**
 * Font for measuring a caption as libass draws it: the face, then the fallbacks at the weight the captions name for
 * them (see fallback.ts). A weight above the face's own changes none of its advances, only which fallback faces count.
 */
export function captionMeasureFont(face: FontFace, size: number): string {
  return `${fallbackWeight(face)} ${size}px ${fontList(face)}`;
}

function fontList(face: FontFace): string {
  return [canvasFamily(face), ...CARD_FALLBACK_FAMILIES].map((f) => `"${f}"`).join(", ");
}
