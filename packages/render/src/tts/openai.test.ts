/**
 * The OpenAI-compatible provider against a local server that speaks the same API and answers with real speech.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { median } from "./analysis.ts";
import { measureLoudness, VOICE_LOUDNESS } from "./audio.ts";
import { TtsError } from "./errors.ts";
import { type OpenAiTtsOptions, OpenAiTtsProvider } from "./openai.ts";
import { expectWordsInOrder } from "./testing/expect-words.ts";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./testing/fake-openai-server.ts";
import type { WordTiming } from "./types.ts";

const KEY = "sk-test-0123456789abcdef";
const TEXT = "Okay, so here is the thing. My neighbour built a fence on my lawn, and then he sent me the bill!";

let server: FakeOpenAiServer;
let workDir: string;

beforeAll(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY, voiceAliases: { am_adam: "alloy" } });
  workDir = await mkdtemp(join(tmpdir(), "reelsmith-tts-openai-"));
});

afterAll(async () => {
  await server.close();
  await rm(workDir, { recursive: true, force: true });
});

function provider(options: Partial<OpenAiTtsOptions> = {}): OpenAiTtsProvider {
  return new OpenAiTtsProvider({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    model: "tts-1",
    retryDelayMs: 10,
    onWarning: () => {},
    ...options,
  });
}

const transcription = () => ({ baseUrl: `${server.baseUrl}/v1`, model: "whisper-1", apiKey: KEY });

/** The engine's own word timings of the answered clips, laid end to end in text order. */
function truth(calls: typeof server.speechCalls): WordTiming[] {
  const ordered = [...calls].sort((a, b) => TEXT.indexOf(a.input.slice(0, 20)) - TEXT.indexOf(b.input.slice(0, 20)));
  const words: WordTiming[] = [];
  let offset = 0;
  for (const call of ordered) {
    for (const w of call.words) words.push({ ...w, start: w.start + offset, end: w.end + offset });
    offset += call.duration;
  }
  return words;
}

describe("OpenAI-compatible provider", () => {
  it("synthesises in one request and takes word timestamps from the transcription endpoint", async () => {
    server.speechCalls.length = 0;
    const speech = await provider({ transcription: transcription() }).synthesize({
      text: TEXT,
      voice: "nova",
      workDir,
    });
    expect(speech.timing).toBe("transcription");
    expect(server.speechCalls).toHaveLength(1);
    expect(server.speechCalls[0]).toMatchObject({ input: TEXT, voice: "nova", model: "tts-1", format: "wav" });
    expectWordsInOrder(speech, TEXT);
    const expected = truth(server.speechCalls);
    for (const [i, word] of speech.words.entries()) {
      expect(Math.abs(word.start - (expected[i]?.start ?? Number.NaN))).toBeLessThan(0.01);
    }
    const loudness = await measureLoudness(speech.audioPath);
    expect(Math.abs(loudness.integrated - VOICE_LOUDNESS.integrated)).toBeLessThanOrEqual(1);
  }, 30_000);

  it("aligns each sentence's words when no transcription is configured", async () => {
    server.speechCalls.length = 0;
    const speech = await provider().synthesize({ text: TEXT, voice: "alloy", workDir });
    expect(speech.timing).toBe("aligned");
    // Sentences are spoken in parallel: compared in the script's order, not in the order they arrived.
    expect(server.speechCalls.map((c) => c.input).sort((a, b) => TEXT.indexOf(a) - TEXT.indexOf(b))).toEqual([
      "Okay, so here is the thing.",
      "My neighbour built a fence on my lawn, and then he sent me the bill!",
    ]);
    expectWordsInOrder(speech, TEXT);
    const expected = truth(server.speechCalls);
    const errors = speech.words.map((w, i) => Math.abs(w.start - (expected[i]?.start ?? Number.NaN)));
    // Forced alignment (pocketsphinx) measured 5-15 ms median; per-sentence estimates without it 70-160 ms.
    expect(median(errors)).toBeLessThan(0.2);
    expect(Math.max(...errors)).toBeLessThan(0.5);
  }, 30_000);

  it("maps voices, asks for the configured format and passes the speed", async () => {
    server.speechCalls.length = 0;
    const speech = await provider({
      voiceMap: { alloy: "am_adam" },
      responseFormat: "mp3",
      transcription: transcription(),
    }).synthesize({ text: "Short and sweet.", voice: "alloy", workDir, speed: 1.2 });
    expect(server.speechCalls[0]).toMatchObject({ voice: "am_adam", format: "mp3", speed: 1.2 });
    expect(speech.timing).toBe("transcription");
    expect(speech.words.map((w) => w.text)).toEqual(["Short", "and", "sweet."]);
  }, 30_000);

  it("also reads word timestamps a server nests in its segments", async () => {
    const nested = await startFakeOpenAiServer({ wordsInSegments: true });
    try {
      const speech = await new OpenAiTtsProvider({
        baseUrl: nested.baseUrl,
        model: "tts-1",
        transcription: { baseUrl: nested.baseUrl, model: "whisper-1" },
      }).synthesize({ text: "Nested words work.", voice: "onyx", workDir });
      expect(speech.timing).toBe("transcription");
      const expected = nested.speechCalls[0]?.words ?? [];
      expect(speech.words.map((w) => w.start)).toEqual(expected.map((w) => w.start));
    } finally {
      await nested.close();
    }
  }, 30_000);

  it("retries after 429 and succeeds", async () => {
    const before = server.requests.length;
    server.failNext("/v1/audio/speech", 429, 2, { "retry-after": "0" });
    const speech = await provider({ retries: 3 }).synthesize({ text: "Try again.", voice: "echo", workDir });
    expect(speech.words).toHaveLength(2);
    expect(server.requests.slice(before).map((r) => r.status)).toEqual([429, 429, 200]);
  }, 30_000);

  it("gives up after the retries with a readable error", async () => {
    server.failNext("/v1/audio/speech", 503, 3);
    const error = await provider({ retries: 2 })
      .synthesize({ text: "Hello there.", voice: "echo", workDir })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TtsError);
    expect(error).toMatchObject({ code: "PROVIDER_UNAVAILABLE", status: 503, retryable: true });
    expect((error as Error).message).toBe(
      "The speech provider failed (503): The server had an error. Gave up after 3 attempts.",
    );
  });

  it("fails at once on 401 with a message that names the problem and never the key", async () => {
    const before = server.requests.length;
    const wrong = "sk-wrong-secret-987654321";
    const error = await provider({ apiKey: wrong })
      .synthesize({ text: "Hello there.", voice: "echo", workDir })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "PROVIDER_AUTH", status: 401, retryable: false });
    const message = (error as Error).message;
    expect(message).toMatch(
      /^The speech provider at http:\/\/127\.0\.0\.1:\d+ refused the API key \(401\): Incorrect API key/,
    );
    expect(message).not.toContain(wrong);
    expect(JSON.stringify(error)).not.toContain(wrong);
    expect(server.requests.slice(before)).toHaveLength(1);
  });

  it("reports what the provider rejected", async () => {
    await expect(
      provider({ voiceMap: { fable: "nonsense" } }).synthesize({ text: "Hello.", voice: "fable", workDir }),
    ).rejects.toMatchObject({
      code: "PROVIDER_REJECTED",
      message: "The speech provider rejected the request (400): Invalid voice: nonsense.",
    });
  });

  it("times out a request that never answers", async () => {
    server.failNext("/v1/audio/speech", 0);
    await expect(
      provider({ timeoutMs: 300, retries: 0 }).synthesize({ text: "Hello.", voice: "fable", workDir }),
    ).rejects.toMatchObject({ code: "PROVIDER_TIMEOUT", message: expect.stringContaining("did not answer within") });
  });

  it("says when the server cannot be reached", async () => {
    await expect(
      new OpenAiTtsProvider({ baseUrl: "http://127.0.0.1:9", model: "tts-1", retries: 1, retryDelayMs: 10 }).synthesize(
        {
          text: "Hello.",
          voice: "fable",
          workDir,
        },
      ),
    ).rejects.toMatchObject({ code: "PROVIDER_UNAVAILABLE", message: expect.stringContaining("cannot be reached") });
  });

  it("falls back to alignment, with a warning, when transcription fails", async () => {
    server.failNext("/v1/audio/transcriptions", 500, 2);
    const warnings: string[] = [];
    const speech = await provider({
      transcription: transcription(),
      retries: 1,
      onWarning: (m) => warnings.push(m),
    }).synthesize({ text: "Plan B works. Every time.", voice: "shimmer", workDir });
    expect(speech.timing).toBe("aligned");
    expect(speech.words.map((w) => w.text)).toEqual(["Plan", "B", "works.", "Every", "time."]);
    expect(warnings.join(" ")).toContain("transcription service failed (500)");
    expect(speech.warnings).toEqual(warnings);
  }, 30_000);

  it("stops when aborted", async () => {
    server.failNext("/v1/audio/speech", 0);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      provider().synthesize({ text: "Hello.", voice: "nova", workDir, signal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });
});
