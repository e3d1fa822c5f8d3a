import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { DEFAULT_LANGUAGE, type LanguageId, type VoiceId } from "@reelsmith/core";
import { concatWavs, masterVoice } from "./audio.ts";
import { assignEngineTimes, finalizeWords, type Span } from "./engine-timing.ts";
import { throwIfAborted } from "./errors.ts";
import { type EspeakWord, spansByPosition, synthesizeWithEspeak } from "./espeak.ts";
import { synthesizeWithFestival } from "./festival.ts";
import { type EngineChunkResult, synthesizeWithFlite } from "./flite.ts";
import { kanaReadings } from "./kana.ts";
import { checkVoice, warningsTo, wordsToSpeak } from "./request.ts";
import { chunkTokens, type SpeechToken, type TextChunk } from "./text.ts";
import type { Speech, SpeechRequest, TtsProvider } from "./types.ts";
import { engineSettings, espeakSettings, OFFLINE_VOICES, type OfflineVoice } from "./voices.ts";

export interface OfflineTtsOptions {
  /** Where the compiled flite helper is kept (default: see defaultCacheDir). */
  cacheDir?: string;
  /** Engine processes run at once for long texts (default: up to 2, never more than the CPUs). */
  parallelism?: number;
  /** Receives notes about text that could not be spoken (default: console.warn). */
  onWarning?: (message: string) => void;
  /** Called with the pid of every engine process started (lets callers and tests watch them). */
  onSpawn?: (pid: number) => void;
}

/**
 * Speech from the Debian speech engines (festival, flite) with word timings from the engines themselves. The text is
 * synthesised sentence by sentence (split across up to `parallelism` engine processes), the parts joined sample exact,
 * and each word placed at its sentence's offset plus the engine's own time for it.
 */
export class OfflineTtsProvider implements TtsProvider {
  readonly name = "offline";
  readonly #options: OfflineTtsOptions;

  constructor(options: OfflineTtsOptions = {}) {
    this.#options = options;
  }

  voiceKey(voice: VoiceId): string {
    return `offline:${JSON.stringify(OFFLINE_VOICES[voice])}`;
  }

  async synthesize(request: SpeechRequest): Promise<Speech> {
    const { signal } = request;
    throwIfAborted(signal);
    checkVoice(request.voice);
    const language = request.language ?? DEFAULT_LANGUAGE;
    const warn = warningsTo(this.#options.onWarning);
    const { tokens, warnings } = wordsToSpeak(request.text, warn, language);
    const engine =
      language === "english"
        ? this.#englishEngine(OFFLINE_VOICES[request.voice], request.speed)
        : this.#espeakEngine(request.voice, language, request.speed);
    const spoken = language === "japanese" ? await readJapanese(tokens, signal, this.#options.onSpawn) : tokens;
    const chunks = chunkTokens(spoken);
    const id = randomBytes(6).toString("hex");
    const scratch = join(request.workDir, `.tts-${id}`);
    await mkdir(scratch, { recursive: true });
    try {
      const parts = await this.#synthesizeChunks(engine.run, chunks, scratch, signal);
      const joined = join(scratch, "joined.wav");
      const { offsets, sampleRate } = await concatWavs(
        parts.map((part) => part.path),
        joined,
      );
      // asetrate takes a whole sample rate: time words by the factor it really applies.
      const tape = Math.round(sampleRate * engine.tape) / sampleRate;
      const spans: (Span | undefined)[] = [];
      for (const [i, chunk] of chunks.entries()) {
        const part = parts[i];
        const offset = offsets[i] ?? 0;
        const local = part ? engine.spans(chunk, part) : chunk.tokens.map(() => undefined);
        for (const span of local) {
          spans.push(span && { start: (offset + span.start) / tape, end: (offset + span.end) / tape });
        }
      }
      const audioPath = join(request.workDir, `speech-${request.voice}-${id}.wav`);
      const { duration } = await masterVoice({
        input: joined,
        output: audioPath,
        scratch: join(scratch, "shaped.wav"),
        colour: tape === 1 ? undefined : `asetrate=${Math.round(sampleRate * tape)}`,
        signal,
      });
      const speech: Speech = { audioPath, duration, words: finalizeWords(tokens, spans, duration), timing: "engine" };
      if (warnings.length > 0) speech.warnings = warnings;
      return speech;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /** English: festival or flite as the voice says, timed by the engine's tokens. */
  #englishEngine(voice: OfflineVoice, speed: number | undefined): Engine {
    const { setup, features } = engineSettings(voice, speed);
    return {
      tape: voice.tape ?? 1,
      run: (group, outDir, signal) =>
        voice.engine === "flite"
          ? synthesizeWithFlite({
              voice: voice.voice,
              features,
              chunks: group,
              outDir,
              cacheDir: this.#options.cacheDir,
              signal,
              onSpawn: this.#options.onSpawn,
            })
          : synthesizeWithFestival({
              voice: voice.voice,
              setup,
              chunks: group,
              outDir,
              signal,
              onSpawn: this.#options.onSpawn,
            }),
      spans: (chunk, part) => assignEngineTimes(chunk.tokens, part.tokens),
    };
  }

  /** Every other language: espeak-ng in the voice's variant, each word timed by where espeak-ng read it. */
  #espeakEngine(voice: VoiceId, language: Exclude<LanguageId, "english">, speed: number | undefined): Engine {
    const settings = espeakSettings(voice, language, speed);
    return {
      tape: 1,
      run: (group, outDir, signal) =>
        synthesizeWithEspeak({
          settings,
          chunks: group,
          outDir,
          cacheDir: this.#options.cacheDir,
          signal,
          onSpawn: this.#options.onSpawn,
        }),
      spans: (chunk, part) => spansByPosition(piecesOf(chunk), part.tokens as EspeakWord[]),
    };
  }

  async #synthesizeChunks(
    run: Engine["run"],
    chunks: TextChunk[],
    outDir: string,
    signal: AbortSignal | undefined,
  ): Promise<EngineChunkResult[]> {
    const indexed = chunks.map((chunk, index) => ({ index, text: chunk.text }));
    const totalChars = indexed.reduce((sum, chunk) => sum + chunk.text.length, 0);
    const wanted = this.#options.parallelism ?? Math.min(2, availableParallelism());
    // Starting an engine costs ~0.1-0.5 s: only split texts long enough to gain from it.
    const processes = Math.max(1, Math.min(wanted, indexed.length, Math.floor(totalChars / 300)));
    const groups = splitEvenly(indexed, processes);
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const results = await Promise.allSettled(
        groups.map((group) =>
          // One failing process stops the others.
          run(group, outDir, controller.signal).catch((error: unknown) => {
            controller.abort(error);
            throw error;
          }),
        ),
      );
      // Wait for every process to be gone before reporting, so none outlives the call.
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
      return results.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
    } catch (error) {
      throwIfAborted(signal);
      throw error;
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }
}

/** How one engine speaks groups of chunks and times each chunk's tokens in its part. */
interface Engine {
  /** Audio played at another speed afterwards (see OfflineVoice.tape). */
  tape: number;
  run(group: { index: number; text: string }[], outDir: string, signal: AbortSignal): Promise<EngineChunkResult[]>;
  spans(chunk: TextChunk, part: EngineChunkResult): (Span | undefined)[];
}

/** Where each token's spoken form is in its chunk's text, in code points (the text is the forms joined by spaces). */
function piecesOf(chunk: TextChunk): { from: number; to: number }[] {
  let at = 0;
  return chunk.tokens.map((token) => {
    const from = at;
    at = from + [...token.spoken].length + 1;
    return { from, to: at - 1 };
  });
}

/** Japanese tokens with their kana readings as what is spoken. */
async function readJapanese(
  tokens: SpeechToken[],
  signal: AbortSignal | undefined,
  onSpawn: ((pid: number) => void) | undefined,
): Promise<SpeechToken[]> {
  const readings = await kanaReadings(
    tokens.map((token) => token.spoken),
    { signal, onSpawn },
  );
  return tokens.map((token, i) => ({ ...token, spoken: readings[i] || token.spoken }));
}

function splitEvenly<T extends { text: string }>(items: T[], groups: number): T[][] {
  if (groups <= 1) return [items];
  const total = items.reduce((sum, item) => sum + item.text.length, 0);
  const result: T[][] = [[]];
  let filled = 0;
  for (const item of items) {
    const current = result.at(-1) ?? [];
    if (current.length > 0 && filled >= (total * result.length) / groups && result.length < groups) {
      result.push([item]);
    } else {
      current.push(item);
    }
    filled += item.text.length;
  }
  return result;
}
