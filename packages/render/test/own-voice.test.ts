/**
 * A Reddit story read by the creator's own recording: a script spoken by an offline voice (whose word timings are
 * exact), re-encoded to Opus WebM as a browser records it, made quieter, then aligned and rendered.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { redditInputSchema } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { produceVideo } from "../src/pipeline/produce.ts";
import { ownRedditVoice } from "../src/pipeline/voice-over.ts";
import { REDDIT_STORY_START_MAX_S } from "../src/recipes/reddit.ts";
import { measureLoudness } from "../src/tts/audio.ts";
import { forcedAlignmentAvailable } from "../src/tts/forced-align.ts";
import { OfflineTtsProvider } from "../src/tts/offline.ts";
import type { WordTiming } from "../src/tts/types.ts";
import { ffmpeg, makeFixtures } from "./fixtures.ts";

const exec = promisify(execFile);
const TITLE = "AITA for reading my own story out loud?";
const SCRIPT =
  "My roommate Delphine kept borrowing my bike without asking. Last Tuesday she left it outside the library, " +
  "and by 9 in the evening it was gone. She says it was only a bike and I should calm down. I made her pay for half.";
/** The pause the creator leaves between the title and the script, and the silence before they start. */
const PAUSE = 0.7;
const LEAD_IN = 0.4;

let dir: string;
let recording: string;
let truth: { title: WordTiming[]; script: WordTiming[] };
let background: string;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const startErrors = (expected: readonly WordTiming[], got: readonly WordTiming[], shift = 0) =>
  expected.map((w, i) => Math.abs(w.start - ((got[i]?.start ?? Number.POSITIVE_INFINITY) + shift)));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-own-voice-"));
  background = (await makeFixtures(join(dir, "fixtures"))).darkBackground;
  const tts = new OfflineTtsProvider({ onWarning: () => {} });
  const title = await tts.synthesize({ text: TITLE, voice: "onyx", workDir: join(dir, "tts-title") });
  const script = await tts.synthesize({ text: SCRIPT, voice: "onyx", workDir: join(dir, "tts-script") });
  const scriptAt = LEAD_IN + title.duration + PAUSE;
  truth = {
    title: title.words.map((w) => ({ ...w, start: w.start + LEAD_IN, end: w.end + LEAD_IN })),
    script: script.words.map((w) => ({ ...w, start: w.start + scriptAt, end: w.end + scriptAt })),
  };
  // Silence, the title, a pause, the script, 10 dB quieter, as Opus in WebM (what Chromium's MediaRecorder writes).
  recording = join(dir, "take.webm");
  await ffmpeg([
    "-y",
    "-i",
    title.audioPath,
    "-i",
    script.audioPath,
    "-filter_complex",
    `[0:a]aresample=48000,adelay=${LEAD_IN * 1000},apad=pad_dur=${PAUSE}[t];[1:a]aresample=48000[s];` +
      "[t][s]concat=n=2:v=0:a=1,volume=-10dB[out]",
    "-map",
    "[out]",
    "-c:a",
    "libopus",
    "-b:a",
    "48k",
    "-f",
    "webm",
    recording,
  ]);
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.runIf(await forcedAlignmentAvailable())("a Reddit story read by the creator's recording", () => {
  it("splits the recording into the title and the script, each word where it is spoken", async () => {
    const own = await ownRedditVoice(recording, TITLE, SCRIPT, { workDir: join(dir, "own") });
    expect(own.title.words.map((w) => w.text)).toEqual(truth.title.map((w) => w.text));
    expect(own.script.words.map((w) => w.text)).toEqual(truth.script.map((w) => w.text));
    expect(median(startErrors(truth.title, own.title.words, own.offsets.title))).toBeLessThan(0.08);
    expect(median(startErrors(truth.script, own.script.words, own.offsets.script))).toBeLessThan(0.08);
    // The cut lies in the pause: the title part ends before the script's first word, which its part keeps.
    const firstScript = truth.script[0]?.start ?? 0;
    expect(own.offsets.title + own.title.duration).toBeLessThanOrEqual(firstScript);
    expect(own.offsets.script).toBeLessThan(firstScript);
    expect(own.offsets.script).toBeGreaterThan(truth.title.at(-1)?.end ?? 0);
    // Normalised like the voices: -16 LUFS (the recording was 10 dB quieter).
    const loudness = await measureLoudness(own.script.audioPath);
    expect(loudness.integrated).toBeGreaterThan(-17.5);
    expect(loudness.integrated).toBeLessThan(-14.5);
  }, 180_000);

  it("renders a draft whose captions follow the recording, with the speech in it", async () => {
    const input = redditInputSchema.parse({
      post_title: TITLE,
      script: SCRIPT,
      caption_style: "modern-bold",
      background_video: "minecraft",
      voiceover_file_id: "00000000-0000-4000-8000-000000000002",
    });
    // No text-to-speech provider at all: the recording is the voice-over.
    const result = await produceVideo({
      type: "reddit",
      input,
      assets: { background, music: null, voiceOver: recording },
      workDir: await mkdtemp(join(dir, "render-")),
      draft: true,
    });
    const { composition } = result;
    const captions = composition.captions?.words ?? [];
    expect(captions.map((w) => w.text)).toEqual(truth.script.map((w) => w.text));
    const [titleLayer, scriptLayer] = (composition.audio ?? []).filter((a) => a.role === "voice");
    // The title as recorded, or played faster (its pitch kept) so the story still starts within 3 s.
    expect(titleLayer?.src).toMatch(/own-voice\/title(-\d\.\d\d)?\.wav$/);
    expect(titleLayer?.start).toBeLessThanOrEqual(0.05);
    expect(captions[0]?.start ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(REDDIT_STORY_START_MAX_S);
    expect(scriptLayer?.src).toMatch(/own-voice\/script\.wav$/);
    // Word to word, the captions keep the recording's rhythm (relative to the first word) ...
    const first = captions[0]?.start ?? 0;
    const truthFirst = truth.script[0]?.start ?? 0;
    const relative = truth.script.map((w, i) => Math.abs(w.start - truthFirst - ((captions[i]?.start ?? 0) - first)));
    expect(median(relative)).toBeLessThan(0.08);
    // ... and the first one starts just after its voice part does (the part keeps a little silence before it).
    expect(first - (scriptLayer?.start ?? 0)).toBeGreaterThanOrEqual(0);
    expect(first - (scriptLayer?.start ?? 0)).toBeLessThan(0.35);
    // The video's sound is the speech, mastered to the product's level (around -14 LUFS).
    const { stderr } = await exec("ffmpeg", [
      "-v",
      "info",
      "-nostats",
      "-i",
      result.videoPath,
      "-af",
      "ebur128",
      "-f",
      "null",
      "-",
    ]);
    const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf("Summary:")))?.[1]);
    expect(integrated).toBeGreaterThan(-16);
    expect(integrated).toBeLessThan(-12);
  }, 300_000);
});
