import type { SKRSContext2D } from "@napi-rs/canvas";
import { wordsOf } from "@reelsmith/core";

/** Anything that measures text the way the card will draw it (a canvas context with its font set). */
export interface TextMeasurer {
  measureText(text: string): { width: number };
}

/** A word of a paragraph and what goes between it and the word before it on a line: a space, or nothing. */
interface Piece {
  text: string;
  glue: "" | " ";
}

/** Greedy wrap of one paragraph; words wider than a line are broken by letters. */
function greedyLines(ctx: TextMeasurer, pieces: readonly Piece[], maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const piece of pieces) {
    let word = piece.text;
    while (ctx.measureText(word).width > maxWidth && [...word].length > 1) {
      // Break an over-long word at the widest prefix that fits.
      const chars = [...word];
      let cut = chars.length - 1;
      while (cut > 1 && ctx.measureText(chars.slice(0, cut).join("")).width > maxWidth) cut--;
      if (line) lines.push(line);
      lines.push(chars.slice(0, cut).join(""));
      line = "";
      word = chars.slice(cut).join("");
    }
    const candidate = line ? `${line}${piece.glue}${word}` : word;
    if (ctx.measureText(candidate).width <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Chinese and Japanese are written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * A paragraph's words. Chinese and Japanese runs are split into their words (Intl.Segmenter, through core's wordsOf)
 * and set without spaces, so a line breaks between words, never before a closing mark (。、」) or after an opening one
 * (「), which stay with their word.
 */
function piecesOf(paragraph: string): Piece[] {
  const pieces: Piece[] = [];
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const parts = UNSPACED.test(word) ? wordsOf(word, "japanese") : [word];
    parts.forEach((text, i) => {
      pieces.push({ text, glue: i === 0 ? " " : "" });
    });
  }
  return pieces;
}

/**
 * Balanced wrap of one paragraph: as many lines as the greedy wrap needs, but as even as they can
 * be (the narrowest width that still fits in that many lines), and never a single word alone on
 * the last line when a word from the line above fits beside it. An emoji counts as a word.
 */
function balancedLines(ctx: TextMeasurer, words: readonly Piece[], maxWidth: number): string[] {
  const greedy = greedyLines(ctx, words, maxWidth);
  if (greedy.length < 2) return greedy;
  const widest = Math.max(...words.map((w) => ctx.measureText(w.text).width));
  if (widest > maxWidth) return greedy;
  let lo = widest;
  let hi = maxWidth;
  for (let i = 0; i < 14 && hi - lo > 0.5; i++) {
    const mid = (lo + hi) / 2;
    if (greedyLines(ctx, words, mid).length <= greedy.length) hi = mid;
    else lo = mid;
  }
  const lines = greedyLines(ctx, words, hi);
  // An orphan left by the balance (a long word before it): pull a word down when it fits.
  const last = lines.at(-1) ?? "";
  const above = lines.at(-2) ?? "";
  const aboveWords = above.split(" ");
  if (!last.includes(" ") && aboveWords.length >= 2) {
    const moved = aboveWords.at(-1) as string;
    const joined = `${moved} ${last}`;
    if (ctx.measureText(joined).width <= maxWidth) {
      lines[lines.length - 2] = aboveWords.slice(0, -1).join(" ");
      lines[lines.length - 1] = joined;
    }
  }
  return lines;
}

/**
 * Word wrap with the canvas' current font: balanced lines (no orphan word on the last line), words
 * wider than a line broken by letters, at most `maxLines` lines (the last one ends in "…" when cut).
 */
export function wrapText(ctx: TextMeasurer, text: string, maxWidth: number, maxLines = 12): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    lines.push(...balancedLines(ctx, piecesOf(paragraph), maxWidth));
  }
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] ?? "").replace(/\s*\S*$/, "")}…`;
    return kept;
  }
  return lines;
}

export function roundRectPath(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}
