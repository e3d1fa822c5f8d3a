import { describe, expect, it } from "vitest";
import { alignPhrase, mapTranscript } from "./align.ts";
import { speechTokens } from "./text.ts";

const tokens = (text: string) => speechTokens(text).tokens;

describe("alignPhrase", () => {
  it("spreads words over the sound between the leading and trailing silence, in order and without overlap", () => {
    const spans = alignPhrase(tokens("one two three four"), 2.2, [
      { start: 0, end: 0.2 },
      { start: 2.0, end: 2.2 },
    ]);
    expect(spans[0]?.start).toBeCloseTo(0.2, 6);
    expect(spans.at(-1)?.end).toBeCloseTo(2.0, 6);
    for (const [i, span] of spans.entries()) {
      expect(span.end).toBeGreaterThan(span.start);
      if (i > 0) expect(span.start).toBeCloseTo(spans[i - 1]?.end ?? 0, 6);
    }
  });

  it("cuts at a pause after the punctuated word even when syllables predict the cut elsewhere", () => {
    // "Well, I think it is going to rain": the pause after "Well," comes earlier than its syllable share.
    const spans = alignPhrase(tokens("Well, I think it is going to rain"), 3.0, [
      { start: 0, end: 0.1 },
      { start: 0.45, end: 0.8 },
      { start: 2.9, end: 3.0 },
    ]);
    expect(spans[0]?.start).toBeCloseTo(0.1, 6);
    expect(spans[0]?.end).toBeCloseTo(0.45, 6);
    expect(spans[1]?.start).toBeCloseTo(0.8, 6);
    expect(spans.at(-1)?.end).toBeCloseTo(2.9, 6);
  });

  it("ignores short gaps that are stop closures inside words", () => {
    const spans = alignPhrase(tokens("a bottle of water"), 2.0, [{ start: 0.9, end: 0.95 }]);
    const starts = spans.map((s) => s.start);
    expect(starts).not.toContain(0.95);
    expect(spans.at(-1)?.end).toBeCloseTo(2.0, 6);
  });

  it("skips pauses it cannot place instead of misplacing words", () => {
    const spans = alignPhrase(tokens("Hi"), 1.0, [{ start: 0.3, end: 0.5 }]);
    expect(spans).toHaveLength(1);
    expect(spans[0]).toEqual({ start: 0, end: 1 });
  });
});

describe("mapTranscript", () => {
  it("matches words by their letters and digits, ignoring case and punctuation", () => {
    const spans = mapTranscript(tokens('Hello, "world"! It is 3 PM.'), [
      { word: "hello", start: 0.1, end: 0.4 },
      { word: "World", start: 0.5, end: 0.9 },
      { word: "it", start: 1.0, end: 1.1 },
      { word: "is", start: 1.1, end: 1.2 },
      { word: "3", start: 1.2, end: 1.5 },
      { word: "p.m.", start: 1.5, end: 1.9 },
    ]);
    expect(spans).toEqual([
      { start: 0.1, end: 0.4 },
      { start: 0.5, end: 0.9 },
      { start: 1.0, end: 1.1 },
      { start: 1.1, end: 1.2 },
      { start: 1.2, end: 1.5 },
      { start: 1.5, end: 1.9 },
    ]);
  });

  it("gives a token the extra words the transcript spelled it with", () => {
    const spans = mapTranscript(tokens("It cost $4.50 today"), [
      { word: "It", start: 0, end: 0.2 },
      { word: "cost", start: 0.2, end: 0.5 },
      { word: "four", start: 0.5, end: 0.7 },
      { word: "dollars", start: 0.7, end: 1.0 },
      { word: "fifty", start: 1.0, end: 1.3 },
      { word: "today", start: 1.3, end: 1.7 },
    ]);
    expect(spans[2]).toEqual({ start: 0.5, end: 1.3 });
    expect(spans[3]).toEqual({ start: 1.3, end: 1.7 });
  });

  it("leaves tokens the transcript missed unknown and keeps the rest", () => {
    const spans = mapTranscript(tokens("the quick brown fox jumps"), [
      { word: "the", start: 0, end: 0.1 },
      { word: "quick", start: 0.1, end: 0.4 },
      { word: "fox", start: 0.7, end: 1.0 },
      { word: "jumps", start: 1.0, end: 1.4 },
    ]);
    expect(spans[2]).toBeUndefined();
    expect(spans[3]).toEqual({ start: 0.7, end: 1.0 });
    expect(spans[4]).toEqual({ start: 1.0, end: 1.4 });
  });
});
