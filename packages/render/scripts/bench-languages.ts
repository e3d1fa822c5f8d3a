/**
 * Languages benchmark: every catalogue voice reads a short story in each language but English with the offline
 * voices (espeak-ng, KAKASI for Japanese), and this prints per language the speaking pace, how much faster than
 * real time it was made, and how far the words that start after a pause begin from the sound onsets found in the
 * audio (`onsetOffsets`: the captions' sync, measured without the engine's own times).
 *
 *   node packages/render/scripts/bench-languages.ts [--languages spanish,japanese] [--voices alloy,nova]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { languageOf, VOICE_IDS, type VoiceId } from "@reelsmith/core";
import { onsetOffsets } from "../src/tts/analysis.ts";
import { decodePcm } from "../src/tts/audio.ts";
import { OfflineTtsProvider } from "../src/tts/offline.ts";
import { LANGUAGE_STORIES } from "./bench-language-stories.ts";

const { values } = parseArgs({ options: { languages: { type: "string" }, voices: { type: "string" } } });
const languages = (values.languages?.split(",") ?? Object.keys(LANGUAGE_STORIES)) as (keyof typeof LANGUAGE_STORIES)[];
const voices = (values.voices?.split(",") ?? [...VOICE_IDS]) as VoiceId[];
for (const language of languages) {
  if (!(language in LANGUAGE_STORIES)) throw new Error(`No story in "${language}" (${Object.keys(LANGUAGE_STORIES)})`);
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? Number.NaN;

const provider = new OfflineTtsProvider({ onWarning: () => {} });
const workDir = await mkdtemp(join(tmpdir(), "reelsmith-bench-languages-"));
try {
  // Builds the espeak-ng helper on a fresh machine, outside the figures.
  await provider.synthesize({ text: "Hola.", voice: "alloy", language: "spanish", workDir });
  console.log(
    `Offline voices in every language, ${voices.length} voices each; load average ${loadavg()[0]?.toFixed(2)}\n`,
  );
  console.log(
    "| language | words | audio (s) | words a minute | x real time | onsets | sync p50 (ms) | p90 (ms) | max (ms) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const language of languages) {
    let words = 0;
    let audio = 0;
    let wall = 0;
    const offsets: number[] = [];
    for (const voice of voices) {
      const started = performance.now();
      const speech = await provider.synthesize({ text: LANGUAGE_STORIES[language], voice, language, workDir });
      wall += (performance.now() - started) / 1000;
      words += speech.words.length;
      audio += speech.duration;
      offsets.push(...onsetOffsets(speech.words, await decodePcm(speech.audioPath, 16000), 16000));
    }
    const sorted = offsets.sort((a, b) => a - b).map((s) => s * 1000);
    console.log(
      `| ${languageOf(language).name} | ${words / voices.length} | ${(audio / voices.length).toFixed(1)} | ${Math.round((words / audio) * 60)} | ${(audio / wall).toFixed(0)} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(0)} | ${percentile(sorted, 0.9).toFixed(0)} | ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} |`,
    );
  }
  console.log(`\nload average after: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
