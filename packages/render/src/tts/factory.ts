import { VOICE_IDS, type VoiceId, type VoiceProvider } from "@reelsmith/core";
import {
  DEFAULT_ELEVENLABS_MODEL,
  ELEVENLABS_BASE_URL,
  type ElevenLabsTtsOptions,
  ElevenLabsTtsProvider,
} from "./elevenlabs.ts";
import { TtsError } from "./errors.ts";
import { findKokoroModel, KOKORO_VOICE_MAP, KokoroTtsProvider, kokoroSettings } from "./kokoro.ts";
import { type OfflineTtsOptions, OfflineTtsProvider } from "./offline.ts";
import { type OpenAiEndpoint, type OpenAiTtsOptions, OpenAiTtsProvider } from "./openai.ts";
import type { TtsProvider } from "./types.ts";

export const OPENAI_BASE_URL = "https://api.openai.com";
export const DEFAULT_TTS_MODEL = "gpt-4o-mini-tts";
export const DEFAULT_STT_MODEL = "whisper-1";

type Env = Record<string, string | undefined>;

const FORMATS = ["wav", "mp3", "flac", "aac", "opus"] as const;

export type TtsProviderKind = VoiceProvider;

/**
 * The text-to-speech provider the environment asks for:
 *
 * - `TTS_PROVIDER` = `offline` | `kokoro` | `openai` | `elevenlabs` | `auto` (default): auto means OpenAI-compatible
 *   when `TTS_BASE_URL` is set or `TTS_API_KEY` is (then with OpenAI's own base URL), else ElevenLabs when
 *   `ELEVENLABS_API_KEY` is set, else Kokoro-82M in process when its model is on disk (fetched by setup, or
 *   `KOKORO_MODEL_DIR`), else the offline Debian voices.
 * - Kokoro: `KOKORO_MODEL_DIR`, `KOKORO_MODEL` (onnx-community/Kokoro-82M-v1.0-ONNX), `KOKORO_DTYPE` (q8),
 *   `KOKORO_HUB_URL` (a mirror of the model hub, for setup's fetch), `TTS_VOICE_MAP` (Kokoro voice names).
 * - OpenAI-compatible: `TTS_BASE_URL`, `TTS_API_KEY`, `TTS_MODEL` (default gpt-4o-mini-tts), `TTS_VOICE_MAP` (JSON,
 *   e.g. {"alloy":"af_bella"}; with TTS_MODEL=kokoro the ids it leaves out use KOKORO_VOICE_MAP),
 *   `TTS_RESPONSE_FORMAT` (wav), `TTS_TIMEOUT_MS` (60000).
 * - ElevenLabs: `ELEVENLABS_API_KEY`, `ELEVENLABS_BASE_URL` (https://api.elevenlabs.io), `ELEVENLABS_MODEL`
 *   (eleven_multilingual_v2), `ELEVENLABS_VOICE_MAP` (JSON of ElevenLabs voice ids; default premade voices),
 *   `TTS_TIMEOUT_MS`.
 * - Word timestamps: `STT_MODEL` or `STT_BASE_URL` turns on `/v1/audio/transcriptions` (model default whisper-1;
 *   base URL and key default to the TTS ones); otherwise words are aligned per phrase.
 * - Offline: `TTS_CACHE_DIR` holds the compiled flite helper.
 */
/**
 * Which provider the environment picks, without building it: a configured service (TTS_BASE_URL, or TTS_API_KEY for
 * OpenAI itself; ELEVENLABS_API_KEY), else Kokoro when its model is on disk, else the offline voices; TTS_PROVIDER
 * names one outright.
 */
export function ttsProviderKind(env: Env = process.env): TtsProviderKind {
  const choice = (env.TTS_PROVIDER || "auto").toLowerCase();
  if (choice === "elevenlabs") return "elevenlabs";
  if (choice === "offline") return "offline";
  if (choice === "kokoro") return "kokoro";
  if (choice === "openai" || env.TTS_BASE_URL || env.TTS_API_KEY) return "openai-compatible";
  if (env.ELEVENLABS_API_KEY) return "elevenlabs";
  return findKokoroModel(kokoroSettings(env)) ? "kokoro" : "offline";
}

export function createTtsProvider(
  env: Env = process.env,
  extra: { onWarning?: (message: string) => void } & Pick<OfflineTtsOptions, "parallelism"> = {},
): TtsProvider {
  const choice = (env.TTS_PROVIDER || "auto").toLowerCase();
  if (!["auto", "offline", "kokoro", "openai", "elevenlabs"].includes(choice)) {
    throw new TtsError(
      "PROVIDER_REJECTED",
      `TTS_PROVIDER must be auto, offline, kokoro, openai or elevenlabs (got "${env.TTS_PROVIDER}").`,
    );
  }
  const kind = ttsProviderKind(env);
  if (kind === "elevenlabs") {
    return new ElevenLabsTtsProvider(elevenLabsOptions(env, extra.onWarning));
  }
  if (kind === "kokoro") return kokoroProvider(env, extra);
  const baseUrl = env.TTS_BASE_URL || (env.TTS_API_KEY ? OPENAI_BASE_URL : undefined);
  if (choice === "offline" || (choice === "auto" && !baseUrl)) {
    return new OfflineTtsProvider({ cacheDir: env.TTS_CACHE_DIR || undefined, ...extra });
  }
  if (!baseUrl) {
    throw new TtsError("PROVIDER_REJECTED", "TTS_PROVIDER=openai needs TTS_BASE_URL or TTS_API_KEY.");
  }
  return new OpenAiTtsProvider(openAiOptions(env, baseUrl, extra.onWarning));
}

function kokoroProvider(
  env: Env,
  extra: { onWarning?: (message: string) => void } & Pick<OfflineTtsOptions, "parallelism">,
): TtsProvider {
  const settings = kokoroSettings(env);
  const modelDir = findKokoroModel(settings);
  if (!modelDir) {
    throw new TtsError(
      "PROVIDER_REJECTED",
      settings.modelDir
        ? `TTS_PROVIDER=kokoro: KOKORO_MODEL_DIR (${settings.modelDir}) does not hold the whole ${settings.dtype} model.`
        : `TTS_PROVIDER=kokoro: the model is not on disk yet; npm start fetches it when the model hub (or KOKORO_HUB_URL) can be reached, or set KOKORO_MODEL_DIR.`,
    );
  }
  const cacheDir = env.TTS_CACHE_DIR || undefined;
  return new KokoroTtsProvider({
    modelDir,
    dtype: settings.dtype,
    voiceMap: parseVoiceMap(env.TTS_VOICE_MAP),
    cacheDir,
    onWarning: extra.onWarning,
    fallback: new OfflineTtsProvider({ cacheDir, ...extra }),
  });
}

/**
 * The best voice that runs on this machine, for work no one asked a paid service to do (the landing page's
 * clips): Kokoro when its model is on disk and loads, else the offline voices (also when TTS_PROVIDER=offline).
 * Never a remote provider, whatever is configured for creators' videos.
 */
export async function localTtsProvider(
  env: Env = process.env,
  extra: { onWarning?: (message: string) => void } & Pick<OfflineTtsOptions, "parallelism"> = {},
): Promise<TtsProvider> {
  const cacheDir = env.TTS_CACHE_DIR || undefined;
  const offline = new OfflineTtsProvider({ cacheDir, ...extra });
  if ((env.TTS_PROVIDER || "").toLowerCase() === "offline") return offline;
  const settings = kokoroSettings(env);
  const modelDir = findKokoroModel(settings);
  if (!modelDir) return offline;
  const kokoro = new KokoroTtsProvider({
    modelDir,
    dtype: settings.dtype,
    voiceMap: parseVoiceMap(env.TTS_VOICE_MAP),
    cacheDir,
    onWarning: extra.onWarning,
  });
  try {
    await kokoro.load();
    return kokoro;
  } catch (error) {
    extra.onWarning?.(
      `The Kokoro model in ${modelDir} could not be loaded (${error instanceof Error ? error.message : String(error)}); using the offline voices.`,
    );
    return offline;
  }
}

function elevenLabsOptions(env: Env, onWarning?: (message: string) => void): ElevenLabsTtsOptions {
  const apiKey = env.ELEVENLABS_API_KEY?.trim();
  if (!apiKey) throw new TtsError("PROVIDER_REJECTED", "TTS_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY.");
  const baseUrl = env.ELEVENLABS_BASE_URL || ELEVENLABS_BASE_URL;
  checkUrl("ELEVENLABS_BASE_URL", baseUrl);
  const voiceMap = parseVoiceMap(env.ELEVENLABS_VOICE_MAP, "ELEVENLABS_VOICE_MAP");
  return {
    apiKey,
    baseUrl,
    model: env.ELEVENLABS_MODEL || DEFAULT_ELEVENLABS_MODEL,
    timeoutMs: timeoutOf(env),
    ...(voiceMap ? { voiceMap } : {}),
    ...(onWarning ? { onWarning } : {}),
  };
}

function timeoutOf(env: Env): number {
  const timeout = env.TTS_TIMEOUT_MS ? Number(env.TTS_TIMEOUT_MS) : 60_000;
  if (!Number.isFinite(timeout) || timeout < 1000) {
    throw new TtsError("PROVIDER_REJECTED", "TTS_TIMEOUT_MS must be a number of milliseconds, at least 1000.");
  }
  return timeout;
}

function openAiOptions(env: Env, baseUrl: string, onWarning?: (message: string) => void): OpenAiTtsOptions {
  checkUrl("TTS_BASE_URL", baseUrl);
  const format = (env.TTS_RESPONSE_FORMAT || "wav").toLowerCase();
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new TtsError(
      "PROVIDER_REJECTED",
      `TTS_RESPONSE_FORMAT must be one of ${FORMATS.join(", ")} (got "${format}").`,
    );
  }
  const timeout = timeoutOf(env);
  let transcription: OpenAiEndpoint | undefined;
  if (env.STT_MODEL || env.STT_BASE_URL) {
    const sttBase = env.STT_BASE_URL || baseUrl;
    checkUrl("STT_BASE_URL", sttBase);
    transcription = {
      baseUrl: sttBase,
      apiKey: env.STT_API_KEY || env.TTS_API_KEY,
      model: env.STT_MODEL || DEFAULT_STT_MODEL,
    };
  }
  const model = env.TTS_MODEL || DEFAULT_TTS_MODEL;
  const voiceMap = parseVoiceMap(env.TTS_VOICE_MAP);
  return {
    baseUrl,
    apiKey: env.TTS_API_KEY || undefined,
    model,
    voiceMap: model.toLowerCase() === "kokoro" ? { ...KOKORO_VOICE_MAP, ...voiceMap } : voiceMap,
    responseFormat: format as OpenAiTtsOptions["responseFormat"],
    timeoutMs: timeout,
    transcription,
    onWarning,
  };
}

function checkUrl(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TtsError("PROVIDER_REJECTED", `${name} is not a URL: "${value}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TtsError("PROVIDER_REJECTED", `${name} must be an http(s) URL.`);
  }
}

/** TTS_VOICE_MAP (or ELEVENLABS_VOICE_MAP): a JSON object from catalogue voice ids to the provider's voice names. */
export function parseVoiceMap(
  raw: string | undefined,
  variable = "TTS_VOICE_MAP",
): Partial<Record<VoiceId, string>> | undefined {
  if (!raw?.trim()) return undefined;
  const problem = `${variable} must be a JSON object mapping voice ids (${VOICE_IDS.join(", ")}) to provider voice names`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new TtsError("PROVIDER_REJECTED", `${problem}; it is not valid JSON.`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new TtsError("PROVIDER_REJECTED", `${problem}.`);
  const map: Partial<Record<VoiceId, string>> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!(VOICE_IDS as readonly string[]).includes(key)) {
      throw new TtsError("PROVIDER_REJECTED", `${problem}; "${key}" is not a voice id.`);
    }
    if (typeof value !== "string" || !value.trim()) {
      throw new TtsError("PROVIDER_REJECTED", `${problem}; the value for "${key}" must be a non-empty string.`);
    }
    map[key as VoiceId] = value.trim();
  }
  return map;
}
