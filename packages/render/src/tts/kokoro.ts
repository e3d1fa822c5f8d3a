import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { VoiceId } from "@reelsmith/core";
import { decodeProviderAudio } from "./audio.ts";
import { defaultCacheDir } from "./c-helper.ts";
import { TtsError, throwIfAborted } from "./errors.ts";
import { OfflineTtsProvider } from "./offline.ts";
import { checkVoice, warningsTo, wordsToSpeak } from "./request.ts";
import { alignSentenceClips, masterSpeech } from "./sentence-clips.ts";
import { chunkTokens } from "./text.ts";
import type { Speech, SpeechRequest, TtsProvider } from "./types.ts";
import { clampSpeed } from "./voices.ts";

/**
 * Kokoro-82M run in this process (kokoro-js on ONNX Runtime's CPU build): a natural voice without a speech server.
 * kokoro-js over sherpa-onnx because it reads the model as the model hub publishes it (the same repository, files
 * and quantised variants), ships the 54 voice styles inside its npm package and brings its own phonemiser
 * (espeak-ng as WebAssembly), so nothing but the model itself has to be fetched, once, by setup.
 *
 * This module owns the model runtime: it alone sets the runtime's process-wide settings (where models are read from,
 * whether the network may be used) and loads the model.
 */

type Env = Record<string, string | undefined>;

export const KOKORO_MODEL_ID = "onnx-community/Kokoro-82M-v1.0-ONNX";

/** Weight variants of the export and the file each is read from. q8 (92 MB) is the default: fp32 is 326 MB. */
export const KOKORO_DTYPES = { fp32: "", fp16: "_fp16", q8: "_quantized", q4: "_q4", q4f16: "_q4f16" } as const;
export type KokoroDtype = keyof typeof KOKORO_DTYPES;

/**
 * Kokoro voices closest to the catalogue's, by gender and age: for the model in process and for a Kokoro speech server
 * (e.g. Kokoro-FastAPI with TTS_MODEL=kokoro). TTS_VOICE_MAP overrides any of them.
 */
export const KOKORO_VOICE_MAP: Readonly<Record<VoiceId, string>> = {
  alloy: "am_michael",
  echo: "am_puck",
  onyx: "am_fenrir",
  fable: "am_liam",
  nova: "af_bella",
  shimmer: "af_heart",
};

export interface KokoroSettings {
  modelId: string;
  dtype: KokoroDtype;
  /** The operator's own copy of the model repository (KOKORO_MODEL_DIR), used as it is. */
  modelDir?: string;
  /** A mirror of the model hub (KOKORO_HUB_URL); the runtime's default hub otherwise. */
  hubUrl?: string;
  /** Where setup keeps the fetched model: <TTS_CACHE_DIR>/models/<model id>. */
  cacheRoot: string;
}

export function kokoroSettings(env: Env = process.env): KokoroSettings {
  const dtype = (env.KOKORO_DTYPE || "q8").toLowerCase();
  if (!(dtype in KOKORO_DTYPES)) {
    throw new TtsError(
      "PROVIDER_REJECTED",
      `KOKORO_DTYPE must be one of ${Object.keys(KOKORO_DTYPES).join(", ")} (got "${env.KOKORO_DTYPE}").`,
    );
  }
  const hubUrl = env.KOKORO_HUB_URL?.trim();
  if (hubUrl && !/^https?:\/\/[^/]/.test(hubUrl)) {
    throw new TtsError("PROVIDER_REJECTED", `KOKORO_HUB_URL must be an http(s) URL (got "${hubUrl}").`);
  }
  return {
    modelId: env.KOKORO_MODEL?.trim() || KOKORO_MODEL_ID,
    dtype: dtype as KokoroDtype,
    modelDir: env.KOKORO_MODEL_DIR?.trim() || undefined,
    hubUrl: hubUrl ? hubUrl.replace(/\/+$/, "") : undefined,
    cacheRoot: join(defaultCacheDir(env), "models"),
  };
}

/** The files a model directory must hold for a weight variant. */
export function kokoroModelFiles(dtype: KokoroDtype): string[] {
  return ["config.json", "tokenizer.json", "tokenizer_config.json", `onnx/model${KOKORO_DTYPES[dtype]}.onnx`];
}

const complete = (dir: string, dtype: KokoroDtype) =>
  kokoroModelFiles(dtype).every((file) => existsSync(join(dir, file)));

/** The local directory holding the whole model (the operator's, else setup's copy), or undefined. */
export function findKokoroModel(settings: KokoroSettings): string | undefined {
  if (settings.modelDir) return complete(settings.modelDir, settings.dtype) ? settings.modelDir : undefined;
  const cached = join(settings.cacheRoot, settings.modelId);
  return complete(cached, settings.dtype) ? cached : undefined;
}

type Transformers = typeof import("@huggingface/transformers");
type KokoroModule = typeof import("kokoro-js");
type KokoroModel = InstanceType<KokoroModule["KokoroTTS"]>;
type KokoroVoice = NonNullable<NonNullable<Parameters<KokoroModel["generate"]>[1]>["voice"]>;

async function runtime(): Promise<{ transformers: Transformers; kokoro: KokoroModule }> {
  const [transformers, kokoro] = await Promise.all([import("@huggingface/transformers"), import("kokoro-js")]);
  return { transformers, kokoro };
}

/** Loads the model from a local directory only: the runtime is told never to reach the network. */
async function loadLocal(dir: string, dtype: KokoroDtype): Promise<KokoroModel> {
  const { transformers, kokoro } = await runtime();
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.useFSCache = false;
  return kokoro.KokoroTTS.from_pretrained(dir, { dtype, device: "cpu" });
}

export type KokoroFetchResult =
  | { status: "ready"; dir: string; fetched: boolean }
  | { status: "unavailable"; reason: string };

/**
 * Setup's one fetch of the model: nothing to do when a complete copy is there (or the operator named a directory);
 * else the hub (or its mirror) is asked for config.json within `probeTimeoutMs` and, when it answers, the model's
 * files are downloaded into a scratch folder, loaded once to prove them, then moved into the cache in one rename.
 * Never throws for a hub that cannot be reached: the answer says why, and the offline voices stay in use.
 */
export async function fetchKokoroModel(
  settings: KokoroSettings,
  options: { probeTimeoutMs?: number; onProgress?: (message: string) => void } = {},
): Promise<KokoroFetchResult> {
  const found = findKokoroModel(settings);
  if (found) return { status: "ready", dir: found, fetched: false };
  if (settings.modelDir) {
    return {
      status: "unavailable",
      reason: `KOKORO_MODEL_DIR (${settings.modelDir}) lacks ${kokoroModelFiles(settings.dtype)
        .filter((file) => !existsSync(join(settings.modelDir ?? "", file)))
        .join(", ")}`,
    };
  }
  const { transformers, kokoro } = await runtime();
  const hub = settings.hubUrl ?? transformers.env.remoteHost.replace(/\/+$/, "");
  const probe = `${hub}/${settings.modelId}/resolve/main/config.json`;
  try {
    const response = await fetch(probe, { signal: AbortSignal.timeout(options.probeTimeoutMs ?? 15_000) });
    await response.body?.cancel();
    if (!response.ok)
      return { status: "unavailable", reason: `the model hub answered ${response.status} for ${probe}` };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return {
      status: "unavailable",
      reason: `the model hub could not be reached (${error instanceof Error ? error.message : String(error)}${cause})`,
    };
  }
  const scratch = join(settings.cacheRoot, `.fetch-${process.pid}-${randomBytes(4).toString("hex")}`);
  const target = join(settings.cacheRoot, settings.modelId);
  transformers.env.remoteHost = `${hub}/`;
  transformers.env.allowRemoteModels = true;
  transformers.env.allowLocalModels = false;
  transformers.env.useFSCache = true;
  transformers.env.cacheDir = scratch;
  const reported = new Map<string, number>();
  try {
    await kokoro.KokoroTTS.from_pretrained(settings.modelId, {
      dtype: settings.dtype,
      device: "cpu",
      progress_callback: (event: { status: string; file?: string; progress?: number; total?: number }) => {
        if (event.status !== "progress" || !event.file || event.progress === undefined) return;
        const decile = Math.floor(event.progress / 10);
        if ((reported.get(event.file) ?? -1) >= decile) return;
        reported.set(event.file, decile);
        const size = event.total ? ` of ${(event.total / 1e6).toFixed(1)} MB` : "";
        options.onProgress?.(`${event.file}: ${decile * 10} %${size}`);
      },
    });
    await rm(target, { recursive: true, force: true });
    await mkdir(dirname(target), { recursive: true });
    await rename(join(scratch, settings.modelId), target);
    return { status: "ready", dir: target, fetched: true };
  } catch (error) {
    return {
      status: "unavailable",
      reason: `fetching ${settings.modelId} failed (${error instanceof Error ? error.message : String(error)})`,
    };
  } finally {
    transformers.env.allowRemoteModels = false;
    transformers.env.useFSCache = false;
    await rm(scratch, { recursive: true, force: true });
  }
}

export interface KokoroTtsOptions {
  /** A directory holding the whole model (see findKokoroModel). */
  modelDir: string;
  dtype: KokoroDtype;
  /** Catalogue voice -> Kokoro voice name; KOKORO_VOICE_MAP for the ids it leaves out. */
  voiceMap?: Partial<Record<VoiceId, string>>;
  /** Where the forced aligner keeps its compiled lexicon helper. */
  cacheDir?: string;
  onWarning?: (message: string) => void;
  /**
   * Speaks when the model cannot be loaded (a damaged copy): the offline voices, so a render never fails for it.
   * The first such request warns with the reason.
   */
  fallback?: TtsProvider;
}

/**
 * Speech from Kokoro-82M in this process. The script is spoken sentence by sentence (Kokoro reads up to 510 phonemes
 * at once, and a sentence keeps its own intonation), the sentences joined sample exact, and every word found in its
 * sentence by the forced aligner, as for any provider whose engine reports no word times.
 */
export class KokoroTtsProvider implements TtsProvider {
  readonly name = "kokoro";
  readonly #options: KokoroTtsOptions;
  #model: Promise<KokoroModel> | undefined;
  #failure: string | undefined;
  #offline: TtsProvider | undefined;

  constructor(options: KokoroTtsOptions) {
    this.#options = options;
  }

  voiceName(voice: VoiceId): string {
    return this.#options.voiceMap?.[voice] ?? KOKORO_VOICE_MAP[voice];
  }

  voiceKey(voice: VoiceId): string {
    return `kokoro:${this.#options.modelDir}:${this.#options.dtype}:${this.voiceName(voice)}`;
  }

  /** Loads the model now (the first request would otherwise); rejects with why it cannot be loaded. */
  load(): Promise<KokoroModel> {
    this.#model ??= loadLocal(this.#options.modelDir, this.#options.dtype);
    return this.#model;
  }

  async synthesize(request: SpeechRequest): Promise<Speech> {
    const { signal } = request;
    throwIfAborted(signal);
    checkVoice(request.voice);
    const warn = warningsTo(this.#options.onWarning);
    // The model reads English only: another language goes to the offline voices, which speak every one.
    if ((request.language ?? "english") !== "english") {
      this.#offline ??= this.#options.fallback ?? new OfflineTtsProvider({ cacheDir: this.#options.cacheDir });
      return this.#offline.synthesize(request);
    }
    let model: KokoroModel;
    try {
      model = await this.load();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!this.#options.fallback) {
        throw new TtsError("PROVIDER_REJECTED", `The Kokoro model could not be loaded (${reason}).`, { cause: error });
      }
      if (this.#failure === undefined) {
        this.#failure = reason;
        warn(
          `The Kokoro model in ${this.#options.modelDir} could not be loaded (${reason}); using the offline voices.`,
        );
      }
      return this.#options.fallback.synthesize(request);
    }
    const { tokens, warnings } = wordsToSpeak(request.text, warn);
    const parts = chunkTokens(tokens);
    const voice = this.voiceName(request.voice);
    const speed = clampSpeed(request.speed);
    const scratch = join(request.workDir, `.tts-${randomBytes(6).toString("hex")}`);
    await mkdir(scratch, { recursive: true });
    try {
      const clips: string[] = [];
      for (const [i, part] of parts.entries()) {
        throwIfAborted(signal);
        let audio: { toWav(): ArrayBuffer };
        try {
          audio = await model.generate(part.text, { voice: voice as KokoroVoice, speed });
        } catch (error) {
          throw new TtsError(
            "PROVIDER_BAD_RESPONSE",
            `Kokoro could not speak a sentence (${error instanceof Error ? error.message : String(error)}).`,
            { cause: error },
          );
        }
        const raw = join(scratch, `part-${i}.kokoro.wav`);
        const wav = join(scratch, `part-${i}.wav`);
        await writeFile(raw, Buffer.from(audio.toWav()));
        await decodeProviderAudio(raw, wav, signal);
        clips.push(wav);
      }
      const aligned = await alignSentenceClips({
        parts,
        clips,
        scratch,
        cacheDir: this.#options.cacheDir,
        signal,
        warn: (message) => {
          warnings.push(message);
          warn(message);
        },
      });
      return await masterSpeech({
        ...aligned,
        audioPath: join(request.workDir, `speech-${request.voice}-${randomBytes(6).toString("hex")}.wav`),
        scratch,
        tokens,
        warnings,
        signal,
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}
