import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { VoiceId } from "@reelsmith/core";
import { concatWavs, masterVoice } from "./audio.ts";
import { assignEngineTimes, finalizeWords, type Span } from "./engine-timing.ts";
import { throwIfAborted } from "./errors.ts";
import { synthesizeWithFestival } from "./festival.ts";
import { type EngineChunkResult, synthesizeWithFlite } from "./flite.ts";
import { checkVoice, warningsTo, wordsToSpeak } from "./request.ts";
import { chunkTokens, type TextChunk } from "./text.ts";
import type { Speech, SpeechRequest, TtsProvider } from "./types.ts";
import { engineSettings, OFFLINE_VOICES, type OfflineVoice } from "./voices.ts";

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
    const voice = OFFLINE_VOICES[request.voice];
    const warn = warningsTo(this.#options.onWarning);
    const { tokens, warnings } = wordsToSpeak(request.text, warn);
    const chunks = chunkTokens(tokens);
    const id = randomBytes(6).toString("hex");
    const scratch = join(request.workDir, `.tts-${id}`);
    await mkdir(scratch, { recursive: true });
    try {
      const parts = await this.#synthesizeChunks(voice, chunks, scratch, request.speed, signal);
      const joined = join(scratch, "joined.wav");
      const { offsets, sampleRate } = await concatWavs(
        parts.map((part) => part.path),
        joined,
      );
      // asetrate takes a whole sample rate: time words by the factor it really applies.
      const tape = Math.round(sampleRate * (voice.tape ?? 1)) / sampleRate;
      const spans: (Span | undefined)[] = [];
      for (const [i, chunk] of chunks.entries()) {
        const part = parts[i];
        const offset = offsets[i] ?? 0;
        const local = part ? assignEngineTimes(chunk.tokens, part.tokens) : chunk.tokens.map(() => undefined);
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

  async #synthesizeChunks(
    voice: OfflineVoice,
    chunks: TextChunk[],
    outDir: string,
    speed: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<EngineChunkResult[]> {
    const { setup, features } = engineSettings(voice, speed);
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
        groups.map((group) => {
          const run =
            voice.engine === "flite"
              ? synthesizeWithFlite({
                  voice: voice.voice,
                  features,
                  chunks: group,
                  outDir,
                  cacheDir: this.#options.cacheDir,
                  signal: controller.signal,
                  onSpawn: this.#options.onSpawn,
                })
              : synthesizeWithFestival({
                  voice: voice.voice,
                  setup,
                  chunks: group,
                  outDir,
                  signal: controller.signal,
                  onSpawn: this.#options.onSpawn,
                });
          // One failing process stops the others.
          return run.catch((error: unknown) => {
            controller.abort(error);
            throw error;
          });
        }),
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
