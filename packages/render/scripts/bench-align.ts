/**
 * Forced alignment benchmark: every offline voice reads a ~600 character script (names outside the dictionary,
 * money, numbers, an ordinal, a decade); the aligner then finds the words in the audio knowing only the script.
 * Prints per voice the start error against the engine's own word timings (exact) and the time the alignment took,
 * for the whole recording in one grammar and cut into pieces of at most 12 s.
 *
 *   node packages/render/scripts/bench-align.ts [--voices alloy,nova] [--text "..."]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { VOICE_IDS, type VoiceId } from "@reelsmith/core";
import { alignToScript, forcedAlignmentAvailable } from "../src/tts/forced-align.ts";
import { OfflineTtsProvider } from "../src/tts/offline.ts";

const SCRIPT =
  "Last summer my cousin Jovanka opened a tiny bakery on Elm Street. Everyone said she was crazy. " +
  "The rent was $1,200 a month, the oven was older than her, and the only other shop nearby sold fishing bait. " +
  "On the first morning she sold 3 croissants. On the second, 11. By the end of July there was a line around the " +
  "block, and a food blogger called it the best bread in the state. Her secret? She bakes everything at 4 in the " +
  "morning, plays loud 80s music, and never, ever uses a timer. Now she employs 6 people and is opening her 2nd shop " +
  "with Mr. Okonkwo in October. Never let anyone tell you an idea is too small.";

const { values } = parseArgs({ options: { voices: { type: "string" }, text: { type: "string" } } });
const ids = (values.voices?.split(",") ?? [...VOICE_IDS]) as VoiceId[];
const text = values.text ?? SCRIPT;

if (!(await forcedAlignmentAvailable())) {
  console.error("bench-align: pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)");
  process.exit(1);
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

const provider = new OfflineTtsProvider({ onWarning: () => {} });
const workDir = await mkdtemp(join(tmpdir(), "reelsmith-bench-align-"));
try {
  // Warm up once (builds the lexicon helper on a fresh machine, loads the model into the page cache).
  const warm = await provider.synthesize({ text: "Warm up, Zorblax.", voice: "alloy", workDir });
  await alignToScript(warm.audioPath, "Warm up, Zorblax.", { workDir });
  console.log(`Forced alignment (pocketsphinx) against the engines' word timings, ${text.length} characters\n`);
  console.log(
    "| voice | words | audio (s) | pieces | median start error (ms) | p90 (ms) | max (ms) | median end error (ms) | recognised | align wall (s) | audio s per align s |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const voice of ids) {
    const speech = await provider.synthesize({ text, voice, workDir });
    for (const pieceSeconds of [60, 12]) {
      const started = performance.now();
      const aligned = await alignToScript(speech.audioPath, text, { workDir, pieceSeconds });
      const wall = (performance.now() - started) / 1000;
      const endErrors = speech.words.map(
        (word, i) => Math.abs(word.end - (aligned.words[i]?.end ?? Number.NaN)) * 1000,
      );
      const errors = speech.words.map(
        (word, i) => Math.abs(word.start - (aligned.words[i]?.start ?? Number.NaN)) * 1000,
      );
      console.log(
        `| ${voice} | ${speech.words.length} | ${speech.duration.toFixed(1)} | ${pieceSeconds >= speech.duration ? "1" : `<= ${pieceSeconds} s`} | ` +
          `${percentile(errors, 0.5).toFixed(0)} | ${percentile(errors, 0.9).toFixed(0)} | ${Math.max(...errors).toFixed(0)} | ${percentile(endErrors, 0.5).toFixed(0)} | ` +
          `${aligned.recognised}/${aligned.words.length} | ${wall.toFixed(2)} | ${(speech.duration / wall).toFixed(1)} |`,
      );
    }
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
