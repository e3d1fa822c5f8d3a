import { describe, expect, it } from "vitest";
import { assignEngineTimes, finalizeWords, parseEngineOutput } from "./engine-timing.ts";
import { speechTokens } from "./text.ts";

describe("engine timings", () => {
  it("parses the engines' W/T/E blocks", () => {
    const blocks = parseEngineOutput(
      "W 32000 16000\nT 0.1 0.5 Hello\nT -1 -1 -\nT 0.5 0.9 two words\nE\nnoise\nW 10 10\nE\n",
    );
    expect(blocks).toEqual([
      {
        samples: 32000,
        sampleRate: 16000,
        tokens: [
          { start: 0.1, end: 0.5, name: "Hello" },
          { start: -1, end: -1, name: "-" },
          { start: 0.5, end: 0.9, name: "two words" },
        ],
      },
      { samples: 10, sampleRate: 10, tokens: [] },
    ]);
  });

  it("maps one engine token per spoken part, spanning parts of one token", () => {
    const { tokens } = speechTokens("pay €20 now");
    expect(tokens.map((t) => t.spoken)).toEqual(["pay", "20 euros", "now"]);
    const spans = assignEngineTimes(tokens, [
      { name: "pay", start: 0.1, end: 0.3 },
      { name: "20", start: 0.3, end: 0.6 },
      { name: "euros", start: 0.6, end: 0.9 },
      { name: "now", start: 1.0, end: 1.2 },
    ]);
    expect(spans).toEqual([
      { start: 0.1, end: 0.3 },
      { start: 0.3, end: 0.9 },
      { start: 1.0, end: 1.2 },
    ]);
  });

  it("falls back to matching by name when the engine split a token unexpectedly", () => {
    const { tokens } = speechTokens("well-known fact");
    const spans = assignEngineTimes(tokens, [
      { name: "well", start: 0.1, end: 0.3 },
      { name: "known", start: 0.3, end: 0.6 },
      { name: "fact", start: 0.7, end: 1.0 },
    ]);
    expect(spans[0]).toBeUndefined();
    expect(spans[1]).toEqual({ start: 0.7, end: 1.0 });
  });

  it("places unknown words between their neighbours and clamps everything into the audio, in order", () => {
    const { tokens } = speechTokens("alpha beta gamma delta");
    const words = finalizeWords(
      tokens,
      [{ start: 0.2, end: 0.5 }, undefined, undefined, { start: 1.3, end: 2.5 }],
      2.0,
    );
    expect(words.map((w) => w.text)).toEqual(["alpha", "beta", "gamma", "delta"]);
    expect(words[1]?.start).toBe(0.5);
    expect(words[2]?.end).toBe(1.3);
    expect(words[3]).toEqual({ text: "delta", start: 1.3, end: 2.0 });
    for (const [i, w] of words.entries()) {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]?.end ?? 0);
    }
  });
});
