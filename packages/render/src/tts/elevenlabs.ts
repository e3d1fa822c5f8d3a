import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { VoiceId } from "@reelsmith/core";
import { alignPhrase } from "./align.ts";
import { findPauses } from "./analysis.ts";
import { concatWavs, decodePcm, decodeProviderAudio, masterVoice } from "./audio.ts";
import { finalizeWords, type Span } from "./engine-timing.ts";
import { TtsError, throwIfAborted } from "./errors.ts";
import { type ErrorDetail, mapConcurrently, postWithRetry, type RetryPolicy } from "./http.ts";
import { checkVoice, warningsTo, wordsToSpeak } from "./request.ts";
import { chunkTokens, type SpeechToken, toSpoken } from "./text.ts";
import type { Speech, SpeechRequest, TtsProvider } from "./types.ts";

export const ELEVENLABS_BASE_URL = "https://api.elevenlabs.io";
export const DEFAULT_ELEVENLABS_MODEL = "eleven_multilingual_v2";
export const DEFAULT_ELEVENLABS_FORMAT = "mp3_44100_128";

/**
 * ElevenLabs premade voices closest to the catalogue's (gender and age): Blake, adult man -> Adam; Cayleb, young man
 * -> Liam; Daniel, adult man -> Daniel; Jordan, young man -> Will; Sophie, young woman -> Sarah; Jessie, adult woman
 * -> Matilda. `ELEVENLABS_VOICE_MAP` overrides any of them (e.g. with a cloned voice).
 */
export const ELEVENLABS_DEFAULT_VOICES: Readonly<Record<VoiceId, { id: string; name: string }>> = {
  alloy: { id: "pNInz6obpgDQGcFmaJgB", name: "Adam" },
  echo: { id: "TX3LPaxmHKxFdv7VOQHJ", name: "Liam" },
  onyx: { id: "onwK4e9ZLuTAKqWW03F9", name: "Daniel" },
  fable: { id: "bIHbv24MWmeRgasZH58o", name: "Will" },
  nova: { id: "EXAVITQu4vr4xTKEiLya", name: "Sarah" },
  shimmer: { id: "XrExE9yKIg1WjnnlVkGX", name: "Matilda" },
};

export interface ElevenLabsTtsOptions extends RetryPolicy {
  apiKey: string;
  /** API root, without /v1 (a trailing /v1 is tolerated); default https://api.elevenlabs.io. */
  baseUrl?: string;
  /** Default eleven_multilingual_v2. */
  model?: string;
  /** ElevenLabs voice id per catalogue voice; unmapped ids use ELEVENLABS_DEFAULT_VOICES. */
  voiceMap?: Partial<Record<VoiceId, string>>;
  /** `output_format` asked for (default mp3_44100_128). */
  outputFormat?: string;
  /** Longest text one request carries; longer scripts are split at sentence boundaries (default 2500). */
  maxRequestChars?: number;
  /** Requests in flight at once (default 2; ElevenLabs plans allow 2 to 15 concurrent requests). */
  concurrency?: number;
  onWarning?: (message: string) => void;
}

interface Alignment {
  characters: string[];
  character_start_times_seconds: number[];
  character_end_times_seconds: number[];
}

/** One request: its tokens, the text sent and where each token sits in it (code points). */
export interface Part {
  tokens: SpeechToken[];
  text: string;
  ranges: { from: number; to: number }[];
}

const SERVICE = "ElevenLabs";

/**
 * Speech from ElevenLabs (`POST /v1/text-to-speech/{voice_id}/with-timestamps`): the answer carries the audio and
 * the time of every character sent, so each word's timing is the span of its letters and digits (timing "engine").
 * A long script is split into requests at sentence boundaries, their audio joined sample exact and their timings
 * offset by where each part starts.
 */
export class ElevenLabsTtsProvider implements TtsProvider {
  readonly name = "elevenlabs";
  readonly #options: ElevenLabsTtsOptions;

  constructor(options: ElevenLabsTtsOptions) {
    this.#options = options;
  }

  voiceKey(voice: VoiceId): string {
    return `elevenlabs:${this.#url(voice)}:${this.#model()}`;
  }

  async synthesize(request: SpeechRequest): Promise<Speech> {
    const { signal } = request;
    throwIfAborted(signal);
    checkVoice(request.voice);
    const warn = warningsTo(this.#options.onWarning);
    const { tokens, warnings } = wordsToSpeak(request.text, warn, request.language);
    const parts = splitParts(tokens, Math.max(40, this.#options.maxRequestChars ?? 2500));
    const id = randomBytes(6).toString("hex");
    const scratch = join(request.workDir, `.tts-${id}`);
    await mkdir(scratch, { recursive: true });
    try {
      const clips = await this.#requestAll(request, parts, scratch);
      const joined = join(scratch, "joined.wav");
      const { offsets } = await concatWavs(
        clips.map((clip) => clip.wav),
        joined,
      );
      const spans: (Span | undefined)[] = [];
      let timing: Speech["timing"] = "engine";
      for (const [i, part] of parts.entries()) {
        const clip = clips[i];
        const offset = offsets[i] ?? 0;
        let partSpans = clip?.alignment ? alignTokens(part, clip.alignment) : [];
        if (!clip?.alignment || partSpans.filter(Boolean).length < part.tokens.length / 2) {
          // No usable character timings: spread the words over the part's measured sound.
          timing = "aligned";
          const samples = await decodePcm(clip?.wav ?? "", 16000, signal);
          partSpans = alignPhrase(part.tokens, samples.length / 16000, findPauses(samples, 16000));
        }
        for (const span of partSpans) spans.push(span && { start: span.start + offset, end: span.end + offset });
      }
      const audioPath = join(request.workDir, `speech-${request.voice}-${id}.wav`);
      const { duration } = await masterVoice({
        input: joined,
        output: audioPath,
        scratch: join(scratch, "m.wav"),
        signal,
      });
      const speech: Speech = { audioPath, duration, words: finalizeWords(tokens, spans, duration), timing };
      if (warnings.length > 0) speech.warnings = warnings;
      return speech;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  #model(): string {
    return this.#options.model || DEFAULT_ELEVENLABS_MODEL;
  }

  #voiceId(voice: VoiceId): string {
    return this.#options.voiceMap?.[voice] ?? ELEVENLABS_DEFAULT_VOICES[voice].id;
  }

  #url(voice: VoiceId): string {
    const root = (this.#options.baseUrl || ELEVENLABS_BASE_URL).replace(/\/+$/, "").replace(/\/v1$/, "");
    const format = encodeURIComponent(this.#options.outputFormat || DEFAULT_ELEVENLABS_FORMAT);
    return `${root}/v1/text-to-speech/${encodeURIComponent(this.#voiceId(voice))}/with-timestamps?output_format=${format}`;
  }

  #requestAll(request: SpeechRequest, parts: Part[], scratch: string) {
    return mapConcurrently(parts, this.#options.concurrency ?? 2, request.signal, (_part, index, signal) =>
      this.#requestPart(request, parts, index, join(scratch, `part-${index}`), signal),
    );
  }

  async #requestPart(request: SpeechRequest, parts: Part[], index: number, stem: string, signal: AbortSignal) {
    const part = parts[index] as Part;
    const voiceId = this.#voiceId(request.voice);
    const body: Record<string, unknown> = { text: part.text, model_id: this.#model() };
    // Neighbouring text keeps the intonation continuous across requests.
    const previous = parts[index - 1]?.text;
    const following = parts[index + 1]?.text;
    if (previous) body.previous_text = previous;
    if (following) body.next_text = following;
    if (request.speed !== undefined && Number.isFinite(request.speed) && request.speed > 0) {
      body.voice_settings = { speed: Math.min(1.2, Math.max(0.7, request.speed)) };
    }
    const { apiKey } = this.#options;
    const response = await postWithRetry(
      {
        url: this.#url(request.voice),
        service: SERVICE,
        secret: apiKey,
        signal,
        makeBody: () => ({
          headers: { "content-type": "application/json", accept: "application/json", "xi-api-key": apiKey },
          body: JSON.stringify(body),
        }),
        classify: (status, detail) => classify(status, detail, voiceId),
      },
      this.#options,
    );
    let answer: { audio_base64?: unknown; alignment?: unknown };
    try {
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      throw new TtsError("PROVIDER_BAD_RESPONSE", "ElevenLabs did not answer with JSON.", { cause: error });
    }
    const audio = typeof answer.audio_base64 === "string" ? Buffer.from(answer.audio_base64, "base64") : undefined;
    if (!audio || audio.length < 64) {
      throw new TtsError("PROVIDER_BAD_RESPONSE", "ElevenLabs answered with no audio.", { retryable: true });
    }
    const original = `${stem}.answer`;
    const wav = `${stem}.wav`;
    await writeFile(original, audio);
    try {
      await decodeProviderAudio(original, wav, signal);
    } catch (error) {
      throwIfAborted(signal);
      throw new TtsError("PROVIDER_BAD_RESPONSE", "ElevenLabs' answer is not audio that can be decoded.", {
        cause: error,
      });
    }
    return { wav, alignment: readAlignment(answer.alignment) };
  }
}

/** Error answers in plain words; 429 and 5xx are retried. */
function classify(status: number, detail: ErrorDetail, voiceId: string): TtsError {
  const says = detail.message ? `: ${detail.message.replace(/\.$/, "")}` : "";
  if (detail.status === "quota_exceeded") {
    return new TtsError("PROVIDER_REJECTED", `The ElevenLabs account has no characters left (${status})${says}.`, {
      status,
    });
  }
  if (status === 401 || status === 403) {
    return new TtsError("PROVIDER_AUTH", `The ElevenLabs API key was refused (${status})${says}.`, { status });
  }
  if (status === 404 || detail.status === "voice_not_found") {
    return new TtsError(
      "PROVIDER_REJECTED",
      `ElevenLabs has no voice "${voiceId}" for this account (${status}); check ELEVENLABS_VOICE_MAP${says}.`,
      { status },
    );
  }
  if (status === 429) {
    return new TtsError("PROVIDER_RATE_LIMITED", `ElevenLabs is rate limiting requests (429)${says}.`, {
      status,
      retryable: true,
    });
  }
  if (status >= 500) {
    return new TtsError("PROVIDER_UNAVAILABLE", `ElevenLabs failed (${status})${says}.`, { status, retryable: true });
  }
  return new TtsError("PROVIDER_REJECTED", `ElevenLabs rejected the request (${status})${says}.`, { status });
}

function readAlignment(value: unknown): Alignment | undefined {
  if (!value || typeof value !== "object") return undefined;
  const {
    characters,
    character_start_times_seconds: starts,
    character_end_times_seconds: ends,
  } = value as Partial<Alignment>;
  if (!Array.isArray(characters) || !Array.isArray(starts) || !Array.isArray(ends)) return undefined;
  if (starts.length !== characters.length || ends.length !== characters.length) return undefined;
  return { characters, character_start_times_seconds: starts, character_end_times_seconds: ends };
}

/**
 * What ElevenLabs is sent for a token: the token as written (it reads "$20," and "don't" itself), without the
 * characters the captions' word list leaves out of the speech (emoji), and with a comma where a lone dash or
 * ellipsis after it asked for a pause.
 */
export function sayable(token: SpeechToken): string {
  let said = "";
  let keptPrevious = false;
  for (const char of token.text.normalize("NFC")) {
    const mark = /^\p{M}$/u.test(char);
    const keep: boolean = mark ? keptPrevious : !/^\p{Cf}$/u.test(char) && toSpoken(char).dropped === "";
    if (keep) said += char;
    keptPrevious = keep;
  }
  if (!said) said = token.spoken;
  if (token.spoken.endsWith(",") && !/[,;:.!?\u2026\u2014\u2013-]["'\u2019\u201d)\]]*$/u.test(said)) said += ",";
  return said;
}

/** Sentences (long ones cut at clauses) packed into requests of at most `maxChars` characters. */
export function splitParts(tokens: SpeechToken[], maxChars: number): Part[] {
  const parts: Part[] = [];
  let current: { tokens: SpeechToken[]; said: string[] } | undefined;
  const flush = () => {
    if (!current) return;
    const ranges: Part["ranges"] = [];
    let at = 0;
    for (const said of current.said) {
      const length = Array.from(said).length;
      ranges.push({ from: at, to: at + length });
      at += length + 1;
    }
    parts.push({ tokens: current.tokens, text: current.said.join(" "), ranges });
    current = undefined;
  };
  const length = (said: string[]) => said.reduce((sum, s) => sum + Array.from(s).length + 1, -1);
  // Spoken forms are at least as long as what is sent ("€20" is "20 euros"), so the chunker's sentences fit.
  for (const chunk of chunkTokens(tokens, maxChars)) {
    const said = chunk.tokens.map(sayable);
    if (current && length([...current.said, ...said]) <= maxChars) {
      current.tokens.push(...chunk.tokens);
      current.said.push(...said);
    } else {
      flush();
      current = { tokens: [...chunk.tokens], said };
    }
  }
  flush();
  return parts;
}

/**
 * Each token's span from the times of its characters. The alignment's characters are matched to the text sent in
 * order (a few unmatched ones on either side are skipped); a token spans its letters, digits and spoken symbols.
 */
export function alignTokens(part: Part, alignment: Alignment): (Span | undefined)[] {
  const sent = Array.from(part.text);
  const times: (Span | undefined)[] = new Array(sent.length);
  let at = 0;
  for (const [i, char] of alignment.characters.entries()) {
    const start = alignment.character_start_times_seconds[i];
    const end = alignment.character_end_times_seconds[i];
    // Spaces carry no word; matching them could pair an extra leading space with the one after the first word.
    if (typeof char !== "string" || /^\s*$/u.test(char)) continue;
    if (typeof start !== "number" || typeof end !== "number" || !Number.isFinite(start) || !Number.isFinite(end)) {
      continue;
    }
    for (let look = at; look < Math.min(sent.length, at + 8); look += 1) {
      if (sent[look] === char) {
        times[look] = { start, end: Math.max(start, end) };
        at = look + 1;
        break;
      }
    }
  }
  return part.ranges.map(({ from, to }) => {
    const timed = (pick: (char: string) => boolean) => {
      const found: Span[] = [];
      for (let i = from; i < to; i += 1) {
        const time = times[i];
        if (time && pick(sent[i] ?? "")) found.push(time);
      }
      return found;
    };
    // Letters, digits and the symbols read out ("$20" is "twenty dollars"), not the punctuation around them.
    let found = timed((char) => /[\p{L}\p{N}\p{S}%&@#]/u.test(char));
    if (found.length === 0) found = timed((char) => !/\s/u.test(char));
    if (found.length === 0) return undefined;
    const start = Math.min(...found.map((span) => span.start));
    return { start, end: Math.max(start, ...found.map((span) => span.end)) };
  });
}
