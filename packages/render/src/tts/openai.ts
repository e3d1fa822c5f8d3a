import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type LanguageId, languageOf, type VoiceId } from "@reelsmith/core";
import { mapTranscript, type TranscriptWord } from "./align.ts";
import { concatWavs, decodeProviderAudio } from "./audio.ts";
import type { Span } from "./engine-timing.ts";
import { TtsError, throwIfAborted } from "./errors.ts";
import { type ErrorDetail, mapConcurrently, postWithRetry } from "./http.ts";
import { checkVoice, warningsTo, wordsToSpeak } from "./request.ts";
import { alignSentenceClips, masterSpeech } from "./sentence-clips.ts";
import { chunkTokens, packChunks, type SpeechToken, type TextChunk } from "./text.ts";
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
    checkVoice(request.voice);
    const warn = warningsTo(this.#options.onWarning);
    const { tokens, warnings } = wordsToSpeak(request.text, warn, request.language);
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
      const words = await this.#transcribe(clip.original, clip.format, request.language, request.signal);
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
      language: request.language,
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

  async #transcribe(
    path: string,
    format: string,
    language: LanguageId | undefined,
    signal: AbortSignal | undefined,
  ): Promise<TranscriptWord[]> {
    const endpoint = this.#options.transcription;
    if (!endpoint) return [];
    const audio = await readFile(path);
    const response = await this.#send(endpoint, "audio/transcriptions", signal, () => {
      const form = new FormData();
      form.append("file", new Blob([audio], { type: `audio/${format}` }), `speech.${format}`);
      form.append("model", endpoint.model);
      form.append("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "word");
      // The recogniser is told the language rather than left to guess it from a few seconds of speech.
      form.append("language", languageOf(language).tag);
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
   * POSTs through `postWithRetry` (a timeout per attempt, bounded retries of 429, 5xx, network errors and
   * timeouts with exponential backoff, honouring Retry-After). Errors are TtsErrors with readable messages that
   * never contain the API key.
   */
  #send(
    endpoint: OpenAiEndpoint,
    path: string,
    signal: AbortSignal | undefined,
    makeBody: () => { headers?: Record<string, string>; body: string | FormData },
  ): Promise<Response> {
    const url = apiUrl(endpoint.baseUrl, path);
    const service = path === "audio/speech" ? "The speech provider" : "The transcription service";
    const auth: Record<string, string> = endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {};
    return postWithRetry(
      {
        url,
        service,
        secret: endpoint.apiKey,
        signal,
        makeBody: () => {
          const { headers, body } = makeBody();
          return { headers: { ...headers, ...auth }, body };
        },
        classify: (status, detail) => classify(service, new URL(url).origin, status, detail),
      },
      this.#options,
    );
  }
}

/** An OpenAI-compatible server's error answer as a TtsError: 429 and 5xx are retried, the rest are not. */
function classify(service: string, origin: string, status: number, detail: ErrorDetail): TtsError {
  const says = detail.message ? `: ${detail.message}` : "";
  if (status === 401 || status === 403) {
    return new TtsError("PROVIDER_AUTH", `${service} at ${origin} refused the API key (${status})${says}.`, { status });
  }
  if (status === 429) {
    return new TtsError("PROVIDER_RATE_LIMITED", `${service} is rate limiting requests (429)${says}.`, {
      status,
      retryable: true,
    });
  }
  if (status >= 500) {
    return new TtsError("PROVIDER_UNAVAILABLE", `${service} failed (${status})${says}.`, { status, retryable: true });
  }
  return new TtsError("PROVIDER_REJECTED", `${service} rejected the request (${status})${says}.`, { status });
}
