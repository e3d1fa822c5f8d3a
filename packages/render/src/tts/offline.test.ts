/**
 * The offline voices, for real: festival and flite synthesise, ffmpeg normalises, and the results are measured.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VOICE_IDS, type VoiceId, voices } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTELLIGIBILITY_SCRIPTS } from "../../scripts/bench-intelligibility-scripts.ts";
import {
  findPauses,
  measureVoice,
  median,
  pitchRange,
  plainWords,
  speakingRate,
  type VoiceMeasures,
  wordErrorRate,
} from "./analysis.ts";
import { decodePcm, measureLoudness, probeDuration, VOICE_LOUDNESS } from "./audio.ts";
import { sampleScript } from "./bench.ts";
import { assignEngineTimes } from "./engine-timing.ts";
import { TtsError } from "./errors.ts";
import { synthesizeWithFestival } from "./festival.ts";
import { ensureFliteHelper, synthesizeWithFlite } from "./flite.ts";
import { recognizeOpen } from "./forced-align.ts";
import { OfflineTtsProvider } from "./offline.ts";
import { chunkTokens, speechTokens } from "./text.ts";
import type { Speech } from "./types.ts";

const TEXT =
  "Last summer, I found an old letter in my grandmother's attic. It was dated 1962, and it changed everything " +
  "I thought I knew about her. Honestly, I still can't believe it!";

let workDir: string;
const warnings: string[] = [];
const provider = new OfflineTtsProvider({ onWarning: (message) => warnings.push(message) });
const speeches = new Map<VoiceId, Speech>();
const measures = new Map<VoiceId, VoiceMeasures & { rate: number }>();

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "reelsmith-tts-offline-"));
  await Promise.all(
    VOICE_IDS.map(async (voice) => {
      const speech = await provider.synthesize({ text: TEXT, voice, workDir });
      speeches.set(voice, speech);
      const samples = await decodePcm(speech.audioPath, 16000);
      measures.set(voice, { ...measureVoice(samples, 16000), rate: speakingRate(speech.words) });
    }),
  );
}, 60_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const semitones = (a: number, b: number) => Math.abs(12 * Math.log2(a / b));

describe("offline voices", () => {
  it.each(VOICE_IDS)("%s says every word in order, with timings inside the audio and no overlap", async (voice) => {
    const speech = speeches.get(voice);
    if (!speech) throw new Error("not synthesised");
    expect(speech.timing).toBe("engine");
    expect(speech.words.map((w) => w.text)).toEqual(speechTokens(TEXT).tokens.map((t) => t.text));
    expect(await probeDuration(speech.audioPath)).toBeCloseTo(speech.duration, 2);
    let previousEnd = 0;
    for (const word of speech.words) {
      expect(word.start).toBeGreaterThanOrEqual(previousEnd);
      // Every word got phones of its own from the engine (none skipped or squashed).
      expect(word.end - word.start, word.text).toBeGreaterThan(0.04);
      previousEnd = word.end;
    }
    expect(previousEnd).toBeLessThanOrEqual(speech.duration);
    // Natural pace: 130-200 words a minute while speaking.
    const rate = measures.get(voice)?.rate ?? 0;
    expect(rate).toBeGreaterThan(130);
    expect(rate).toBeLessThan(200);
  });

  it("has four male and two female voices that sound apart: females higher, every pair a semitone or more apart", () => {
    const pitch = (id: VoiceId) => measures.get(id)?.pitch ?? Number.NaN;
    const male = voices.filter((v) => v.gender === "male").map((v) => pitch(v.id));
    const female = voices.filter((v) => v.gender === "female").map((v) => pitch(v.id));
    expect(male).toHaveLength(4);
    expect(female).toHaveLength(2);
    for (const p of male) expect(p > 75 && p < 145, `male pitch ${p}`).toBe(true);
    for (const p of female) expect(p > 145 && p < 230, `female pitch ${p}`).toBe(true);
    expect(Math.min(...female)).toBeGreaterThan(Math.max(...male));
    for (const [i, a] of VOICE_IDS.entries()) {
      for (const b of VOICE_IDS.slice(i + 1)) {
        expect(semitones(pitch(a), pitch(b)), `${a} vs ${b}`).toBeGreaterThanOrEqual(1);
      }
    }
    // The two voices on one recorded speaker also differ in brightness (vocal-tract size and engine).
    const nova = measures.get("nova")?.centroid ?? 0;
    const shimmer = measures.get("shimmer")?.centroid ?? 0;
    expect(Math.abs(nova - shimmer) / nova).toBeGreaterThan(0.04);
  });

  it.each(VOICE_IDS)("%s starts words within 50 ms (median) of where the sound starts after a pause", async (voice) => {
    const speech = speeches.get(voice);
    if (!speech) throw new Error("not synthesised");
    const pauses = findPauses(await decodePcm(speech.audioPath, 16000), 16000, { minDuration: 0.05 });
    const errors: number[] = [];
    for (const [i, word] of speech.words.entries()) {
      const previous = speech.words[i - 1];
      // Measurable where the engine itself put a gap before the word.
      if (previous && word.start - previous.end < 0.05) continue;
      const nearest = pauses.map((pause) => Math.abs(pause.end - word.start)).sort((a, b) => a - b)[0];
      if (nearest !== undefined && nearest < 0.25) errors.push(nearest);
    }
    expect(errors.length).toBeGreaterThanOrEqual(4);
    expect(median(errors)).toBeLessThan(0.05);
  });

  it.each(VOICE_IDS)("%s does not read flat: its pitch moves over 3 semitones or more", async (voice) => {
    const speech = speeches.get(voice);
    if (!speech) throw new Error("not synthesised");
    expect(pitchRange(await decodePcm(speech.audioPath, 16000), 16000)).toBeGreaterThanOrEqual(3);
  });

  it("has male voices an open recogniser understands: under 35 % of the words missed in a story, an ad and a narration", async () => {
    // pocketsphinx with its general language model, not the script; it misses about a fifth of the words of the
    // clearest voices. The voices this replaced (festival KED, flite AWB) missed 56 % and 42 %.
    const male = voices.filter((v) => v.gender === "male").map((v) => v.id);
    const rates = await Promise.all(
      male.map(async (voice) => {
        let errors = 0;
        let words = 0;
        for (const script of INTELLIGIBILITY_SCRIPTS) {
          const speech = await provider.synthesize({ text: script, voice, workDir });
          const heard = await recognizeOpen(speech.audioPath, { workDir });
          errors += wordErrorRate(script, heard) * plainWords(script).length;
          words += plainWords(script).length;
        }
        return [voice, errors / words] as const;
      }),
    );
    for (const [voice, rate] of rates) expect(rate, voice).toBeLessThan(0.35);
  }, 300_000);

  it.each(VOICE_IDS)("%s is normalised to -16 LUFS within 1 LU, peaks under -1 dBTP", async (voice) => {
    const speech = speeches.get(voice);
    if (!speech) throw new Error("not synthesised");
    const loudness = await measureLoudness(speech.audioPath);
    expect(Math.abs(loudness.integrated - VOICE_LOUDNESS.integrated)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
  });

  it("reads an 1800-character script in about two minutes with every word timed", async () => {
    const text = sampleScript(1800);
    expect(text.length).toBeGreaterThanOrEqual(1790);
    const speech = await provider.synthesize({ text, voice: "alloy", workDir });
    expect(speech.duration).toBeGreaterThan(95);
    expect(speech.duration).toBeLessThan(150);
    expect(speech.words).toHaveLength(speechTokens(text).tokens.length);
    const last = speech.words.at(-1);
    expect(last?.end).toBeLessThanOrEqual(speech.duration);
    expect(last?.end).toBeGreaterThan(speech.duration - 1);
    for (const [i, word] of speech.words.entries()) {
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(speech.words[i - 1]?.end ?? 0);
    }
  }, 60_000);

  it("speaks emoji, accents and other scripts without crashing, leaving out what it cannot say", async () => {
    warnings.length = 0;
    const text = "Hello 👋 world! Café naïve — 日本語 Привет 🔥🔥 ok👍";
    const speech = await provider.synthesize({ text, voice: "nova", workDir });
    expect(speech.words.map((w) => w.text)).toEqual(["Hello", "world!", "Café", "naïve", "Привет", "ok👍"]);
    expect(speech.duration).toBeGreaterThan(1);
    expect(speech.warnings?.join(" ")).toContain("日本語");
    expect(warnings.join(" ")).toContain("👋");
  });

  it("sees the same words as both engines in odd text (numbers, symbols, abbreviations, links)", async () => {
    const text = String.raw`e-mail a/b C++ #tag @user 100% 3.14 1,000,000 $4.50 €20 10:30pm x2 O'Neil rock'n'roll -- ... ???
      [test] {x} <tag> a&b 24/7 Q&A AT&T U.S.A. i.e. etc. www.example.com http://x.y/z?q=1 2nd '90s "quoted" semi;colon
      back\slash 12345678901234567890 Hello—world wait…what ok.`;
    const chunks = chunkTokens(speechTokens(text).tokens).map((chunk, index) => ({ ...chunk, index }));
    const outDir = await mkdtemp(join(workDir, "odd-"));
    const runs = await Promise.all([
      synthesizeWithFlite({ voice: "rms", features: {}, chunks, outDir: await mkdtemp(join(outDir, "f-")) }),
      synthesizeWithFestival({
        voice: "voice_kal_diphone",
        setup: [],
        chunks,
        outDir: await mkdtemp(join(outDir, "k-")),
      }),
    ]);
    for (const parts of runs) {
      for (const [i, part] of parts.entries()) {
        const chunk = chunks[i];
        if (!chunk) throw new Error("chunk missing");
        const expected = chunk.tokens.reduce((n, token) => n + token.spoken.split(" ").length, 0);
        expect(part.tokens.map((t) => t.name)).toHaveLength(expected);
        expect(assignEngineTimes(chunk.tokens, part.tokens).every((span) => span && span.end > span.start)).toBe(true);
      }
    }
  }, 30_000);

  it("refuses text with nothing speakable and voices it does not know", async () => {
    await expect(provider.synthesize({ text: "🔥 🙏 ...", voice: "alloy", workDir })).rejects.toMatchObject({
      code: "NOTHING_TO_SAY",
      message: "The script has no words that can be spoken.",
    });
    await expect(provider.synthesize({ text: "Hi", voice: "coral" as VoiceId, workDir })).rejects.toMatchObject({
      code: "UNKNOWN_VOICE",
      message: 'Unknown voice "coral" (alloy, echo, onyx, fable, nova, shimmer).',
    });
  });

  it("kills the engine processes when aborted and leaves no scratch files", async () => {
    const dir = await mkdtemp(join(workDir, "abort-"));
    const pids: number[] = [];
    const controller = new AbortController();
    const slow = new OfflineTtsProvider({
      onWarning: () => {},
      onSpawn: (pid) => {
        pids.push(pid);
        setTimeout(() => controller.abort(), 150);
      },
    });
    const started = slow.synthesize({
      text: sampleScript(1800),
      voice: "nova",
      workDir: dir,
      signal: controller.signal,
    });
    await expect(started).rejects.toMatchObject({ name: "AbortError" });
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    expect(await readdir(dir)).toEqual([]);
  }, 30_000);

  it("explains how to fix a missing C compiler for the flite helper", async () => {
    const cache = await mkdtemp(join(workDir, "cache-"));
    const saved = process.env.CC;
    process.env.CC = "reelsmith-no-such-compiler";
    try {
      const error = await ensureFliteHelper(cache).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TtsError);
      expect((error as TtsError).code).toBe("HELPER_BUILD_FAILED");
      expect((error as TtsError).message).toMatch(/No C compiler \(reelsmith-no-such-compiler\).*apt-get install gcc/);
    } finally {
      if (saved === undefined) delete process.env.CC;
      else process.env.CC = saved;
    }
  });
});
