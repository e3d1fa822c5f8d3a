import { describe, expect, it } from "vitest";
import { REDDIT_MAX_S, REDDIT_MIN_S, UGC_MAX_S, UGC_MIN_S } from "../catalogue/constants.ts";
import { redditStoryLength } from "./reddit-length.ts";
import { formatSpokenLength, SPOKEN_WORDS_PER_S, spokenWordCount } from "./spoken.ts";
import { ugcAdLength, ugcCopyFromTemplate } from "./ugc-copy.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("ugcAdLength", () => {
  it("times an ad as the engine does: pauses, hook, copy and the closing call to action", () => {
    const { hook, copy } = ugcCopyFromTemplate("Glow Serum");
    const length = ugcAdLength(hook, copy);
    // The templates make ads of a good length.
    expect(length.fit).toBe("good");
    expect(length.naturalS).toBeGreaterThanOrEqual(UGC_MIN_S);
    expect(length.naturalS).toBeLessThanOrEqual(UGC_MAX_S);
    expect(length.madeS).toBe(length.naturalS);
    expect(length.cutWords).toBe(0);
    // 27 words: 10 s of speech and 2.8 s of pauses and outro.
    expect(ugcAdLength(words(7), words(20)).naturalS).toBeCloseTo(2.8 + 27 / SPOKEN_WORDS_PER_S, 5);
  });

  it("calls a few lines short, counts only words, and nothing at all as 2.8 s of frame", () => {
    expect(ugcAdLength("Stop scrolling.", "It works.").fit).toBe("short");
    expect(ugcAdLength("  —  ", "!!! ...").naturalS).toBeCloseTo(2.8, 5);
  });

  it("reads a copy that would run past 30 s faster, and says how many words keep a natural pace", () => {
    const room = (UGC_MAX_S - 2.8) * SPOKEN_WORDS_PER_S; // 73.4 words fit at a natural pace
    const faster = ugcAdLength(words(10), words(70));
    expect(faster.fit).toBe("faster");
    expect(faster.naturalS).toBeGreaterThan(UGC_MAX_S);
    expect(faster.madeS).toBeCloseTo(UGC_MAX_S, 5);
    expect(faster.cutWords).toBe(Math.ceil(80 - room));
    // Cutting that many words makes it fit without speeding up.
    expect(ugcAdLength(words(10), words(70 - faster.cutWords)).fit).toBe("good");
  });

  it("calls an ad too long when even the fastest read runs past 30 s", () => {
    const long = ugcAdLength(words(10), words(100));
    expect(long.fit).toBe("long");
    expect(long.madeS).toBeGreaterThan(UGC_MAX_S + 0.5);
    expect(long.madeS).toBeCloseTo(2.8 + 110 / SPOKEN_WORDS_PER_S / 1.25, 5);
    expect(long.cutWords).toBe(Math.ceil(110 - (UGC_MAX_S - 2.8) * SPOKEN_WORDS_PER_S));
  });
});

describe("spoken words and lengths", () => {
  it("counts the words a voice reads, not dashes, dots or emoji", () => {
    expect(spokenWordCount("I can't — honestly — believe it... 3 times! 🎉")).toBe(7);
    expect(spokenWordCount("   ")).toBe(0);
  });

  it("writes a length as the builders show it", () => {
    expect(formatSpokenLength(0.4)).toBe("0 s");
    expect(formatSpokenLength(22.4)).toBe("22 s");
    expect(formatSpokenLength(59.6)).toBe("1 min");
    expect(formatSpokenLength(85)).toBe("1 min 25 s");
  });
});

describe("redditStoryLength", () => {
  it("times the story from 2.85 s (the title over the card) to 0.8 s after its last word", () => {
    expect(redditStoryLength(words(135)).seconds).toBeCloseTo(2.85 + 135 / SPOKEN_WORDS_PER_S + 0.8, 5);
  });

  it("holds a story to quality.md's 45-90 s", () => {
    const fits = (n: number) => redditStoryLength(words(n)).fit;
    const wordsFor = (s: number) => (s - 3.65) * SPOKEN_WORDS_PER_S;
    expect(fits(Math.floor(wordsFor(REDDIT_MIN_S)))).toBe("short");
    expect(fits(Math.ceil(wordsFor(REDDIT_MIN_S)))).toBe("good");
    expect(fits(Math.floor(wordsFor(REDDIT_MAX_S)))).toBe("good");
    expect(fits(Math.ceil(wordsFor(REDDIT_MAX_S)))).toBe("long");
  });
});
