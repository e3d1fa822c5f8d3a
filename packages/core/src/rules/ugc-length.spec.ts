import { describe, expect, it } from "vitest";
import { UGC_MAX_S, UGC_MIN_S } from "../catalogue/constants.ts";
import { SPOKEN_WORDS_PER_S, ugcAdLength, ugcCopyFromTemplate } from "./ugc-copy.ts";

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
