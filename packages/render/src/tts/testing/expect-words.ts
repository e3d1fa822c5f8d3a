import { expect } from "vitest";
import { speechTokens } from "../text.ts";
import type { Speech } from "../types.ts";

/**
 * Every word of `text` timed, in order, none overlapping the one before, each with a length, the last ending inside
 * the audio (within `slack` seconds).
 */
export function expectWordsInOrder(speech: Speech, text: string, slack = 0): void {
  expect(speech.words.map((w) => w.text)).toEqual(speechTokens(text).tokens.map((t) => t.text));
  let previousEnd = 0;
  for (const word of speech.words) {
    expect(word.start).toBeGreaterThanOrEqual(previousEnd);
    expect(word.end).toBeGreaterThan(word.start);
    previousEnd = word.end;
  }
  expect(previousEnd).toBeLessThanOrEqual(speech.duration + slack);
}
