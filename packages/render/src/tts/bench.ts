import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { VoiceId } from "@reelsmith/core";
import type { Speech, TtsProvider } from "./types.ts";

/** A neutral story paragraph used to make benchmark scripts of any length. */
const STORY =
  "So this happened last week and I still can't believe it. My roommate and I have lived together for three years, " +
  "and we have always split everything fifty-fifty: rent, groceries, even the streaming account. Last Tuesday I came " +
  "home early because the office flooded, and I found him in the kitchen with a stranger. Turns out he had been " +
  "renting out my room on weekends while I visited my parents, for two whole years. He made about 4,000 dollars from " +
  "it and never told me a thing. I didn't yell. I just asked him why, and he said I was never there anyway. ";

/** A script of about `characters` characters, cut at a word boundary and ending with a full stop. */
export function sampleScript(characters: number): string {
  let text = "";
  while (text.length < characters) text += STORY;
  const cut = text.slice(0, characters + 1);
  const end = cut.lastIndexOf(" ");
  return `${cut.slice(0, end > 0 ? end : characters).replace(/[,.:;]$/, "")}.`;
}

export interface SynthesisBenchmark {
  provider: string;
  voice: VoiceId;
  characters: number;
  words: number;
  /** Length of the audio produced, s. */
  audioSeconds: number;
  /** Wall-clock time of the synthesis, s. */
  wallSeconds: number;
  /** Seconds of audio per second of work (higher is faster). */
  realtimeFactor: number;
  /**
   * CPU seconds spent by this process and the engine and ffmpeg processes it ran (Linux; undefined elsewhere).
   * Unlike wall time it does not grow when other work shares the machine.
   */
  cpuSeconds?: number;
  timing: Speech["timing"];
}

/**
 * Times one synthesis of a `characters`-long script through the TtsProvider interface (text analysis, engine,
 * timings, joining, loudness). Works in a temporary directory it removes afterwards unless `workDir` is given.
 */
export async function benchmarkSynthesis(options: {
  provider: TtsProvider;
  voice: VoiceId;
  characters: number;
  workDir?: string;
  text?: string;
}): Promise<SynthesisBenchmark & { speech?: Speech }> {
  const text = options.text ?? sampleScript(options.characters);
  const workDir = options.workDir ?? (await mkdtemp(join(tmpdir(), "reelsmith-tts-bench-")));
  try {
    const cpuBefore = cpuTime();
    const started = performance.now();
    const speech = await options.provider.synthesize({ text, voice: options.voice, workDir });
    const wallSeconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuTime();
    return {
      provider: options.provider.name,
      voice: options.voice,
      characters: text.length,
      words: speech.words.length,
      audioSeconds: speech.duration,
      wallSeconds,
      realtimeFactor: speech.duration / wallSeconds,
      ...(cpuBefore !== undefined && cpuAfter !== undefined ? { cpuSeconds: cpuAfter - cpuBefore } : {}),
      timing: speech.timing,
      // The audio is only kept (and returned) when the caller owns the work directory.
      ...(options.workDir ? { speech } : {}),
    };
  } finally {
    if (!options.workDir) await rm(workDir, { recursive: true, force: true });
  }
}

/** User + system CPU seconds of this process plus its finished children, from /proc (Linux). */
function cpuTime(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    return ticks / 100;
  } catch {
    return undefined;
  }
}
