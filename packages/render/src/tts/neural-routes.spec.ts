/**
 * The voice routes an operator configures in env, end to end through createTtsProvider: a self-hosted Kokoro server
 * behind the OpenAI-compatible API, ElevenLabs, and the builders' voice previews following whichever is configured.
 * Both servers are local fakes that speak the providers' APIs and answer with real speech.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness, VOICE_LOUDNESS } from "./audio.ts";
import { ELEVENLABS_DEFAULT_VOICES } from "./elevenlabs.ts";
import { createTtsProvider } from "./factory.ts";
import { KOKORO_VOICE_MAP } from "./kokoro.ts";
import { previewText, renderVoicePreviews } from "./previews.ts";
import { type FakeElevenLabsServer, startFakeElevenLabsServer } from "./testing/fake-elevenlabs-server.ts";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./testing/fake-openai-server.ts";
import { speechTokens } from "./text.ts";

let kokoro: FakeOpenAiServer;
let eleven: FakeElevenLabsServer;
let workDir: string;

beforeAll(async () => {
  // Kokoro's voice names, each spoken by one of the offline voices.
  kokoro = await startFakeOpenAiServer({
    voiceAliases: { am_adam: "alloy", [KOKORO_VOICE_MAP.nova]: "nova", [KOKORO_VOICE_MAP.shimmer]: "shimmer" },
  });
  eleven = await startFakeElevenLabsServer({ apiKey: "xi-route-key" });
  workDir = await mkdtemp(join(tmpdir(), "reelsmith-tts-routes-"));
});

afterAll(async () => {
  await kokoro.close();
  await eleven.close();
  await rm(workDir, { recursive: true, force: true });
});

const kokoroEnv = () => ({
  TTS_BASE_URL: `${kokoro.baseUrl}/v1`,
  TTS_MODEL: "kokoro",
  TTS_VOICE_MAP: '{"alloy":"am_adam"}',
});
const elevenEnv = () => ({
  TTS_PROVIDER: "elevenlabs",
  ELEVENLABS_API_KEY: "xi-route-key",
  ELEVENLABS_BASE_URL: eleven.baseUrl,
});

describe("self-hosted Kokoro through the OpenAI-compatible route", () => {
  it("asks for the model, the mapped voice and WAV, and returns normalised speech with every word timed", async () => {
    kokoro.speechCalls.length = 0;
    const text = "I found the receipt. It was $20, and I don't want it back!";
    const provider = createTtsProvider(kokoroEnv(), { onWarning: () => {} });
    const speech = await provider.synthesize({ text, voice: "alloy", workDir });
    // Sentences are spoken in parallel: the calls are put in the script's order, not in the order they arrived.
    const calls = [...kokoro.speechCalls].sort((a, b) => text.indexOf(a.input) - text.indexOf(b.input));
    expect(calls.map(({ model, voice, input, format }) => ({ model, voice, input, format }))).toEqual([
      { model: "kokoro", voice: "am_adam", input: "I found the receipt.", format: "wav" },
      { model: "kokoro", voice: "am_adam", input: "It was $20, and I don't want it back!", format: "wav" },
    ]);
    expect(speech.words.map((w) => w.text)).toEqual(speechTokens(text).tokens.map((t) => t.text));
    let previousEnd = 0;
    for (const word of speech.words) {
      expect(word.start).toBeGreaterThanOrEqual(previousEnd);
      expect(word.end).toBeGreaterThan(word.start);
      previousEnd = word.end;
    }
    // The second sentence starts after the first one's audio.
    const first = calls[0]?.duration ?? 0;
    expect(speech.words[4]).toMatchObject({ text: "It" });
    expect(speech.words[4]?.start).toBeGreaterThan(first - 0.2);
    const loudness = await measureLoudness(speech.audioPath);
    expect(Math.abs(loudness.integrated - VOICE_LOUDNESS.integrated)).toBeLessThanOrEqual(1);
  }, 60_000);

  it("uses the default Kokoro voice of an id the map leaves out", async () => {
    kokoro.speechCalls.length = 0;
    await createTtsProvider(kokoroEnv()).synthesize({ text: "Hi there.", voice: "nova", workDir });
    expect(kokoro.speechCalls[0]).toMatchObject({ model: "kokoro", voice: KOKORO_VOICE_MAP.nova });
  }, 30_000);
});

describe("voice previews follow the configured provider", () => {
  it("are made with ElevenLabs once configured, reused, and remade once when the provider changes", async () => {
    const dir = join(workDir, "previews");
    const voices = ["nova" as const];
    const offline = await renderVoicePreviews({
      dir,
      provider: createTtsProvider({ TTS_PROVIDER: "offline" }),
      voices,
    });
    expect(offline[0]?.cached).toBe(false);

    eleven.calls.length = 0;
    const byEleven = await renderVoicePreviews({ dir, provider: createTtsProvider(elevenEnv()), voices });
    expect(byEleven[0]).toMatchObject({ voice: "nova", cached: false });
    expect(byEleven[0]?.file).not.toBe(offline[0]?.file);
    expect(eleven.calls).toHaveLength(1);
    expect(eleven.calls[0]).toMatchObject({
      voiceId: ELEVENLABS_DEFAULT_VOICES.nova.id,
      body: { text: previewText("Sophie") },
    });
    expect((await readdir(dir)).filter((f) => f.startsWith("nova-"))).toEqual([byEleven[0]?.file]);

    const again = await renderVoicePreviews({ dir, provider: createTtsProvider(elevenEnv()), voices });
    expect(again[0]).toMatchObject({ file: byEleven[0]?.file, cached: true });
    expect(eleven.calls).toHaveLength(1);

    const byKokoro = await renderVoicePreviews({ dir, provider: createTtsProvider(kokoroEnv()), voices });
    expect(byKokoro[0]?.cached).toBe(false);
    expect(byKokoro[0]?.file).not.toBe(byEleven[0]?.file);
    expect((await readdir(dir)).filter((f) => f.startsWith("nova-"))).toEqual([byKokoro[0]?.file]);
  }, 120_000);
});
