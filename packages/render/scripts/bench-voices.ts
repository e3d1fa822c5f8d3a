/**
 * Measures every voice of the configured TTS provider: synthesis speed (realtime factor) for a script of N
 * characters, median pitch, how far the pitch moves (semitones, 10th to 90th percentile), speaking rate and how word
 * timings were obtained.
 *
 *   npm run bench:voices -- [--chars 600] [--voices alloy,nova]
 */

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { VOICE_IDS, type VoiceId, voices } from "@reelsmith/core";
import { benchmarkSynthesis, createTtsProvider, OFFLINE_VOICES, OfflineTtsProvider } from "../src/index.ts";
import { measureVoice, pitchRange, speakingRate } from "../src/tts/analysis.ts";
import { decodePcm } from "../src/tts/audio.ts";

const { values } = parseArgs({ options: { chars: { type: "string", default: "600" }, voices: { type: "string" } } });
const characters = Number(values.chars);
if (!Number.isInteger(characters) || characters < 20 || characters > 20000) {
  console.error("bench:voices: --chars must be a whole number from 20 to 20000");
  process.exit(1);
}
const ids = (values.voices?.split(",") ?? [...VOICE_IDS]) as VoiceId[];
const provider = createTtsProvider(process.env, { onWarning: () => {} });
const workDir = await mkdtemp(join(tmpdir(), "reelsmith-bench-voices-"));
try {
  // Warm up once (builds the flite helper on a fresh machine, loads the engines into the page cache).
  await benchmarkSynthesis({ provider, voice: ids[0] ?? "alloy", characters: 40, workDir });
  console.log(`Provider ${provider.name}, ${characters} characters per voice\n`);
  console.log(
    "| voice | name | engine / voice | pitch (Hz) | pitch range (st) | rate (wpm) | audio (s) | wall (s) | realtime factor | CPU (s) | audio s per CPU s | timing |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const id of ids) {
    const result = await benchmarkSynthesis({ provider, voice: id, characters, workDir });
    if (!result.speech) throw new Error("no speech returned");
    const samples = await decodePcm(result.speech.audioPath, 16000);
    const measures = measureVoice(samples, 16000);
    const engine = provider instanceof OfflineTtsProvider ? OFFLINE_VOICES[id].label : (provider.voiceKey?.(id) ?? id);
    const name = voices.find((v) => v.id === id)?.name ?? id;
    console.log(
      `| ${id} | ${name} | ${engine} | ${measures.pitch.toFixed(0)} | ${pitchRange(samples, 16000).toFixed(1)} | ${speakingRate(result.speech.words).toFixed(0)} | ` +
        `${result.audioSeconds.toFixed(1)} | ${result.wallSeconds.toFixed(2)} | ${result.realtimeFactor.toFixed(1)}x | ` +
        `${result.cpuSeconds?.toFixed(2) ?? "-"} | ${result.cpuSeconds ? `${(result.audioSeconds / result.cpuSeconds).toFixed(1)}x` : "-"} | ${result.timing} |`,
    );
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
