import { captionStyle } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { compileCaptions } from "./ass.ts";
import { fontFallback } from "./fallback.ts";
import { CharSet } from "./text-safety.ts";

/** Basic Latin only, as a display face that has no other script. */
const LATIN = new CharSet([[0x20, 0x7e]]);
const FAMILIES = [
  { family: "Noto Sans Devanagari", chars: new CharSet([[0x0900, 0x097f]]), sizeScale: 1 },
  { family: "Noto Sans Arabic", chars: new CharSet([[0x0600, 0x06ff]]), sizeScale: 1.5 },
];

describe("caption font fallback", () => {
  it("sends each letter the face lacks to the first family that has it, marks staying with their letter", () => {
    const fallback = fontFallback(LATIN, FAMILIES, 700);
    expect(fallback.runs("Hi नमस्ते!")).toEqual([
      { text: "Hi ", family: null },
      { text: "नमस्ते", family: "Noto Sans Devanagari" },
      { text: "!", family: null },
    ]);
    // A zero-width non-joiner and a harakat stay in the Arabic run.
    expect(fallback.runs("كَتب\u200c")).toEqual([{ text: "كَتب\u200c", family: "Noto Sans Arabic" }]);
    // A letter no family has is left to libass's own fallback.
    expect(fallback.runs("ok 한")).toEqual([{ text: "ok 한", family: null }]);
  });

  it("names the fallback family and weight in the caption, then returns to the style's face", () => {
    const style = captionStyle("shadow");
    const { ass } = compileCaptions({
      style,
      words: [{ text: "سلم!", start: 0, end: 1 }],
      measure: (text) => text.length * 60,
      fallback: fontFallback(LATIN, FAMILIES, 700),
      language: "arabic",
    });
    // At the face's em: Noto Sans Arabic's ascent and descent are taller, so its ASS size is larger.
    expect(ass).toContain("{\\fnNoto Sans Arabic\\b1\\fs217.5}سلم{\\fnArchivo Black\\b0\\fs145}!");
    // Without a fallback the word is left as it is.
    const plain = compileCaptions({
      style,
      words: [{ text: "hello", start: 0, end: 1 }],
      measure: (t) => t.length * 60,
    });
    expect(plain.ass).not.toContain("\\fn");
  });
});
