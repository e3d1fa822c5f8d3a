/**
 * The ElevenLabs provider against a local server that speaks its with-timestamps API and answers with real speech.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness, VOICE_LOUDNESS } from "./audio.ts";
import {
  alignTokens,
  ELEVENLABS_DEFAULT_VOICES,
  type ElevenLabsTtsOptions,
  ElevenLabsTtsProvider,
  splitParts,
} from "./elevenlabs.ts";
import { TtsError } from "./errors.ts";
import { expectWordsInOrder } from "./testing/expect-words.ts";
import { type FakeElevenLabsServer, startFakeElevenLabsServer } from "./testing/fake-elevenlabs-server.ts";
import { speechTokens } from "./text.ts";
import type { WordTiming } from "./types.ts";

const KEY = "xi-test-0123456789abcdef";
const TEXT = "Honestly, I paid $20, and I don't regret it. Not one bit!";

let server: FakeElevenLabsServer;
let workDir: string;

beforeAll(async () => {
  server = await startFakeElevenLabsServer({
    apiKey: KEY,
    voices: {
      ...Object.fromEntries(Object.entries(ELEVENLABS_DEFAULT_VOICES).map(([voice, premade]) => [premade.id, voice])),
      clonedVoice123: "onyx",
    },
    maxChars: 80,
  });
  workDir = await mkdtemp(join(tmpdir(), "reelsmith-tts-elevenlabs-"));
});

afterAll(async () => {
  await server.close();
  await rm(workDir, { recursive: true, force: true });
});

function provider(options: Partial<ElevenLabsTtsOptions> = {}): ElevenLabsTtsProvider {
  return new ElevenLabsTtsProvider({
    apiKey: KEY,
    baseUrl: server.baseUrl,
    retryDelayMs: 10,
    onWarning: () => {},
    ...options,
  });
}

/** The engine's own word timings of the answered clips, laid end to end in script order. */
function truth(text: string, calls: typeof server.calls): WordTiming[] {
  const ordered = [...calls].sort((a, b) => text.indexOf(String(a.body.text)) - text.indexOf(String(b.body.text)));
  const words: WordTiming[] = [];
  let offset = 0;
  for (const call of ordered) {
    for (const w of call.words) words.push({ ...w, start: w.start + offset, end: w.end + offset });
    offset += call.duration;
  }
  return words;
}

describe("ElevenLabs provider", () => {
  it("sends the script to the mapped premade voice and times every token from the character alignment", async () => {
    server.calls.length = 0;
    const speech = await provider().synthesize({ text: TEXT, voice: "nova", workDir });
    expect(server.calls).toHaveLength(1);
    const call = server.calls[0];
    expect(call).toMatchObject({
      voiceId: ELEVENLABS_DEFAULT_VOICES.nova.id,
      outputFormat: "mp3_44100_128",
      apiKey: KEY,
      body: { text: TEXT, model_id: "eleven_multilingual_v2" },
    });
    expect(call?.body).not.toHaveProperty("previous_text");
    expect(speech.timing).toBe("engine");
    expectWordsInOrder(speech, TEXT);
    expect(speech.words.map((w) => w.text)).toEqual([
      "Honestly,",
      "I",
      "paid",
      "$20,",
      "and",
      "I",
      "don't",
      "regret",
      "it.",
      "Not",
      "one",
      "bit!",
    ]);
    const expected = truth(TEXT, server.calls);
    for (const [i, word] of speech.words.entries()) {
      expect(Math.abs(word.start - (expected[i]?.start ?? Number.NaN)), word.text).toBeLessThan(0.03);
      expect(Math.abs(word.end - (expected[i]?.end ?? Number.NaN)), word.text).toBeLessThan(0.03);
    }
    expect(Math.abs(speech.duration - (call?.duration ?? 0))).toBeLessThan(0.05);
    const loudness = await measureLoudness(speech.audioPath);
    expect(Math.abs(loudness.integrated - VOICE_LOUDNESS.integrated)).toBeLessThanOrEqual(1);
  }, 60_000);

  it("splits a long script at sentence boundaries under the character limit and offsets each part's timings", async () => {
    server.calls.length = 0;
    const text =
      "First we tried the small fix, and it held for a day. Then the pipe burst again at midnight. " +
      "So I called a plumber who charged me $150 for ten minutes!";
    const speech = await provider({ maxRequestChars: 60 }).synthesize({ text, voice: "alloy", workDir });
    const sent = server.calls.map((c) => String(c.body.text)).sort((a, b) => text.indexOf(a) - text.indexOf(b));
    expect(sent).toEqual([
      "First we tried the small fix, and it held for a day.",
      "Then the pipe burst again at midnight.",
      "So I called a plumber who charged me $150 for ten minutes!",
    ]);
    const byText = new Map(server.calls.map((c) => [c.body.text, c.body]));
    expect(byText.get(sent[0])).toMatchObject({ next_text: sent[1] });
    expect(byText.get(sent[0])).not.toHaveProperty("previous_text");
    expect(byText.get(sent[1])).toMatchObject({ previous_text: sent[0], next_text: sent[2] });
    expect(byText.get(sent[2])).toMatchObject({ previous_text: sent[1] });
    expect(byText.get(sent[2])).not.toHaveProperty("next_text");
    expect(speech.timing).toBe("engine");
    expectWordsInOrder(speech, text);
    const expected = truth(text, server.calls);
    const errors = speech.words.map((w, i) => Math.abs(w.start - (expected[i]?.start ?? Number.NaN)));
    expect(Math.max(...errors)).toBeLessThan(0.04);
    // The last part's words land after the first two parts' audio.
    const firstTwo = server.calls.filter((c) => c.body.text !== sent[2]).reduce((sum, c) => sum + c.duration, 0);
    expect(speech.words.find((w) => w.text === "So")?.start).toBeGreaterThanOrEqual(firstTwo - 0.04);
  }, 90_000);

  it("uses the voice map and model it is given and passes the speed as a voice setting", async () => {
    server.calls.length = 0;
    await provider({ voiceMap: { alloy: "clonedVoice123" }, model: "eleven_flash_v2_5" }).synthesize({
      text: "Short and sweet.",
      voice: "alloy",
      workDir,
      speed: 1.5,
    });
    expect(server.calls[0]).toMatchObject({
      voiceId: "clonedVoice123",
      body: { text: "Short and sweet.", model_id: "eleven_flash_v2_5", voice_settings: { speed: 1.2 } },
    });
  }, 30_000);

  it("leaves emoji out of what is sent and keeps a lone dash as a pause", async () => {
    server.calls.length = 0;
    const speech = await provider().synthesize({ text: "Wait 🔥 for it — boom🔥!", voice: "echo", workDir });
    expect(server.calls[0]?.body.text).toBe("Wait for it, boom!");
    expect(speech.words.map((w) => w.text)).toEqual(["Wait", "for", "it", "boom🔥!"]);
    expect(speech.timing).toBe("engine");
  }, 30_000);

  it("says the API key was refused on 401, at once and without the key", async () => {
    const before = server.requests.length;
    const wrong = "xi-wrong-secret-987654321";
    const error = await provider({ apiKey: wrong })
      .synthesize({ text: "Hello there.", voice: "echo", workDir })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TtsError);
    expect(error).toMatchObject({ code: "PROVIDER_AUTH", status: 401, retryable: false });
    expect((error as Error).message).toBe("The ElevenLabs API key was refused (401): Invalid API key.");
    expect(JSON.stringify(error)).not.toContain(wrong);
    expect(server.requests.slice(before).map((r) => r.status)).toEqual([401]);
  });

  it("says when the account has no characters left", async () => {
    server.failNext(401, 1, { detail: { status: "quota_exceeded", message: "This request exceeds your quota." } });
    await expect(provider().synthesize({ text: "Hello there.", voice: "echo", workDir })).rejects.toMatchObject({
      code: "PROVIDER_REJECTED",
      message: "The ElevenLabs account has no characters left (401): This request exceeds your quota.",
    });
  });

  it("names a voice the account does not have", async () => {
    await expect(
      provider({ voiceMap: { fable: "noSuchVoice" } }).synthesize({ text: "Hello.", voice: "fable", workDir }),
    ).rejects.toMatchObject({
      code: "PROVIDER_REJECTED",
      message: expect.stringContaining('ElevenLabs has no voice "noSuchVoice" for this account (404)'),
    });
  });

  it("retries after 429 and succeeds", async () => {
    const before = server.requests.length;
    server.failNext(429, 1, { headers: { "retry-after": "0" } });
    const speech = await provider().synthesize({ text: "Try again.", voice: "shimmer", workDir });
    expect(speech.words.map((w) => w.text)).toEqual(["Try", "again."]);
    expect(server.requests.slice(before).map((r) => r.status)).toEqual([429, 200]);
  }, 30_000);

  it("gives up after the retries with a readable error", async () => {
    server.failNext(503, 3);
    const error = await provider({ retries: 2 })
      .synthesize({ text: "Hello there.", voice: "echo", workDir })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "PROVIDER_UNAVAILABLE", status: 503, retryable: true });
    expect((error as Error).message).toBe(
      "ElevenLabs failed (503): The server had an error. Gave up after 3 attempts.",
    );
  });

  it("times out a request that never answers", async () => {
    server.failNext(0);
    await expect(
      provider({ timeoutMs: 300, retries: 0 }).synthesize({ text: "Hello.", voice: "fable", workDir }),
    ).rejects.toMatchObject({
      code: "PROVIDER_TIMEOUT",
      message: "ElevenLabs did not answer within 300 ms. Gave up after 1 attempts.",
    });
  });

  it("says when the server cannot be reached", async () => {
    await expect(
      new ElevenLabsTtsProvider({ apiKey: KEY, baseUrl: "http://127.0.0.1:9", retries: 0 }).synthesize({
        text: "Hello.",
        voice: "fable",
        workDir,
      }),
    ).rejects.toMatchObject({
      code: "PROVIDER_UNAVAILABLE",
      message: expect.stringContaining("ElevenLabs at http://127.0.0.1:9 cannot be reached"),
    });
  });

  it("keys its voices by endpoint, voice and model, so previews are remade when they change", () => {
    const a = provider().voiceKey("nova");
    expect(a).toContain(ELEVENLABS_DEFAULT_VOICES.nova.id);
    expect(provider({ model: "eleven_flash_v2_5" }).voiceKey("nova")).not.toBe(a);
    expect(provider({ voiceMap: { nova: "other" } }).voiceKey("nova")).not.toBe(a);
    expect(provider().voiceKey("shimmer")).not.toBe(a);
  });

  it("spreads the words over the measured sound when an answer has no character timings", async () => {
    const bare = await startFakeElevenLabsServer({ withoutAlignment: true });
    try {
      const text = "No timings here. Still fine!";
      const speech = await new ElevenLabsTtsProvider({ apiKey: "k", baseUrl: bare.baseUrl }).synthesize({
        text,
        voice: "onyx",
        workDir,
      });
      expect(speech.timing).toBe("aligned");
      expectWordsInOrder(speech, text);
      const expected = truth(text, bare.calls);
      const errors = speech.words.map((w, i) => Math.abs(w.start - (expected[i]?.start ?? Number.NaN)));
      expect(Math.max(...errors)).toBeLessThan(0.5);
    } finally {
      await bare.close();
    }
  }, 30_000);
});

describe("character alignment to the script's words", () => {
  it("matches the characters in order, skipping extra ones, and spans letters, digits and symbols", () => {
    const { tokens } = speechTokens("Pay $20, don't wait.");
    const [part] = splitParts(tokens, 2500);
    expect(part?.text).toBe("Pay $20, don't wait.");
    // The answer starts with a space the text did not have, as answers sometimes do; each character 0.1 s long.
    const characters = [" ", ...Array.from("Pay $20, don't wait.")];
    const starts = characters.map((_, i) => i * 0.1);
    const spans = alignTokens(part ?? { tokens: [], text: "", ranges: [] }, {
      characters,
      character_start_times_seconds: starts,
      character_end_times_seconds: starts.map((t) => t + 0.1),
    });
    const round = (n: number | undefined) => Math.round((n ?? Number.NaN) * 100) / 100;
    expect(spans.map((s) => [round(s?.start), round(s?.end)])).toEqual([
      [0.1, 0.4], // Pay
      [0.5, 0.8], // $20 (the comma is not part of its sound)
      [1.0, 1.5], // don't (the apostrophe sits inside)
      [1.6, 2.0], // wait
    ]);
  });

  it("packs sentences into requests under the limit and never splits inside a word", () => {
    const { tokens } = speechTokens("One two three. Four five six. Seven eight nine ten eleven twelve.");
    const parts = splitParts(tokens, 40);
    expect(parts.map((p) => p.text)).toEqual(["One two three. Four five six.", "Seven eight nine ten eleven twelve."]);
    expect(parts.flatMap((p) => p.tokens.map((t) => t.index))).toEqual(tokens.map((t) => t.index));
    for (const part of parts) {
      const chars = Array.from(part.text);
      expect(part.ranges.map(({ from, to }) => chars.slice(from, to).join(""))).toEqual(part.tokens.map((t) => t.text));
    }
  });
});
