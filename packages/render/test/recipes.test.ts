import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  facelessInputSchema,
  greenScreenInputSchema,
  redditInputSchema,
  textHookInputSchema,
  ugcAdsInputSchema,
} from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness } from "../src/ffmpeg/probe.ts";
import { type ProduceResult, produceVideo, STAGES } from "../src/pipeline/produce.ts";
import { countPixels, type Fixtures, frameAt, makeFixtures, streamFacts, ToneTts } from "./fixtures.ts";

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
      script: "Footsteps 👣 upstairs 京都",
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
    expect(result.composition.duration).toBeCloseTo(3, 1);
    await expectDeliverable(result, result.composition.duration);
    const frame = await frameAt(result.videoPath, 1.2);
    // The meme sits in y 600-1920 (1080x1080 contained: 720-1800).
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
