import { describe, expect, it } from "vitest";
import { type TextMeasurer, wrapText } from "./wrap.ts";

/** Every character one unit wide, a space too. */
const mono: TextMeasurer = { measureText: (text) => ({ width: [...text].length }) };

describe("wrapText", () => {
  it("wraps spaced text between words, balanced", () => {
    expect(wrapText(mono, "one two three four five six", 14)).toEqual(["one two three", "four five six"]);
  });

  it("breaks Japanese between its words, set without spaces, never before a closing mark", () => {
    const text = "今日はいい天気です。東京に行きます。";
    const lines = wrapText(mono, text, 7);
    expect(lines.join("")).toBe(text);
    expect(lines.every((line) => !line.includes(" "))).toBe(true);
    expect(lines.every((line) => [...line].length <= 7)).toBe(true);
    // No line starts with the full stop; a word is never split where a whole word fits.
    expect(lines.some((line) => /^[。、」]/u.test(line))).toBe(false);
    expect(lines.some((line) => line.startsWith("京"))).toBe(false);
  });

  it("keeps an opening bracket with the word after it in Chinese", () => {
    const lines = wrapText(mono, "他说「你好」然后走了", 5);
    expect(lines.join("")).toBe("他说「你好」然后走了");
    expect(lines.some((line) => line.endsWith("「"))).toBe(false);
  });

  it("keeps the space between a Latin word and a Japanese one", () => {
    expect(wrapText(mono, "iPhone 東京", 20)).toEqual(["iPhone 東京"]);
  });
});
