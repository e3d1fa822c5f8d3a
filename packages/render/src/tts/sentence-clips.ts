import { join } from "node:path";
import type { LanguageId } from "@reelsmith/core";
import { alignPhrase } from "./align.ts";
import { findPauses } from "./analysis.ts";
import { concatWavs, decodePcm, masterVoice } from "./audio.ts";
import { finalizeWords, type Span } from "./engine-timing.ts";
import { throwIfAborted } from "./errors.ts";
import { alignSegments, forcedAlignmentAvailable } from "./forced-align.ts";
import type { SpeechToken, TextChunk } from "./text.ts";
import type { Speech } from "./types.ts";

export interface AlignedClips {
  /** The clips joined, sample exact, in `scratch`. */
  joined: string;
  /** One span per token of the parts, in order (undefined where a word was not found). */
  spans: (Span | undefined)[];
  timing: "aligned";
}

let forcedAlignment: Promise<boolean> | undefined;

/**
 * Joins one clip per sentence (WAVs of one format, from decodeProviderAudio) and finds every word in its own
 * sentence's stretch by forced alignment (pocketsphinx). Without pocketsphinx, or when it fails, each sentence's words
 * are spread by syllables over its measured length and snapped to the pauses found in it. Shared by the providers
 * whose engines give no word times of their own (OpenAI-compatible servers, the in-process Kokoro model).
 */
export async function alignSentenceClips(options: {
  /** The text's language: forced alignment knows English only, so any other is spread per sentence. */
  language?: LanguageId;
  parts: TextChunk[];
  clips: string[];
  scratch: string;
  cacheDir?: string;
  signal?: AbortSignal;
  warn: (message: string) => void;
}): Promise<AlignedClips> {
  const { parts, clips, scratch, signal } = options;
  const joined = join(scratch, "joined.wav");
  const { offsets, duration: total } = await concatWavs(clips, joined);
  // Forced alignment knows English only: any other language is placed by its sentences' own pauses and lengths.
  if ((options.language ?? "english") === "english") {
    const aligned = await forceAlign(options, joined, offsets, total);
    if (aligned) return aligned;
  }
  const spans: (Span | undefined)[] = [];
  for (const [i, part] of parts.entries()) {
    const clip = clips[i];
    if (!clip) continue;
    const samples = await decodePcm(clip, 16000, signal);
    const offset = offsets[i] ?? 0;
    for (const span of alignPhrase(part.tokens, samples.length / 16000, findPauses(samples, 16000))) {
      spans.push({ start: span.start + offset, end: span.end + offset });
    }
  }
  return { joined, spans, timing: "aligned" };
}

/**
 * The finished speech of a provider that joined its clips itself: the joined audio mastered to `audioPath` (-16 LUFS)
 * and one timing per token, with the warnings gathered on the way.
 */
export async function masterSpeech(options: {
  joined: string;
  audioPath: string;
  scratch: string;
  tokens: SpeechToken[];
  spans: (Span | undefined)[];
  timing: Speech["timing"];
  warnings: string[];
  signal?: AbortSignal;
}): Promise<Speech> {
  const { audioPath, tokens, warnings } = options;
  const { duration } = await masterVoice({
    input: options.joined,
    output: audioPath,
    scratch: join(options.scratch, "shaped.wav"),
    signal: options.signal,
  });
  const speech: Speech = {
    audioPath,
    duration,
    words: finalizeWords(tokens, options.spans, duration),
    timing: options.timing,
  };
  if (warnings.length > 0) speech.warnings = warnings;
  return speech;
}

/** Every word found in its sentence's stretch by pocketsphinx; undefined (with a warning) when that cannot be done. */
async function forceAlign(
  options: {
    parts: TextChunk[];
    scratch: string;
    cacheDir?: string;
    signal?: AbortSignal;
    warn: (message: string) => void;
  },
  joined: string,
  offsets: number[],
  total: number,
): Promise<AlignedClips | undefined> {
  const { parts, scratch, signal, warn } = options;
  forcedAlignment ??= forcedAlignmentAvailable();
  if (await forcedAlignment) {
    try {
      const samples = await decodePcm(joined, 16000, signal);
      const segments = parts.map((part, i) => ({
        tokens: part.tokens,
        start: offsets[i] ?? 0,
        end: offsets[i + 1] ?? total,
      }));
      const { spans } = await alignSegments(samples, segments, {
        workDir: scratch,
        cacheDir: options.cacheDir,
        signal,
      });
      return { joined, spans, timing: "aligned" };
    } catch (error) {
      throwIfAborted(signal);
      const reason = error instanceof Error ? error.message : String(error);
      warn(`Forced alignment failed (${reason}); word timings are estimated per sentence.`);
    }
  } else {
    warn(
      "pocketsphinx is not installed, so word timings are estimated per sentence (install pocketsphinx and pocketsphinx-en-us).",
    );
  }
  return undefined;
}
