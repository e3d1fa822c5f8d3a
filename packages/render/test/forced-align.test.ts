/**
 * Forced alignment (pocketsphinx) against the offline voices' own word timings, which are exact: every voice, a
 * recording long enough to be cut into pieces, the OpenAI-compatible provider without a transcription endpoint, and
 * audio with no speech in it. No timing of the aligner itself is asserted (see scripts/bench-align.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VOICE_IDS } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePcm } from "../src/tts/audio.ts";
import {
  alignToScript,
  fliteToCmudict,
  forcedAlignmentAvailable,
  pieceTimes,
  readings,
} from "../src/tts/forced-align.ts";
import { OfflineTtsProvider } from "../src/tts/offline.ts";
import { OpenAiTtsProvider } from "../src/tts/openai.ts";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../src/tts/testing/fake-openai-server.ts";
import { speechTokens } from "../src/tts/text.ts";
import type { WordTiming } from "../src/tts/types.ts";
import { ffmpeg } from "./fixtures.ts";

// A name outside cmudict (Zorblax: its pronunciation comes from flite's rules), a number, an ordinal, an acronym.
const SCRIPT =
  "Meet Zorblax, the fastest courier in town. He delivered 20 packages before noon on March 3rd! Nobody at FedEx could believe it.";
const LONG =
  "Last summer my cousin Jovanka opened a tiny bakery on Elm Street. Everyone said she was crazy. " +
  "The rent was $1,200 a month, the oven was older than her, and the only other shop nearby sold fishing bait. " +
  "On the first morning she sold 3 croissants. On the second, 11. By the end of July there was a line around the block, " +
  "and a food blogger called it the best bread in the state. Her secret? She bakes everything at 4 in the morning, " +
  "plays loud 80s music, and never, ever uses a timer. Now she employs 6 people and is opening a second shop in October. " +
  "Never let anyone tell you an idea is too small.";

let workDir: string;
const offline = new OfflineTtsProvider({ onWarning: () => {} });

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "reelsmith-align-"));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

function startErrors(truth: readonly WordTiming[], aligned: readonly WordTiming[]): number[] {
  return truth.map((word, i) => Math.abs(word.start - (aligned[i]?.start ?? Number.POSITIVE_INFINITY)));
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function expectInOrder(words: readonly WordTiming[], text: string, duration: number) {
  expect(words.map((word) => word.text)).toEqual(speechTokens(text).tokens.map((token) => token.text));
  let previousEnd = 0;
  for (const word of words) {
    expect(word.start).toBeGreaterThanOrEqual(previousEnd);
    expect(word.end).toBeGreaterThanOrEqual(word.start);
    previousEnd = word.end;
  }
  expect(previousEnd).toBeLessThanOrEqual(duration + 0.001);
}

describe("readings of script tokens", () => {
  it("reads numbers, money, ordinals, years and abbreviations out", () => {
    expect(readings("$20")).toEqual([["twenty", "dollars"]]);
    expect(readings("3rd!")).toEqual([["third"]]);
    expect(readings("21st")).toEqual([["twenty", "first"]]);
    expect(readings("1999")).toContainEqual(["nineteen", "ninety", "nine"]);
    expect(readings("1999")).toContainEqual(["one", "thousand", "nine", "hundred", "ninety", "nine"]);
    expect(readings("50%")).toEqual([["fifty", "percent"]]);
    expect(readings("$4.50")).toContainEqual(["four", "dollars", "fifty"]);
    expect(readings("1,200")).toEqual([["one", "thousand", "two", "hundred"]]);
    expect(readings("80s")).toEqual([["eighties"]]);
    expect(readings("FBI")).toContainEqual(["f", "b", "i"]);
    expect(readings("don't,")).toEqual([["don't"]]);
    expect(readings("20 euros")).toEqual([["twenty", "euros"]]);
    // Punctuation after a number is not part of it.
    expect(readings("2024,")).toContainEqual(["twenty", "twenty", "four"]);
  });
});

describe("pronunciations from flite", () => {
  it("maps flite's phones to cmudict's", () => {
    expect(fliteToCmudict(["z", "ao1", "r", "b", "l", "ae1", "k", "s"])).toBe("Z AO R B L AE K S");
    expect(fliteToCmudict(["hh", "ax0", "l", "ow1", "pau"])).toBe("HH AH L OW");
  });
});

describe("forced alignment", async () => {
  const available = await forcedAlignmentAvailable();

  it("is installed (pocketsphinx, pocketsphinx-en-us)", () => {
    expect(available).toBe(true);
  });

  for (const voice of VOICE_IDS) {
    it.runIf(available)(`finds the ${voice} voice's words where the engine put them`, async () => {
      const speech = await offline.synthesize({ text: SCRIPT, voice, workDir });
      const aligned = await alignToScript(speech.audioPath, SCRIPT, { workDir });
      expectInOrder(aligned.words, SCRIPT, aligned.duration);
      expect(Math.abs(aligned.duration - speech.duration)).toBeLessThan(0.01);
      expect(aligned.recognised).toBeGreaterThanOrEqual(speech.words.length - 1);
      const errors = startErrors(speech.words, aligned.words);
      // Measured 8-20 ms median on these voices; per-sentence estimates are 60-160 ms.
      expect(median(errors)).toBeLessThan(0.08);
    });
  }

  it.runIf(available)("follows a voice through money, years, abbreviations and symbols", async () => {
    // Several readings per number: the decoder must keep the right one (a pruned path once shifted a sentence ~1 s).
    const text = "Zorblax's U.S. trip cost $4.50, not 10k. In 2024, the iPhone was #1 for 3.5% of Xylophiq fans.";
    const speech = await offline.synthesize({ text, voice: "nova", workDir });
    const aligned = await alignToScript(speech.audioPath, text, { workDir });
    expectInOrder(aligned.words, text, aligned.duration);
    const errors = startErrors(speech.words, aligned.words);
    expect(median(errors)).toBeLessThan(0.08);
    expect(errors.filter((error) => error > 0.3)).toHaveLength(0);
  });

  it.runIf(available)("cuts a long recording at pauses and aligns the pieces one after another", async () => {
    const speech = await offline.synthesize({ text: LONG, voice: "nova", workDir });
    expect(speech.duration).toBeGreaterThan(30);
    const samples = await decodePcm(speech.audioPath, 16000);
    const pieces = pieceTimes(samples, 12);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    for (const [i, [start, end]] of pieces.entries()) {
      expect(start).toBe(pieces[i - 1]?.[1] ?? 0);
      expect(end).toBeGreaterThan(start);
    }
    const aligned = await alignToScript(speech.audioPath, LONG, { workDir, pieceSeconds: 12 });
    expectInOrder(aligned.words, LONG, aligned.duration);
    expect(aligned.recognised).toBeGreaterThanOrEqual(speech.words.length - 2);
    expect(median(startErrors(speech.words, aligned.words))).toBeLessThan(0.08);
  });

  it.runIf(available)("still gives every word a time when the audio holds no speech", async () => {
    const tone = join(workDir, "tone.wav");
    await ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-ar", "22050", tone]);
    const text = "Nothing here sounds like these words at all.";
    const aligned = await alignToScript(tone, text, { workDir });
    expectInOrder(aligned.words, text, aligned.duration);
    expect(aligned.duration).toBeCloseTo(3, 1);
  });
});

describe("OpenAI-compatible provider without a transcription endpoint", async () => {
  const available = await forcedAlignmentAvailable();
  let server: FakeOpenAiServer;

  beforeAll(async () => {
    server = await startFakeOpenAiServer({ apiKey: "sk-align" });
  });

  afterAll(async () => {
    await server.close();
  });

  it.runIf(available)("finds each sentence's words by forced alignment", async () => {
    server.speechCalls.length = 0;
    const warnings: string[] = [];
    const provider = new OpenAiTtsProvider({
      baseUrl: server.baseUrl,
      apiKey: "sk-align",
      model: "tts-1",
      onWarning: (message) => warnings.push(message),
    });
    const speech = await provider.synthesize({ text: SCRIPT, voice: "fable", workDir });
    expect(speech.timing).toBe("aligned");
    expect(warnings).toEqual([]);
    expectInOrder(speech.words, SCRIPT, speech.duration);
    // The engine's timings of the answered sentences, laid end to end in text order.
    const truth: WordTiming[] = [];
    let offset = 0;
    const calls = [...server.speechCalls].sort((a, b) => SCRIPT.indexOf(a.input) - SCRIPT.indexOf(b.input));
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      for (const word of call.words) truth.push({ ...word, start: word.start + offset, end: word.end + offset });
      offset += call.duration;
    }
    // Per-sentence estimates measured 70-160 ms median here.
    expect(median(startErrors(truth, speech.words))).toBeLessThan(0.06);
  });
});
