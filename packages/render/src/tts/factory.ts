import { VOICE_IDS, type VoiceId } from "@reelsmith/core";
import { TtsError } from "./errors.ts";
import { type OfflineTtsOptions, OfflineTtsProvider } from "./offline.ts";
import { type OpenAiEndpoint, type OpenAiTtsOptions, OpenAiTtsProvider } from "./openai.ts";
import type { TtsProvider } from "./types.ts";

export const OPENAI_BASE_URL = "https://api.openai.com";
export const DEFAULT_TTS_MODEL = "gpt-4o-mini-tts";
export const DEFAULT_STT_MODEL = "whisper-1";

type Env = Record<string, string | undefined>;

const FORMATS = ["wav", "mp3", "flac", "aac", "opus"] as const;

/**
 * The text-to-speech provider the environment asks for:
 *
 * - `TTS_PROVIDER` = `offline` | `openai` | `auto` (default): auto means OpenAI-compatible when `TTS_BASE_URL` is set
 *   or `TTS_API_KEY` is (then with OpenAI's own base URL), else the offline Debian voices.
 * - OpenAI-compatible: `TTS_BASE_URL`, `TTS_API_KEY`, `TTS_MODEL` (default gpt-4o-mini-tts), `TTS_VOICE_MAP` (JSON,
 *   e.g. {"alloy":"af_bella"}), `TTS_RESPONSE_FORMAT` (wav), `TTS_TIMEOUT_MS` (60000).
 * - Word timestamps: `STT_MODEL` or `STT_BASE_URL` turns on `/v1/audio/transcriptions` (model default whisper-1;
 *   base URL and key default to the TTS ones); otherwise words are aligned per phrase.
 * - Offline: `TTS_CACHE_DIR` holds the compiled flite helper.
 */
/**
 * Which provider the environment picks, without building it: the offline voices unless a provider
 * is configured (TTS_BASE_URL, or TTS_API_KEY for OpenAI itself) and TTS_PROVIDER does not say offline.
 */
export function ttsProviderKind(env: Env = process.env): "offline" | "openai-compatible" {
  const choice = (env.TTS_PROVIDER || "auto").toLowerCase();
  const configured = Boolean(env.TTS_BASE_URL || env.TTS_API_KEY);
  return choice === "offline" || (choice === "auto" && !configured) ? "offline" : "openai-compatible";
}

export function createTtsProvider(
  env: Env = process.env,
  extra: { onWarning?: (message: string) => void } & Pick<OfflineTtsOptions, "parallelism"> = {},
): TtsProvider {
  const choice = (env.TTS_PROVIDER || "auto").toLowerCase();
  if (!["auto", "offline", "openai"].includes(choice)) {
    throw new TtsError(
      "PROVIDER_REJECTED",
      `TTS_PROVIDER must be auto, offline or openai (got "${env.TTS_PROVIDER}").`,
    );
  }
  const baseUrl = env.TTS_BASE_URL || (env.TTS_API_KEY ? OPENAI_BASE_URL : undefined);
  if (choice === "offline" || (choice === "auto" && !baseUrl)) {
    return new OfflineTtsProvider({ cacheDir: env.TTS_CACHE_DIR || undefined, ...extra });
  }
  if (!baseUrl) {
    throw new TtsError("PROVIDER_REJECTED", "TTS_PROVIDER=openai needs TTS_BASE_URL or TTS_API_KEY.");
  }
  return new OpenAiTtsProvider(openAiOptions(env, baseUrl, extra.onWarning));
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
  const timeout = env.TTS_TIMEOUT_MS ? Number(env.TTS_TIMEOUT_MS) : 60_000;
  if (!Number.isFinite(timeout) || timeout < 1000) {
    throw new TtsError("PROVIDER_REJECTED", "TTS_TIMEOUT_MS must be a number of milliseconds, at least 1000.");
  }
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
  return {
    baseUrl,
    apiKey: env.TTS_API_KEY || undefined,
    model: env.TTS_MODEL || DEFAULT_TTS_MODEL,
    voiceMap: parseVoiceMap(env.TTS_VOICE_MAP),
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

/** TTS_VOICE_MAP: a JSON object from catalogue voice ids to the provider's voice names. */
export function parseVoiceMap(raw: string | undefined): Partial<Record<VoiceId, string>> | undefined {
  if (!raw?.trim()) return undefined;
  const problem = `TTS_VOICE_MAP must be a JSON object mapping voice ids (${VOICE_IDS.join(", ")}) to provider voice names`;
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
