import { join } from "node:path";
import { C_NEXT_CHUNK, type CHelper, defaultCacheDir, ensureCHelper } from "./c-helper.ts";
import type { EngineToken } from "./engine-timing.ts";
import { TtsError } from "./errors.ts";
import type { EngineChunkResult } from "./flite.ts";
import { runProcess } from "./process.ts";

/**
 * A small program linked to libespeak-ng that synthesises one line of text per chunk and prints, for every word
 * espeak-ng reads, where the word is in the line (its first character, counted in characters from 1, and its
 * length) and when it is heard: from its first sounding phoneme to the pause, clause end or word after it, all from
 * espeak-ng's own word and phoneme events, so the times are the engine's, not estimates.
 *
 *   reelsmith-espeak <voice> <outdir> <rate wpm> <pitch 0-100> <range 0-100>  < "<n>\t<text>" lines
 *   -> writes <outdir>/chunk-<n>.wav and prints "W samples rate", "T start end position length" ..., "E"
 */
export const ESPEAK_HELPER_SOURCE = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <espeak-ng/speak_lib.h>

#define PAUSE_MS 220

typedef struct { int pos, len; int start, end; } word_t;
static short *samples;
static size_t count, capacity;
static word_t *words;
static int nwords, wcap, open_word = -1;

static void close_word(int ms) {
  if (open_word >= 0 && words[open_word].start >= 0 && words[open_word].end < 0) words[open_word].end = ms;
}

static int on_synth(short *wav, int n, espeak_EVENT *events) {
  if (n > 0) {
    if (count + n > capacity) {
      capacity = (count + n) * 2;
      samples = realloc(samples, capacity * sizeof(short));
      if (!samples) return 1;
    }
    memcpy(samples + count, wav, n * sizeof(short));
    count += n;
  }
  for (espeak_EVENT *e = events; e && e->type != espeakEVENT_LIST_TERMINATED; e++) {
    if (e->type == espeakEVENT_WORD) {
      close_word(e->audio_position);
      if (nwords == wcap) {
        wcap = wcap ? wcap * 2 : 64;
        words = realloc(words, wcap * sizeof(word_t));
        if (!words) return 1;
      }
      words[nwords] = (word_t){ e->text_position, e->length, -1, -1 };
      open_word = nwords++;
    } else if (e->type == espeakEVENT_PHONEME && open_word >= 0) {
      if (e->id.string[0] == '_') {
        close_word(e->audio_position);
      } else {
        if (words[open_word].start < 0) words[open_word].start = e->audio_position;
        words[open_word].end = -1;
      }
    } else if (e->type == espeakEVENT_END) {
      close_word(e->audio_position);
    }
  }
  return 0;
}

${C_NEXT_CHUNK}

static void put32(FILE *f, unsigned v) { fputc(v & 255, f); fputc(v >> 8 & 255, f); fputc(v >> 16 & 255, f); fputc(v >> 24, f); }
static void put16(FILE *f, unsigned v) { fputc(v & 255, f); fputc(v >> 8 & 255, f); }

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s <voice> <outdir> <rate> <pitch> <range> < lines\n", argv[0]);
    return 2;
  }
  int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, NULL, espeakINITIALIZE_PHONEME_EVENTS);
  if (rate <= 0) {
    fprintf(stderr, "espeak-ng did not start (is espeak-ng-data installed?)\n");
    return 1;
  }
  espeak_SetSynthCallback(on_synth);
  if (espeak_SetVoiceByName(argv[1]) != EE_OK) {
    fprintf(stderr, "unknown espeak-ng voice %s\n", argv[1]);
    return 2;
  }
  espeak_SetParameter(espeakRATE, atoi(argv[3]), 0);
  espeak_SetParameter(espeakPITCH, atoi(argv[4]), 0);
  espeak_SetParameter(espeakRANGE, atoi(argv[5]), 0);
  static char line[1 << 16];
  char path[4096];
  const char *text;
  while ((text = next_chunk(line, sizeof line))) {
    count = 0;
    nwords = 0;
    open_word = -1;
    if (espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL) != EE_OK ||
        espeak_Synchronize() != EE_OK) {
      fprintf(stderr, "espeak-ng could not speak chunk %s\n", line);
      return 1;
    }
    int total_ms = (int)(count * 1000 / rate);
    close_word(total_ms);
    /* espeak-ng ends a text without the pause of its last full stop: the chunk gets the breath before the next. */
    size_t pause = (size_t)rate * PAUSE_MS / 1000;
    if (count + pause > capacity) {
      capacity = count + pause;
      samples = realloc(samples, capacity * sizeof(short));
      if (!samples) return 1;
    }
    memset(samples + count, 0, pause * sizeof(short));
    count += pause;
    snprintf(path, sizeof path, "%s/chunk-%s.wav", argv[2], line);
    FILE *f = fopen(path, "wb");
    if (!f) {
      fprintf(stderr, "cannot write %s\n", path);
      return 1;
    }
    unsigned bytes = (unsigned)(count * 2);
    fwrite("RIFF", 1, 4, f); put32(f, 36 + bytes); fwrite("WAVEfmt ", 1, 8, f);
    put32(f, 16); put16(f, 1); put16(f, 1); put32(f, rate); put32(f, rate * 2); put16(f, 2); put16(f, 16);
    fwrite("data", 1, 4, f); put32(f, bytes);
    fwrite(samples, 2, count, f);
    if (fclose(f) != 0) {
      fprintf(stderr, "cannot write %s\n", path);
      return 1;
    }
    printf("W %zu %d\n", count, rate);
    for (int i = 0; i < nwords; i++) {
      word_t *w = &words[i];
      printf("T %.4f %.4f %d %d\n", w->start / 1000.0, w->end / 1000.0, w->pos, w->len);
    }
    printf("E\n");
    fflush(stdout);
  }
  return 0;
}
`;

const ESPEAK_HELPER: CHelper = {
  name: "espeak",
  purpose: "languages other than English cannot be spoken offline",
  source: ESPEAK_HELPER_SOURCE,
  libs: ["-lespeak-ng"],
  header: "/usr/include/espeak-ng/speak_lib.h",
  howTo: "install gcc, libc6-dev and libespeak-ng-dev (sudo apt-get install gcc libc6-dev libespeak-ng-dev)",
};

/** Path of the compiled espeak-ng helper, building it first when needed (once per process and cache directory). */
export function ensureEspeakHelper(cacheDir: string = defaultCacheDir()): Promise<string> {
  return ensureCHelper(ESPEAK_HELPER, cacheDir);
}

/** A word as espeak-ng read it: where it is in its chunk's text (characters, from 0) and when it is heard. */
export interface EspeakWord extends EngineToken {
  position: number;
  length: number;
}

/** How one espeak-ng voice reads: a language voice and variant ("es+m3"), pace in words a minute, pitch and range. */
export interface EspeakSettings {
  voice: string;
  rate: number;
  pitch: number;
  range: number;
}

/** Synthesises chunks with one espeak-ng voice in one helper process. */
export async function synthesizeWithEspeak(options: {
  settings: EspeakSettings;
  chunks: readonly { index: number; text: string }[];
  outDir: string;
  cacheDir?: string;
  signal?: AbortSignal;
  onSpawn?: (pid: number) => void;
}): Promise<(EngineChunkResult & { words: EspeakWord[] })[]> {
  const helper = await ensureEspeakHelper(options.cacheDir);
  const { voice, rate, pitch, range } = options.settings;
  // One chunk a line: line breaks inside a chunk's text would start another.
  const input = options.chunks.map((chunk) => `${chunk.index}\t${chunk.text.replace(/[\r\n]+/g, " ")}\n`).join("");
  const { stdout } = await runProcess(helper, [voice, options.outDir, String(rate), String(pitch), String(range)], {
    input,
    signal: options.signal,
    onSpawn: options.onSpawn,
  });
  const blocks = parseEspeakOutput(stdout);
  if (blocks.length !== options.chunks.length) {
    throw new TtsError(
      "ENGINE_FAILED",
      `espeak-ng produced ${blocks.length} of ${options.chunks.length} speech parts.`,
    );
  }
  return blocks.map((block, i) => ({
    path: join(options.outDir, `chunk-${options.chunks[i]?.index}.wav`),
    duration: block.samples / block.sampleRate,
    tokens: block.words,
    words: block.words,
  }));
}

/** Parses the helper's "W samples rate / T start end position length / E" blocks (positions made 0-based). */
export function parseEspeakOutput(stdout: string): { samples: number; sampleRate: number; words: EspeakWord[] }[] {
  const blocks: { samples: number; sampleRate: number; words: EspeakWord[] }[] = [];
  let current: { samples: number; sampleRate: number; words: EspeakWord[] } | undefined;
  for (const line of stdout.split("\n")) {
    const [kind, a = "", b = "", c = "", d = ""] = line.trim().split(" ");
    if (kind === "W") {
      current = { samples: Number(a), sampleRate: Number(b), words: [] };
    } else if (kind === "T" && current) {
      current.words.push({ start: Number(a), end: Number(b), position: Number(c) - 1, length: Number(d), name: "" });
    } else if (kind === "E" && current) {
      blocks.push(current);
      current = undefined;
    }
  }
  return blocks;
}

/**
 * Each text piece's span from the words espeak-ng read inside it: `pieces` are the [from, to) character ranges of our
 * tokens in the chunk's text (code points, as espeak-ng counts). A token espeak-ng read as several words (a number)
 * spans them all; one it read as none is left unknown.
 */
export function spansByPosition(
  pieces: readonly { from: number; to: number }[],
  words: readonly EspeakWord[],
): ({ start: number; end: number } | undefined)[] {
  return pieces.map(({ from, to }) => {
    const inside = words.filter((w) => w.position >= from && w.position < to && w.start >= 0 && w.end > w.start);
    const first = inside[0];
    const last = inside.at(-1);
    return first && last ? { start: first.start, end: last.end } : undefined;
  });
}
