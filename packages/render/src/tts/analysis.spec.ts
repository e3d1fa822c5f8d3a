import { describe, expect, it } from "vitest";
import { plainWords, wordErrorRate } from "./analysis.ts";

describe("wordErrorRate", () => {
  it("counts substitutions, deletions and insertions against the reference's words", () => {
    expect(wordErrorRate("My sister borrowed my car.", "my sister borrowed my car")).toBe(0);
    expect(wordErrorRate("My sister borrowed my car.", "my sister borrowed a car")).toBeCloseTo(1 / 5);
    expect(wordErrorRate("My sister borrowed my car.", "sister borrowed my car")).toBeCloseTo(1 / 5);
    expect(wordErrorRate("My sister borrowed my car.", "oh my sister borrowed my car today")).toBeCloseTo(2 / 5);
    expect(wordErrorRate("the gas", "")).toBe(1);
    expect(wordErrorRate("", "")).toBe(0);
  });

  it("reads words without case or punctuation, keeping apostrophes inside them", () => {
    expect(plainWords("Don’t  stop — it's 'fine', OK?")).toEqual(["don't", "stop", "it's", "fine", "ok"]);
  });
});
