/**
 * The in-process Kokoro voice, the whole path: setup's fetch from a model hub (a local fake serving a small stand-in
 * model with Kokoro's inputs and outputs), the provider the environment then picks, and speech with every word timed.
 * The real Kokoro-82M weights are not used here: the stand-in speaks a tone, not words.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness, probeDuration, VOICE_LOUDNESS } from "./audio.ts";
import { createTtsProvider, localTtsProvider, ttsProviderKind } from "./factory.ts";
import {
  fetchKokoroModel,
  findKokoroModel,
  KOKORO_MODEL_ID,
  KOKORO_VOICE_MAP,
  KokoroTtsProvider,
  kokoroModelFiles,
  kokoroSettings,
} from "./kokoro.ts";
import { OfflineTtsProvider } from "./offline.ts";
import { expectWordsInOrder } from "./testing/expect-words.ts";
import { type FakeModelHub, startFakeModelHub } from "./testing/fake-model-hub.ts";
import { standInKokoroFiles } from "./testing/stand-in-kokoro.ts";

let hub: FakeModelHub;
let root: string;

beforeAll(async () => {
  hub = await startFakeModelHub({ [KOKORO_MODEL_ID]: standInKokoroFiles() });
  root = await mkdtemp(join(tmpdir(), "reelsmith-kokoro-"));
});

afterAll(async () => {
  await hub.close();
  await rm(root, { recursive: true, force: true });
});

/** A fresh cache folder per test, so each starts without the model. */
async function cacheEnv(name: string, extra: Record<string, string> = {}) {
  const cache = join(root, name);
  await mkdir(cache, { recursive: true });
  return { TTS_CACHE_DIR: cache, KOKORO_HUB_URL: hub.url, ...extra };
}

async function writeModelDir(dir: string) {
  for (const [file, content] of Object.entries(standInKokoroFiles())) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), content);
  }
}

describe("setup's fetch of the model", () => {
  it("downloads the q8 model's files once from the hub into the cache, then finds them there", async () => {
    const env = await cacheEnv("fetch");
    const settings = kokoroSettings(env);
    expect(findKokoroModel(settings)).toBeUndefined();
    expect(ttsProviderKind(env)).toBe("offline");
    hub.requests.length = 0;
    const progress: string[] = [];
    const result = await fetchKokoroModel(settings, { onProgress: (m) => progress.push(m) });
    const dir = join(env.TTS_CACHE_DIR, "models", KOKORO_MODEL_ID);
    expect(result).toEqual({ status: "ready", dir, fetched: true });
    for (const file of kokoroModelFiles("q8")) expect(existsSync(join(dir, file)), file).toBe(true);
    const fetched = hub.requests.filter((r) => r.status === 200).map((r) => r.path.split("/resolve/main/")[1]);
    expect(new Set(fetched)).toEqual(new Set(kokoroModelFiles("q8")));
    // Nothing but the model is left in the cache (no scratch folder).
    expect(await readdir(join(env.TTS_CACHE_DIR, "models"))).toEqual([KOKORO_MODEL_ID.split("/")[0]]);
    expect(progress.some((line) => line.startsWith("onnx/model_quantized.onnx: 100 %"))).toBe(true);

    hub.requests.length = 0;
    expect(await fetchKokoroModel(settings)).toEqual({ status: "ready", dir, fetched: false });
    expect(hub.requests).toEqual([]);
    // With the model on disk and nothing else configured, auto picks it; a configured service still wins.
    expect(ttsProviderKind(env)).toBe("kokoro");
    expect(createTtsProvider(env)).toBeInstanceOf(KokoroTtsProvider);
    expect(ttsProviderKind({ ...env, TTS_BASE_URL: "http://127.0.0.1:8880/v1" })).toBe("openai-compatible");
    expect(ttsProviderKind({ ...env, TTS_PROVIDER: "offline" })).toBe("offline");
  }, 60_000);

  it("reports a hub that cannot be reached, keeps nothing, and the offline voices stay in use", async () => {
    const env = await cacheEnv("unreachable", { KOKORO_HUB_URL: "http://127.0.0.1:9" });
    const result = await fetchKokoroModel(kokoroSettings(env), { probeTimeoutMs: 5000 });
    expect(result.status).toBe("unavailable");
    expect(result.status === "unavailable" && result.reason).toMatch(/could not be reached/);
    expect(existsSync(join(env.TTS_CACHE_DIR, "models"))).toBe(false);
    expect(createTtsProvider(env)).toBeInstanceOf(OfflineTtsProvider);
    expect(() => createTtsProvider({ ...env, TTS_PROVIDER: "kokoro" })).toThrow(/model is not on disk yet/);
  }, 30_000);

  it("keeps nothing of a download that fails part way", async () => {
    const other = "test-owner/broken-kokoro";
    const broken = await startFakeModelHub({ [other]: standInKokoroFiles() });
    try {
      broken.fail(other, "onnx/model_quantized.onnx", 500);
      const env = await cacheEnv("partial", { KOKORO_HUB_URL: broken.url, KOKORO_MODEL: other });
      const result = await fetchKokoroModel(kokoroSettings(env));
      expect(result.status).toBe("unavailable");
      expect(broken.requests.some((r) => r.status === 500)).toBe(true);
      expect(await readdir(join(env.TTS_CACHE_DIR, "models"))).toEqual([]);
      expect(findKokoroModel(kokoroSettings(env))).toBeUndefined();
    } finally {
      await broken.close();
    }
  }, 30_000);

  it("uses the operator's own copy in KOKORO_MODEL_DIR without asking the hub", async () => {
    const dir = join(root, "operator-model");
    await writeModelDir(dir);
    const env = await cacheEnv("operator", { KOKORO_MODEL_DIR: dir });
    hub.requests.length = 0;
    expect(await fetchKokoroModel(kokoroSettings(env))).toEqual({ status: "ready", dir, fetched: false });
    expect(ttsProviderKind(env)).toBe("kokoro");
    expect(hub.requests).toEqual([]);
    const half = join(root, "half-model");
    await mkdir(half, { recursive: true });
    await writeFile(join(half, "config.json"), "{}");
    const result = await fetchKokoroModel(kokoroSettings({ ...env, KOKORO_MODEL_DIR: half }));
    expect(result.status === "unavailable" && result.reason).toMatch(/lacks tokenizer\.json/);
  });

  it("rejects settings it cannot use, naming the variable", () => {
    expect(() => kokoroSettings({ KOKORO_DTYPE: "int3" })).toThrow(/KOKORO_DTYPE must be one of fp32/);
    expect(() => kokoroSettings({ KOKORO_HUB_URL: "hub.local" })).toThrow(/KOKORO_HUB_URL must be an http/);
  });
});

describe("speech from the model in process", () => {
  let modelDir: string;
  let workDir: string;

  beforeAll(async () => {
    modelDir = join(root, "speak-model");
    await writeModelDir(modelDir);
    workDir = join(root, "work");
    await mkdir(workDir, { recursive: true });
  });

  it("speaks sentence by sentence with the mapped voice, every word timed in order, at the voice loudness", async () => {
    const text = "I found the receipt in his coat. It was for a ring, and it was not mine!";
    const warnings: string[] = [];
    const provider = createTtsProvider(
      { KOKORO_MODEL_DIR: modelDir, TTS_VOICE_MAP: '{"alloy":"am_adam"}' },
      { onWarning: (m) => warnings.push(m) },
    );
    expect(provider).toBeInstanceOf(KokoroTtsProvider);
    expect(provider.voiceKey?.("alloy")).toBe(`kokoro:${modelDir}:q8:am_adam`);
    expect(provider.voiceKey?.("nova")).toBe(`kokoro:${modelDir}:q8:${KOKORO_VOICE_MAP.nova}`);
    const speech = await provider.synthesize({ text, voice: "alloy", workDir });
    expect(speech.timing).toBe("aligned");
    expectWordsInOrder(speech, text, 0.01);
    // The stand-in gives every phoneme symbol 75 ms: two sentences of about 30 and 35 symbols.
    expect(speech.duration).toBeGreaterThan(3);
    expect(speech.duration).toBeLessThan(8);
    expect(await probeDuration(speech.audioPath)).toBeCloseTo(speech.duration, 1);
    const loudness = await measureLoudness(speech.audioPath);
    expect(Math.abs(loudness.integrated - VOICE_LOUDNESS.integrated)).toBeLessThanOrEqual(1);
    // The second sentence (a little longer than the first) starts where the first one's audio ends.
    const second = speech.words.find((w) => w.text === "It")?.start ?? 0;
    expect(second / speech.duration).toBeGreaterThan(0.3);
    expect(second / speech.duration).toBeLessThan(0.6);
    // No scratch files are left beside the audio.
    expect((await readdir(workDir)).filter((f) => f.startsWith(".tts-"))).toEqual([]);
  }, 120_000);

  it("speaks faster at a higher speed, and another voice differently", async () => {
    const provider = createTtsProvider({ KOKORO_MODEL_DIR: modelDir }, { onWarning: () => {} });
    const text = "Wait until you hear what happened next.";
    const normal = await provider.synthesize({ text, voice: "nova", workDir });
    const quick = await provider.synthesize({ text, voice: "nova", workDir, speed: 2 });
    expect(quick.duration).toBeLessThan(normal.duration * 0.8);
    const other = await provider.synthesize({ text, voice: "onyx", workDir });
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(other.audioPath)).equals(await readFile(normal.audioPath))).toBe(false);
  }, 120_000);

  it("falls back to the offline voices, with one warning, when the model on disk is damaged", async () => {
    const damaged = join(root, "damaged-model");
    await writeModelDir(damaged);
    await truncate(join(damaged, "onnx/model_quantized.onnx"), 40);
    const warnings: string[] = [];
    const provider = createTtsProvider({ KOKORO_MODEL_DIR: damaged }, { onWarning: (m) => warnings.push(m) });
    const first = await provider.synthesize({ text: "Still speaking.", voice: "shimmer", workDir });
    await provider.synthesize({ text: "And again.", voice: "shimmer", workDir });
    expect(first.timing).toBe("engine");
    expect(first.words.map((w) => w.text)).toEqual(["Still", "speaking."]);
    expect(warnings.filter((m) => m.includes("could not be loaded"))).toHaveLength(1);
    expect(warnings[0]).toMatch(/using the offline voices/);
  }, 60_000);
});

describe("the best voice on this machine (the landing page's clips)", () => {
  it("is Kokoro when its model is on disk and loads, else the offline voices; never a remote provider", async () => {
    const modelDir = join(root, "local-model");
    await writeModelDir(modelDir);
    expect(await localTtsProvider({ KOKORO_MODEL_DIR: modelDir })).toBeInstanceOf(KokoroTtsProvider);
    // An operator's remote provider for creators' videos is not used for the clips.
    const remote = { KOKORO_MODEL_DIR: modelDir, TTS_PROVIDER: "openai", TTS_BASE_URL: "http://127.0.0.1:9/v1" };
    expect(await localTtsProvider(remote)).toBeInstanceOf(KokoroTtsProvider);
    expect(await localTtsProvider({ TTS_CACHE_DIR: join(root, "no-model") })).toBeInstanceOf(OfflineTtsProvider);
    expect(await localTtsProvider({ KOKORO_MODEL_DIR: modelDir, TTS_PROVIDER: "offline" })).toBeInstanceOf(
      OfflineTtsProvider,
    );

    const damaged = join(root, "local-damaged-model");
    await writeModelDir(damaged);
    await truncate(join(damaged, "onnx/model_quantized.onnx"), 40);
    const warnings: string[] = [];
    const provider = await localTtsProvider({ KOKORO_MODEL_DIR: damaged }, { onWarning: (m) => warnings.push(m) });
    expect(provider).toBeInstanceOf(OfflineTtsProvider);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not be loaded .*using the offline voices/);
  }, 60_000);
});
