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
  ctx.font = canvasFont(face, size * assEmRatio(fontFile(face)));
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

/** Font for drawn cards: the face, then the fallbacks. */
export function cardFont(face: FontFace, size: number): string {
  return `${face.weight} ${size}px "${canvasFamily(face)}", ${CARD_FALLBACK_FAMILIES.map((f) => `"${f}"`).join(", ")}`;
}
