/**
 * How well every voice of the configured TTS provider is understood: each voice reads nine scripts (stories, ads,
 * narrations; about 315 words, no digits) and an open-vocabulary recogniser (pocketsphinx with its general US
 * English language model, not the script) writes down what it hears; the table gives the word error rate per script
 * and over all of them. Figures only: nothing is timed or asserted.
 *
 *   npm run bench:voices:wer [-- --voices alloy,onyx]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { VOICE_IDS, type VoiceId, voices } from "@reelsmith/core";
import { createTtsProvider } from "../src/index.ts";
import { plainWords, wordErrorRate } from "../src/tts/analysis.ts";
import { recognizeOpen } from "../src/tts/forced-align.ts";
import { INTELLIGIBILITY_BENCH_SCRIPTS } from "./bench-intelligibility-scripts.ts";

const { values } = parseArgs({ options: { voices: { type: "string" } } });
const ids = (values.voices?.split(",") ?? [...VOICE_IDS]) as VoiceId[];
const provider = createTtsProvider(process.env, { onWarning: () => {} });
const workDir = await mkdtemp(join(tmpdir(), "reelsmith-bench-wer-"));
try {
  const words = INTELLIGIBILITY_BENCH_SCRIPTS.reduce((n, s) => n + plainWords(s).length, 0);
  console.log(`Provider ${provider.name}: word error rate of an open recogniser, ${words} words per voice\n`);
  console.log(`| voice | name | each script (${INTELLIGIBILITY_BENCH_SCRIPTS.length}), % | all |`);
  console.log("|---|---|---|---|");
  for (const id of ids) {
    const rates: number[] = [];
    let errors = 0;
    for (const script of INTELLIGIBILITY_BENCH_SCRIPTS) {
      const speech = await provider.synthesize({ text: script, voice: id, workDir });
      const heard = await recognizeOpen(speech.audioPath, { workDir });
      const rate = wordErrorRate(script, heard);
      rates.push(rate);
      errors += rate * plainWords(script).length;
      if (process.env.BENCH_VERBOSE) console.error(`${id}: ${heard}`);
    }
    const pct = (r: number) => `${(r * 100).toFixed(1)} %`;
    const name = voices.find((v) => v.id === id)?.name ?? id;
    const each = rates.map((r) => Math.round(r * 100)).join(" ");
    console.log(`| ${id} | ${name} | ${each} | ${pct(errors / words)} |`);
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
