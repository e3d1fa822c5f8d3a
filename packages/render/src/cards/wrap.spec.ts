import { describe, expect, it } from "vitest";
import { type TextMeasurer, wrapText } from "./wrap.ts";

/** 10 px per character, 24 px per emoji. */
const fixed: TextMeasurer = {
  measureText: (text) => ({
    width: [...text].reduce((w, ch) => w + (/\p{Extended_Pictographic}/u.test(ch) ? 24 : 10), 0),
  }),
};
const width = (line: string) => fixed.measureText(line).width;

describe("wrapText", () => {
  it("balances the lines instead of leaving one word alone on the last", () => {
    // Greedy at 200 px: "aaaa bbbb cccc dddd" / "out".
    const lines = wrapText(fixed, "aaaa bbbb cccc dddd out", 200);
    expect(lines).toHaveLength(2);
    expect(lines.at(-1)?.split(" ").length).toBeGreaterThan(1);
    expect(Math.max(...lines.map(width))).toBeLessThanOrEqual(140);
  });

  it("counts an emoji as a word and never strands it", () => {
    const lines = wrapText(fixed, "Best headphones I have ever owned 🎧", 330);
    expect(lines).toHaveLength(2);
    expect(lines.at(-1)).not.toBe("🎧");
    expect(lines.join(" ")).toBe("Best headphones I have ever owned 🎧");
  });

  it("keeps the greedy number of lines and every line inside the width", () => {
    const text = "Stop scrolling if you have ever wondered why your skin looks tired by three in the afternoon";
    for (const max of [180, 260, 400, 600]) {
      const lines = wrapText(fixed, text, max);
      for (const line of lines) expect(width(line)).toBeLessThanOrEqual(max);
      expect(lines.join(" ")).toBe(text);
      if (lines.length > 1) expect(lines.at(-1)?.includes(" ")).toBe(true);
    }
    expect(wrapText(fixed, "short", 400)).toEqual(["short"]);
  });

  it("still breaks a word wider than the line and cuts at the line limit", () => {
    expect(wrapText(fixed, "abcdefghijkl", 50)).toEqual(["abcde", "fghij", "kl"]);
    const cut = wrapText(fixed, "one two three four five six seven eight", 100, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]?.endsWith("…")).toBe(true);
  });
});
