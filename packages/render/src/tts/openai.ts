import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { VOICE_IDS, type VoiceId } from "@reelsmith/core";
import { mapTranscript, type TranscriptWord } from "./align.ts";
import { concatWavs, decodeProviderAudio } from "./audio.ts";
import type { Span } from "./engine-timing.ts";
import { abortError, TtsError, throwIfAborted } from "./errors.ts";
import { mapConcurrently, sleep } from "./http.ts";
import { alignSentenceClips, masterSpeech } from "./sentence-clips.ts";
import { chunkTokens, packChunks, type SpeechToken, speechTokens, type TextChunk } from "./text.ts";
import type { Speech, SpeechRequest, TtsProvider } from "./types.ts";
import { clampSpeed } from "./voices.ts";

export interface OpenAiEndpoint {
  /** Server root, without /v1 (a trailing /v1 is tolerated). */
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export interface OpenAiTtsOptions extends OpenAiEndpoint {
  /** Provider voice per catalogue voice; unmapped ids are sent as they are (they are OpenAI's own names). */
  voiceMap?: Partial<Record<VoiceId, string>>;
  /** Audio format asked of the provider (default wav: no encoder delay, so phrase lengths are exact). */
  responseFormat?: "wav" | "mp3" | "flac" | "aac" | "opus";
  /**
   * Speech-to-text endpoint for word timestamps; without it words are found by forced alignment (pocketsphinx), or
   * estimated per phrase when pocketsphinx is not installed.
   */
  transcription?: OpenAiEndpoint;
  /** Per-request timeout in ms (default 60000). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx or a network failure (default 3), with exponential backoff from `retryDelayMs`. */
  retries?: number;
  retryDelayMs?: number;
  /** Phrase requests in flight at once on the alignment path (default 3). */
  concurrency?: number;
  fetch?: typeof fetch;
  onWarning?: (message: string) => void;
  /** Where the forced aligner keeps its compiled lexicon helper (default: see defaultCacheDir). */
  cacheDir?: string;
}

/** Largest input one speech request takes (the API allows 4096 characters). */
const MAX_REQUEST_CHARS = 4000;

export function apiUrl(baseUrl: string, path: string): string {
  const root = baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
  return `${root}/v1/${path}`;
}

/**
 * Speech from any server speaking OpenAI's audio API (`POST /v1/audio/speech`). Word timings come from
 * `POST /v1/audio/transcriptions` with word timestamps when a transcription endpoint is configured (timing
 * "transcription"), else each sentence is synthesised alone and its words found in it by forced alignment against
 * the sentence (pocketsphinx; timing "aligned"). Without pocketsphinx, or when it fails, the sentence's words are
 * spread by syllables over its measured length and snapped to the pauses found in it (also "aligned").
 */
export class OpenAiTtsProvider implements TtsProvider {
  readonly name = "openai";
  readonly #options: OpenAiTtsOptions;

  constructor(options: OpenAiTtsOptions) {
    this.#options = options;
  }

  voiceKey(voice: VoiceId): string {
    const { baseUrl, model, voiceMap } = this.#options;
    return `openai:${apiUrl(baseUrl, "audio/speech")}:${model}:${voiceMap?.[voice] ?? voice}`;
  }

  async synthesize(request: SpeechRequest): Promise<Speech> {
    const { signal } = request;
    throwIfAborted(signal);
    if (!VOICE_IDS.includes(request.voice)) {
      throw new TtsError("UNKNOWN_VOICE", `Unknown voice "${request.voice}" (${VOICE_IDS.join(", ")}).`);
    }
    const { tokens, warnings } = speechTokens(request.text);
    const warn = this.#options.onWarning ?? ((message: string) => console.warn(`[tts] ${message}`));
    for (const warning of warnings) warn(warning);
    if (tokens.length === 0) throw new TtsError("NOTHING_TO_SAY", "The script has no words that can be spoken.");
    const id = randomBytes(6).toString("hex");
    const scratch = join(request.workDir, `.tts-${id}`);
    await mkdir(scratch, { recursive: true });
    try {
      let result: { joined: string; spans: (Span | undefined)[]; timing: Speech["timing"] } | undefined;
      if (this.#options.transcription) {
        try {
          result = await this.#withTranscription(request, tokens, scratch);
        } catch (error) {
          throwIfAborted(signal);
          const reason = error instanceof Error ? error.message : String(error);
          warnings.push(`Word timestamps from the transcription service failed (${reason}); aligning per phrase.`);
          warn(warnings.at(-1) ?? "");
        }
      }
      result ??= await this.#withAlignment(request, tokens, scratch, (message) => {
        warnings.push(message);
        warn(message);
      });
      return await masterSpeech({
        ...result,
        audioPath: join(request.workDir, `speech-${request.voice}-${id}.wav`),
        scratch,
        tokens,
        warnings,
        signal,
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /** Whole text in as few requests as possible, then word timestamps per part from the transcription endpoint. */
  async #withTranscription(request: SpeechRequest, tokens: SpeechToken[], scratch: string) {
    const parts = packChunks(chunkTokens(tokens), MAX_REQUEST_CHARS);
    const clips = await this.#synthesizeAll(request, parts, scratch);
    const spans: (Span | undefined)[] = [];
    const joined = join(scratch, "joined.wav");
    const { offsets } = await concatWavs(
      clips.map((clip) => clip.wav),
      joined,
    );
    for (const [i, part] of parts.entries()) {
      const clip = clips[i];
      if (!clip) continue;
      const words = await this.#transcribe(clip.original, clip.format, request.signal);
      const offset = offsets[i] ?? 0;
      for (const span of mapTranscript(part.tokens, words)) {
        spans.push(span && { start: span.start + offset, end: span.end + offset });
      }
    }
    return { joined, spans, timing: "transcription" as const };
  }

  /** One request per sentence; each sentence's words found within its own clip. */
  async #withAlignment(
    request: SpeechRequest,
    tokens: SpeechToken[],
    scratch: string,
    warn: (message: string) => void,
  ) {
    const parts = chunkTokens(tokens);
    const clips = await this.#synthesizeAll(request, parts, scratch);
    return alignSentenceClips({
      parts,
      clips: clips.map((clip) => clip.wav),
      scratch,
      cacheDir: this.#options.cacheDir,
      signal: request.signal,
      warn,
    });
  }

  #synthesizeAll(request: SpeechRequest, parts: TextChunk[], scratch: string) {
    return mapConcurrently(parts, Math.max(1, this.#options.concurrency ?? 3), request.signal, (part, index, signal) =>
      this.#speechClip(request, part.text, join(scratch, `part-${index}`), signal),
    );
  }

  async #speechClip(request: SpeechRequest, input: string, stem: string, signal: AbortSignal) {
    const { voiceMap, model } = this.#options;
    const format = this.#options.responseFormat ?? "wav";
    const body: Record<string, unknown> = {
      model,
      input,
      voice: voiceMap?.[request.voice] ?? request.voice,
      response_format: format,
    };
    if (request.speed !== undefined) body.speed = clampSpeed(request.speed);
    const response = await this.#send(this.#options, "audio/speech", signal, () => ({
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }));
    const audio = Buffer.from(await response.arrayBuffer());
    if (audio.length < 64) {
      throw new TtsError("PROVIDER_BAD_RESPONSE", "The speech provider answered with no audio.", { retryable: true });
    }
    const original = `${stem}.answer.${format}`;
    const wav = `${stem}.wav`;
    await writeFile(original, audio);
    try {
      // Every part to one format so the parts join sample exact.
      await decodeProviderAudio(original, wav, signal);
    } catch (error) {
      throwIfAborted(signal);
      throw new TtsError("PROVIDER_BAD_RESPONSE", "The speech provider's answer is not audio that can be decoded.", {
        cause: error,
      });
    }
    return { original, format, wav };
  }

  async #transcribe(path: string, format: string, signal: AbortSignal | undefined): Promise<TranscriptWord[]> {
    const endpoint = this.#options.transcription;
    if (!endpoint) return [];
    const audio = await readFile(path);
    const response = await this.#send(endpoint, "audio/transcriptions", signal, () => {
      const form = new FormData();
      form.append("file", new Blob([audio], { type: `audio/${format}` }), `speech.${format}`);
      form.append("model", endpoint.model);
      form.append("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "word");
      return { body: form };
    });
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw new TtsError("PROVIDER_BAD_RESPONSE", "The transcription service did not answer with JSON.", {
        cause: error,
      });
    }
    // OpenAI answers `words` at the top level; some compatible servers only inside each segment.
    const body = json as { words?: unknown; segments?: { words?: unknown }[] };
    const words = Array.isArray(body.words)
      ? body.words
      : Array.isArray(body.segments) && body.segments.some((segment) => Array.isArray(segment?.words))
        ? body.segments.flatMap((segment) => (Array.isArray(segment?.words) ? segment.words : []))
        : undefined;
    if (!Array.isArray(words)) {
      throw new TtsError(
        "PROVIDER_BAD_RESPONSE",
        "The transcription has no word timestamps (timestamp_granularities).",
      );
    }
    return words
      .filter(
        (w): w is TranscriptWord =>
          typeof w?.word === "string" && Number.isFinite(w?.start) && Number.isFinite(w?.end) && w.end >= w.start,
      )
      .map((w) => ({ word: w.word, start: w.start, end: w.end }));
  }

  /**
   * POSTs with a timeout per attempt and bounded retries (429, 5xx, network errors, timeouts) with exponential
   * backoff, honouring Retry-After. Errors are TtsErrors with readable messages that never contain the API key.
   */
  async #send(
    endpoint: OpenAiEndpoint,
    path: string,
    signal: AbortSignal | undefined,
    makeBody: () => { headers?: Record<string, string>; body: string | FormData },
  ): Promise<Response> {
    const doFetch = this.#options.fetch ?? fetch;
    const retries = Math.max(0, this.#options.retries ?? 3);
    const timeoutMs = this.#options.timeoutMs ?? 60_000;
    const baseDelay = this.#options.retryDelayMs ?? 500;
    const url = apiUrl(endpoint.baseUrl, path);
    const service = path === "audio/speech" ? "speech provider" : "transcription service";
    const scrub = (text: string) => (endpoint.apiKey ? text.split(endpoint.apiKey).join("***") : text);
    for (let attempt = 0; ; attempt += 1) {
      throwIfAborted(signal);
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const { headers, body } = makeBody();
      let failure: TtsError;
      let retryAfter: number | undefined;
      try {
        const response = await doFetch(url, {
          method: "POST",
          headers: { ...headers, ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
          body,
          signal: combined,
        });
        if (response.ok) return response;
        const detail = scrub(await errorDetail(response));
        const status = response.status;
        if (status === 401 || status === 403) {
          throw new TtsError(
            "PROVIDER_AUTH",
            `The ${service} at ${new URL(url).origin} refused the API key (${status})${detail ? `: ${detail}` : ""}.`,
            { status },
          );
        }
        if (status === 429) {
          failure = new TtsError(
            "PROVIDER_RATE_LIMITED",
            `The ${service} is rate limiting requests (429)${detail ? `: ${detail}` : ""}.`,
            {
              status,
              retryable: true,
            },
          );
        } else if (status >= 500) {
          failure = new TtsError(
            "PROVIDER_UNAVAILABLE",
            `The ${service} failed (${status})${detail ? `: ${detail}` : ""}.`,
            {
              status,
              retryable: true,
            },
          );
        } else {
          throw new TtsError(
            "PROVIDER_REJECTED",
            `The ${service} rejected the request (${status})${detail ? `: ${detail}` : ""}.`,
            {
              status,
            },
          );
        }
        const header = response.headers.get("retry-after");
        const seconds = header ? Number.parseFloat(header) : Number.NaN;
        if (Number.isFinite(seconds)) retryAfter = Math.min(30_000, Math.max(0, seconds * 1000));
      } catch (error) {
        if (error instanceof TtsError) {
          if (!error.retryable) throw error;
          failure = error;
        } else if (signal?.aborted) {
          throw abortError(signal);
        } else if (timeout.aborted) {
          failure = new TtsError(
            "PROVIDER_TIMEOUT",
            `The ${service} did not answer within ${Math.round(timeoutMs / 1000)} s.`,
            {
              retryable: true,
              cause: error,
            },
          );
        } else {
          const reason =
            error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
          failure = new TtsError(
            "PROVIDER_UNAVAILABLE",
            scrub(`The ${service} at ${new URL(url).origin} cannot be reached: ${reason}`),
            {
              retryable: true,
              cause: error,
            },
          );
        }
      }
      if (attempt >= retries) {
        throw new TtsError(failure.code, `${failure.message} Gave up after ${attempt + 1} attempts.`, {
          status: failure.status,
          retryable: true,
          cause: failure,
        });
      }
      const delay = retryAfter ?? baseDelay * 2 ** attempt * (0.75 + Math.random() * 0.5);
      await sleep(delay, signal);
    }
  }
}

async function errorDetail(response: Response): Promise<string> {
  try {
    const text = (await response.text()).slice(0, 2000);
    try {
      const json = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
      const message = typeof json.error === "string" ? json.error : (json.error?.message ?? json.message);
      if (typeof message === "string") return message.slice(0, 300);
    } catch {
      // Not JSON: use the text.
    }
    return text.replace(/\s+/g, " ").trim().slice(0, 300);
  } catch {
    return "";
  }
}
