import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  facelessInputSchema,
  greenScreenInputSchema,
  redditInputSchema,
  textHookInputSchema,
  ugcAdsInputSchema,
} from "@reelsmith/core";
import { makeHostileFiles } from "@reelsmith/media/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FONT_FACES, fontFile } from "../src/captions/fonts.ts";
import { makeFontSet } from "../src/captions/testing/font-set.ts";
import { CaptionTextError } from "../src/captions/text-safety.ts";
import { measureLoudness } from "../src/ffmpeg/probe.ts";
import { type ProduceResult, produceVideo, STAGES } from "../src/pipeline/produce.ts";
import { REDDIT_STORY_START_MAX_S } from "../src/recipes/reddit.ts";
import { silences } from "./audit.ts";
import { countPixels, type Fixtures, ffmpeg, frameAt, makeFixtures, streamFacts, ToneTts } from "./fixtures.ts";

const exec = promisify(execFile);
let root: string;
let fx: Fixtures;
const FILE_ID = "00000000-0000-4000-8000-000000000001";

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-recipes-"));
  fx = await makeFixtures(join(root, "fixtures"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The checks every finished video must pass. */
async function expectDeliverable(result: ProduceResult, planned: number) {
  const facts = await streamFacts(result.videoPath);
  expect(facts).toMatchObject({
    width: 1080,
    height: 1920,
    fps: "30/1",
    codec: "h264",
    profile: "High",
    pixFmt: "yuv420p",
    audioCodec: "aac",
    sampleRate: 48000,
  });
  expect(Math.abs(facts.duration - planned)).toBeLessThanOrEqual(0.1);
  const loudness = await measureLoudness(result.videoPath);
  expect(Math.abs(loudness.integrated - -14)).toBeLessThanOrEqual(1.5);
  expect((await stat(result.thumbnailPath)).size).toBeGreaterThan(5000);
}

const bright = (r: number, g: number, b: number) => r + g + b > 600;

describe("recipes render real videos", () => {
  it("reddit: title card while the title is read, then word captions over the gameplay", async () => {
    const stages: string[] = [];
    const progress: number[] = [];
    const input = redditInputSchema.parse({
      username: "Night Owl",
      post_title: "3am?",
      script: "Footsteps 👣 upstairs at Zoë's café",
      caption_style: "shadow",
      background_video: "minecraft",
      background_music: "lofi",
    });
    const result = await produceVideo({
      type: "reddit",
      input,
      assets: { background: fx.darkBackground, music: fx.music },
      tts: new ToneTts(0.25),
      workDir: join(root, "reddit"),
      onStage: (s) => stages.push(s),
      onProgress: (p) => progress.push(p),
    });
    const planned = result.composition.duration;
    expect(planned).toBeGreaterThan(2);
    expect(planned).toBeLessThan(5);
    await expectDeliverable(result, planned);
    expect(stages).toEqual([STAGES.preparing, STAGES.voice, STAGES.rendering, STAGES.finishing]);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(result.warnings.join(" ")).toContain("👣");

    const caption = result.composition.captions?.words ?? [];
    const first = caption[0];
    if (!first) throw new Error("no caption words");
    // While a word is spoken its caption is drawn in the caption zone (centre band of the frame)...
    const during = await frameAt(result.videoPath, first.start + 0.2);
    const zone = { x: 54, y: 960 - 130, w: 972, h: 260 };
    expect(countPixels(during, 1080, zone, bright)).toBeGreaterThan(800);
    // ...while the title is read the white post card covers the middle of the frame.
    const title = await frameAt(result.videoPath, 0.6);
    expect(countPixels(title, 1080, { x: 100, y: 700, w: 880, h: 200 }, bright)).toBeGreaterThan(100_000);
    // The bottom 20 % stays free of text.
    expect(countPixels(during, 1080, { x: 0, y: 1536, w: 1080, h: 384 }, bright)).toBe(0);
  });

  it("reddit: a long title is read as a hook over the card and the story's first word is spoken by 3 s", async () => {
    const input = redditInputSchema.parse({
      username: "quietneighbor",
      post_title:
        "My upstairs neighbor drags furniture every night at 3am. Last night I finally went up there and found out why.",
      script: "So this has been going on for six months. Every single night.",
      subreddit: "r/LetsNotMeet",
      upvotes: 48_213,
      comments: 1_907,
      caption_style: "shadow",
      background_video: "minecraft",
    });
    const result = await produceVideo({
      type: "reddit",
      input,
      assets: { background: fx.darkBackground, music: null },
      tts: new ToneTts(0.25),
      workDir: join(root, "reddit-long-title"),
    });
    const { composition } = result;
    const card = composition.layers?.find((l) => l.kind === "reddit-card");
    expect(card).toMatchObject({ start: 0, subreddit: "LetsNotMeet", upvotes: 48_213, comments: 1_907 });
    const first = composition.captions?.words[0];
    expect(first?.text).toBe("So");
    // The pipeline's own word timing of the story's first word...
    expect(first?.start ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(REDDIT_STORY_START_MAX_S);
    // ...and the file's sound: the title's hook, a pause, then the story's first word where its caption is.
    const pauses = (await silences(result.videoPath, result.durationS, -50, 0.2)).filter((p) => p.start > 0.1);
    const spoken = pauses[0]?.end ?? Number.POSITIVE_INFINITY;
    expect(spoken).toBeLessThanOrEqual(REDDIT_STORY_START_MAX_S);
    expect(Math.abs(spoken - (first?.start ?? 0))).toBeLessThanOrEqual(0.05);
    // The hook is read over the card from the first frame; the card is gone when the story's caption shows.
    expect(composition.audio?.find((a) => a.role === "voice")?.start).toBeLessThanOrEqual(0.05);
    const title = await frameAt(result.videoPath, 0.6);
    expect(countPixels(title, 1080, { x: 100, y: 700, w: 880, h: 200 }, bright)).toBeGreaterThan(100_000);
    expect(card?.end ?? Number.POSITIVE_INFINITY).toBeLessThan(first?.start ?? 0);
    expect(Math.abs(result.durationS - composition.duration)).toBeLessThanOrEqual(0.1);
  });

  it("reddit: a script in letters no installed font draws fails before the video is encoded", async () => {
    const input = redditInputSchema.parse({
      username: "Night Owl",
      post_title: "3am?",
      // Mro letters (U+16A40...): neither the caption font nor the machine's fonts (a set of this test's) have them.
      script: "Footsteps upstairs \u{16A40}\u{16A41}\u{16A42}",
      caption_style: "shadow",
      background_video: "minecraft",
      background_music: "lofi",
    });
    const spawned: number[] = [];
    const workDir = join(root, "reddit-undrawable");
    const latinOnly = await makeFontSet(FONT_FACES.filter((f) => f.family === "Inter SemiBold").map(fontFile));
    latinOnly.use();
    const failure = await produceVideo({
      type: "reddit",
      input,
      assets: { background: fx.darkBackground, music: fx.music },
      tts: new ToneTts(0.25),
      workDir,
      onSpawn: (pid) => spawned.push(pid),
    })
      .catch((e: unknown) => e)
      .finally(() => latinOnly.remove());
    expect(failure).toBeInstanceOf(CaptionTextError);
    expect((failure as CaptionTextError).code).toBe("UNDRAWABLE_TEXT");
    expect((failure as CaptionTextError).characters).toContain("\u{16A40}");
    // The encoder never started and no video was written.
    expect(spawned).toEqual([]);
    expect(existsSync(join(workDir, "video.mp4"))).toBe(false);
  });

  it("text-hook: the song's length, the style footage looped, the hook on screen", async () => {
    const input = textHookInputSchema.parse({
      audio_file_id: FILE_ID,
      video_style: "boiler-room",
      text_hook: "POV: the drop hits at 3am",
    });
    const result = await produceVideo({
      type: "text-hook",
      input,
      assets: { audio: fx.song, footage: fx.darkBackground },
      workDir: join(root, "text-hook"),
    });
    expect(result.composition.duration).toBeCloseTo(3.5, 1);
    await expectDeliverable(result, result.composition.duration);
    // The hook's white box sits in the upper middle of the dark footage.
    const frame = await frameAt(result.videoPath, 1.5);
    expect(countPixels(frame, 1080, { x: 60, y: 520, w: 960, h: 560 }, bright)).toBeGreaterThan(20_000);
  });

  it("text-hook: a song whose header claims 5 s is measured by its sound, so the video keeps its length", async () => {
    const files = await makeHostileFiles(await mkdtemp(join(root, "hostile-")));
    const result = await produceVideo({
      type: "text-hook",
      input: textHookInputSchema.parse({ audio_file_id: FILE_ID, video_style: "boiler-room", clip_duration: 10 }),
      assets: { audio: files.lyingMp3, footage: fx.darkBackground },
      workDir: join(root, "text-hook-lying"),
      draft: true,
    });
    expect(result.composition.duration).toBeCloseTo(10, 1);
  });

  it("green-screen: the meme keyed over the user's picture leaves no chroma green", async () => {
    const input = greenScreenInputSchema.parse({
      text_hook: "me when the wifi comes back",
      selected_meme: "dancing-guy",
      background_file_id: FILE_ID,
      song: "lofi",
    });
    const result = await produceVideo({
      type: "green-screen",
      input,
      assets: { meme: fx.meme, background: fx.userImage, music: fx.music },
      workDir: join(root, "green"),
    });
    // Six words take 3.5 s to read: the 3 s meme plays twice (at least 5 s).
    expect(result.composition.duration).toBeCloseTo(6, 1);
    await expectDeliverable(result, result.composition.duration);
    const frame = await frameAt(result.videoPath, 1.2);
    // The meme sits where it always did by default: 1080x1080 at y 720-1800.
    const meme = { x: 0, y: 720, w: 1080, h: 1080 };
    const chromaGreen = (r: number, g: number, b: number) => g > 160 && r < 110 && b < 110;
    expect(countPixels(frame, 1080, meme, chromaGreen)).toBe(0);
    // The keyed subject (red) is still there, over the blue picture.
    expect(countPixels(frame, 1080, meme, (r, g, b) => r > 150 && g < 90 && b < 90)).toBeGreaterThan(50_000);
    expect(countPixels(frame, 1080, meme, (r, _g, b) => b > 150 && r < 120)).toBeGreaterThan(200_000);
  });

  it("ugc-ads: the product card, the hook, captions in the chosen style and a call to action", async () => {
    const input = ugcAdsInputSchema.parse({
      product_image_id: FILE_ID,
      gender: "male",
      background_music: "upbeat",
      captions: true,
      caption_style: "bubble",
      product_name: "Glow Serum",
      hook: "Wow",
      ad_copy: "Buy this",
    });
    const result = await produceVideo({
      type: "ugc-ads",
      input,
      assets: { productImage: fx.productImage, music: fx.music },
      tts: new ToneTts(0.25),
      workDir: join(root, "ugc"),
    });
    const planned = result.composition.duration;
    expect(planned).toBeLessThanOrEqual(4);
    await expectDeliverable(result, planned);
    const word = result.composition.captions?.words[0];
    if (!word) throw new Error("captions were asked for");
    const frame = await frameAt(result.videoPath, word.start + 0.15);
    // The product's orange body is on screen, and the caption band holds text.
    expect(
      countPixels(frame, 1080, { x: 120, y: 470, w: 840, h: 840 }, (r, g, b) => r > 150 && g < 110 && b < 60),
    ).toBeGreaterThan(10_000);
    const band = { x: 54, y: Math.round(0.74 * 1920) - 110, w: 972, h: 220 };
    expect(countPixels(frame, 1080, band, bright)).toBeGreaterThan(1500);
  });

  it("faceless-ai: each shot plays the clip's sound of the moment it shows, in sync with the picture", async () => {
    // A clip whose picture flashes white exactly when its sound beeps (a stand-in for a knife and its sound).
    const frames = [12, 39, 66, 90, 111, 138, 165, 189, 216];
    const events = frames.map((f) => f / 30);
    const flash = frames.map((f) => `between(n,${f},${f + 2})`).join("+");
    const beep = frames.map((f) => `between(t,${f}/30,${f + 3}/30)`).join("+");
    const clip = join(root, "sync-clip.mp4");
    await ffmpeg([
      "-f",
      "lavfi",
      "-i",
      `color=c=black:s=360x640:r=30:d=8,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='${flash}'`,
      "-f",
      "lavfi",
      "-i",
      `aevalsrc='0.01*sin(2*PI*150*t)+0.5*sin(2*PI*1000*t)*gt(${beep},0)':s=48000:d=8`,
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2", "-shortest"],
      clip,
    ]);
    const input = facelessInputSchema.parse({ tab: "asmr", video_type: "fruit", title: "" });
    const result = await produceVideo({
      type: "faceless-ai",
      input,
      assets: { clip },
      durationS: 10,
      draft: true,
      workDir: join(root, "faceless-sync"),
    });
    const shots = result.composition.layers?.flatMap((l) => (l.kind === "video" ? [l] : [])) ?? [];
    expect(shots.map((s) => s.trimStart ?? 0)).not.toEqual(shots.map(() => 0));
    // Where each event should land on the timeline: away from crossfades, where two shots mix.
    const blends = shots.slice(1).map((s) => s.start ?? 0);
    const expected = shots.flatMap((s) => {
      const from = s.trimStart ?? 0;
      const start = s.start ?? 0;
      const span = (s.end ?? 10) - start;
      return events
        .filter((e) => e >= from && e + 0.1 <= from + span)
        .map((e) => start + e - from)
        .filter((t) => blends.every((b) => t < b - 0.15 || t > b + 0.65) && t < 9);
    });
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const flashes = await flashOnsets(result.videoPath);
    const beeps = await beepOnsets(result.videoPath);
    for (const t of expected) {
      // The events are on frames: the picture must land on its very frame, the sound within 15 ms.
      expect(
        flashes.find((f) => Math.abs(f - t) <= 0.02),
        `picture event at ${t.toFixed(3)} s`,
      ).toBeDefined();
      expect(
        beeps.find((b) => Math.abs(b - t) <= 0.015),
        `sound event at ${t.toFixed(3)} s`,
      ).toBeDefined();
    }
  });

  it("faceless-ai: shots of the style clip with its ambience and the title", async () => {
    const input = facelessInputSchema.parse({ tab: "asmr", video_type: "fruit", title: "Satisfying fruit" });
    const result = await produceVideo({
      type: "faceless-ai",
      input,
      assets: { clip: fx.styleClip },
      durationS: 4,
      workDir: join(root, "faceless"),
    });
    expect(result.composition.duration).toBe(4);
    await expectDeliverable(result, 4);
    const frame = await frameAt(result.videoPath, 1.5);
    // The title's white letters sit in the upper part of the frame.
    expect(
      countPixels(frame, 1080, { x: 60, y: 260, w: 960, h: 520 }, (r, g, b) => r > 240 && g > 240 && b > 240),
    ).toBeGreaterThan(3000);
  });
});

/** Times (s) at which the picture turns white (mean luma crosses half way up). */
async function flashOnsets(video: string): Promise<number[]> {
  const { stdout } = await exec(
    "ffmpeg",
    ["-v", "error", "-i", video, "-vf", "scale=36:64,format=gray", "-f", "rawvideo", "-"],
    { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
  );
  const size = 36 * 64;
  const onsets: number[] = [];
  let lit = false;
  for (let f = 0; f < Math.floor(stdout.length / size); f++) {
    let sum = 0;
    for (let i = 0; i < size; i++) sum += stdout[f * size + i] ?? 0;
    const now = sum / size > 128;
    if (now && !lit) onsets.push(f / 30);
    lit = now;
  }
  return onsets;
}

/** Times (s) at which a beep starts (5 ms windows crossing a third of the loudest one). */
async function beepOnsets(video: string): Promise<number[]> {
  const { stdout } = await exec(
    "ffmpeg",
    ["-v", "error", "-i", video, "-ac", "1", "-ar", "48000", "-f", "f32le", "-"],
    {
      encoding: "buffer",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const samples = new Float32Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 4));
  const window = 240;
  const rms: number[] = [];
  for (let i = 0; i + window <= samples.length; i += window) {
    let sum = 0;
    for (let k = i; k < i + window; k++) sum += (samples[k] ?? 0) ** 2;
    rms.push(Math.sqrt(sum / window));
  }
  const threshold = Math.max(...rms) / 3;
  return rms.flatMap((r, i) => (r > threshold && (rms[i - 1] ?? 0) <= threshold ? [(i * window) / 48000] : []));
}
