import { join } from "node:path";
import { C_NEXT_CHUNK, type CHelper, defaultCacheDir, ensureCHelper } from "./c-helper.ts";
import { type EngineToken, parseEngineOutput } from "./engine-timing.ts";
import { TtsError } from "./errors.ts";
import { runProcess } from "./process.ts";

/**
 * A small program linked to libflite that synthesises one line of text per chunk and prints, for every token, when
 * its first word starts and its last word ends (from flite's own Segment relation), plus the wave's length.
 *
 *   reelsmith-flite <voice> <outdir> [feature=value ...]  < "<n>\t<text>" lines
 *   -> writes <outdir>/chunk-<n>.wav and prints "W samples rate", "T start end token" ..., "E"
 *
 * It is compiled on first use into the cache directory (needs gcc and the flite1-dev headers).
 */
export const FLITE_HELPER_SOURCE = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <flite/flite.h>

cst_voice *register_cmu_us_rms(const char *dir);
cst_voice *register_cmu_us_awb(const char *dir);
cst_voice *register_cmu_us_slt(const char *dir);
cst_voice *register_cmu_us_kal16(const char *dir);

static float word_start(const cst_item *w) {
  const cst_item *seg = flite_path_to_item(w, "R:SylStructure.daughter1.daughter1.R:Segment");
  if (!seg) return -1;
  const cst_item *prev = item_prev(seg);
  return prev ? flite_ffeature_float(prev, "end") : 0;
}

static float word_end(const cst_item *w) {
  const cst_item *seg = flite_path_to_item(w, "R:SylStructure.daughtern.daughtern.R:Segment");
  return seg ? flite_ffeature_float(seg, "end") : -1;
}

${C_NEXT_CHUNK}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s rms|awb|slt|kal16 <outdir> [feature=value ...] < lines\n", argv[0]);
    return 2;
  }
  flite_init();
  cst_voice *v = NULL;
  if (!strcmp(argv[1], "rms")) v = register_cmu_us_rms(NULL);
  else if (!strcmp(argv[1], "awb")) v = register_cmu_us_awb(NULL);
  else if (!strcmp(argv[1], "slt")) v = register_cmu_us_slt(NULL);
  else if (!strcmp(argv[1], "kal16")) v = register_cmu_us_kal16(NULL);
  if (!v) {
    fprintf(stderr, "unknown flite voice %s\n", argv[1]);
    return 2;
  }
  for (int i = 3; i < argc; i++) {
    /* flite keeps the name pointer, so the name must outlive the voice: split argv in place. */
    char *eq = strchr(argv[i], '=');
    char *end = NULL;
    float value = eq ? strtof(eq + 1, &end) : 0;
    if (!eq || eq == argv[i] || end == eq + 1 || *end) {
      fprintf(stderr, "bad feature %s\n", argv[i]);
      return 2;
    }
    *eq = 0;
    flite_feat_set_float(v->features, argv[i], value);
  }
  static char line[1 << 16];
  char path[4096];
  const char *text;
  while ((text = next_chunk(line, sizeof line))) {
    snprintf(path, sizeof path, "%s/chunk-%s.wav", argv[2], line);
    cst_utterance *u = flite_synth_text(text, v);
    cst_wave *w = utt_wave(u);
    if (!w || cst_wave_save_riff(w, path) != 0) {
      fprintf(stderr, "cannot write %s\n", path);
      return 1;
    }
    printf("W %d %d\n", cst_wave_num_samples(w), cst_wave_sample_rate(w));
    for (cst_item *t = relation_head(utt_relation(u, "Token")); t; t = item_next(t)) {
      float s = -1, e = -1;
      for (const cst_item *d = item_daughter(t); d; d = item_next(d)) {
        float ws = word_start(d), we = word_end(d);
        if (ws >= 0 && s < 0) s = ws;
        if (we >= 0) e = we;
      }
      printf("T %.4f %.4f %s\n", s, e, item_feat_string(t, "name"));
    }
    printf("E\n");
    fflush(stdout);
    delete_utterance(u);
  }
  return 0;
}
`;

const LIBS = [
  "-lflite_cmu_us_rms",
  "-lflite_cmu_us_awb",
  "-lflite_cmu_us_slt",
  "-lflite_cmu_us_kal16",
  "-lflite_usenglish",
  "-lflite_cmulex",
  "-lflite",
  "-lm",
];

const FLITE_HELPER: CHelper = {
  name: "flite",
  purpose: "flite voices cannot report word timings",
  source: FLITE_HELPER_SOURCE,
  libs: LIBS,
  header: "/usr/include/flite/flite.h",
  howTo: "install gcc, libc6-dev and flite1-dev (sudo apt-get install gcc libc6-dev flite1-dev)",
};

/** Path of the compiled flite helper, building it first when needed (once per process and cache directory). */
export function ensureFliteHelper(cacheDir: string = defaultCacheDir()): Promise<string> {
  return ensureCHelper(FLITE_HELPER, cacheDir);
}

export interface EngineChunkResult {
  /** WAV file of the chunk. */
  path: string;
  /** Seconds. */
  duration: number;
  tokens: EngineToken[];
}

/** Synthesises chunks with one flite voice in one helper process. */
export async function synthesizeWithFlite(options: {
  voice: string;
  features: Record<string, number>;
  chunks: readonly { index: number; text: string }[];
  outDir: string;
  cacheDir?: string;
  signal?: AbortSignal;
  onSpawn?: (pid: number) => void;
}): Promise<EngineChunkResult[]> {
  const helper = await ensureFliteHelper(options.cacheDir);
  const features = Object.entries(options.features).map(([name, value]) => `${name}=${value}`);
  const input = options.chunks.map((chunk) => `${chunk.index}\t${chunk.text}\n`).join("");
  const { stdout } = await runProcess(helper, [options.voice, options.outDir, ...features], {
    input,
    signal: options.signal,
    onSpawn: options.onSpawn,
  });
  const blocks = parseEngineOutput(stdout);
  if (blocks.length !== options.chunks.length) {
    throw new TtsError("ENGINE_FAILED", `flite produced ${blocks.length} of ${options.chunks.length} speech parts.`);
  }
  return blocks.map((block, i) => ({
    path: join(options.outDir, `chunk-${options.chunks[i]?.index}.wav`),
    duration: block.samples / block.sampleRate,
    tokens: block.tokens,
  }));
}
