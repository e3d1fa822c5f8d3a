import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { redditInputSchema } from "@reelsmith/core";
import { makeHostileFiles } from "@reelsmith/media/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_BACKGROUND_BLEND_S, ownBackgroundFilter, prepareOwnBackground } from "../src/pipeline/own-background.ts";
import { produceVideo } from "../src/pipeline/produce.ts";
import { countPixels, ffmpeg, frameAt, streamFacts, ToneTts } from "./fixtures.ts";

const exec = promisify(execFile);

/**
 * The creator's own footage as a Reddit background: cut to 9:16 at the chosen place, made loop-ready
 * (its end blends into its start) and silent under the voice.
 */

let dir: string;
/** A landscape 1920x1080 clip of 6 s with sound: testsrc2 with a red band down its left 400 px and a blue one down its right 400 px. */
let landscape: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "own-background-"));
  landscape = join(dir, "landscape.mp4");
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=s=1920x1080:r=30:d=6",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:d=6",
    "-vf",
    "drawbox=x=0:y=0:w=400:h=ih:color=red:t=fill,drawbox=x=iw-400:y=0:w=400:h=ih:color=blue:t=fill",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-shortest",
    landscape,
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const red = (r: number, g: number, b: number) => r > 180 && g < 70 && b < 70;
const blue = (r: number, g: number, b: number) => b > 180 && r < 70 && g < 70;

/** Mean absolute difference of two RGB frames (0..255). */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe("ownBackgroundFilter", () => {
  it("cuts the 9:16 window at the chosen horizontal centre, clamped inside the clip", () => {
    const left = ownBackgroundFilter({ sourceDuration: 30, cropX: 0.1, needed: 20 });
    expect(left.graph).toContain("scale=1080:1920:force_original_aspect_ratio=increase");
    expect(left.graph).toContain("crop=1080:1920:x='clip(iw*0.1-ow/2,0,iw-ow)'");
    expect(ownBackgroundFilter({ sourceDuration: 30, cropX: 0.75, needed: 20 }).graph).toContain("iw*0.75-ow/2");
  });

  it("plays a clip longer than the video once; blends a shorter clip's end into its start", () => {
    const long = ownBackgroundFilter({ sourceDuration: 30, cropX: 0.5, needed: 20 });
    expect(long).toMatchObject({ duration: 20, loops: false });
    expect(long.graph).not.toContain("xfade");
    const short = ownBackgroundFilter({ sourceDuration: 6, cropX: 0.5, needed: 20 });
    expect(short).toMatchObject({ duration: 6 - OWN_BACKGROUND_BLEND_S, loops: true });
    expect(short.graph).toContain(`xfade=transition=fade:duration=${OWN_BACKGROUND_BLEND_S}:offset=0`);
    expect(short.graph).toContain(`trim=start=${OWN_BACKGROUND_BLEND_S}:end=${6 - OWN_BACKGROUND_BLEND_S}`);
  });
});

describe("prepareOwnBackground", () => {
  it("makes a silent 1080x1920 clip whose last frame runs on into its first", async () => {
    const prepared = await prepareOwnBackground(landscape, await mkdtemp(join(dir, "loop-")), {
      cropX: 0,
      needed: 20,
      draft: true,
    });
    expect(prepared.loops).toBe(true);
    const facts = await streamFacts(prepared.path);
    expect(facts).toMatchObject({ width: 1080, height: 1920, audioCodec: "undefined" });
    expect(facts.duration).toBeCloseTo(6 - OWN_BACKGROUND_BLEND_S, 1);
    const first = await frameAt(prepared.path, 0);
    const last = await frameAt(prepared.path, facts.duration - 1 / 30);
    const later = await frameAt(prepared.path, 2);
    // The left edge of the clip is in the window: its red band fills the frame's left.
    expect(countPixels(first, 1080, { x: 0, y: 0, w: 600, h: 1920 }, red)).toBeGreaterThan(600 * 1920 * 0.95);
    expect(countPixels(first, 1080, { x: 0, y: 0, w: 1080, h: 1920 }, blue)).toBe(0);
    // The loop point: the end is (nearly) the start again, unlike two moments of the clip 2 s apart.
    expect(difference(last, first)).toBeLessThan(difference(later, first) / 3);
  }, 60_000);
});

describe("a Reddit story over the creator's own footage", () => {
  it("shows the clip's chosen side for the whole video, looped, without the clip's sound", async () => {
    const input = redditInputSchema.parse({
      username: "Night Owl",
      post_title: "3am?",
      script: "Footsteps upstairs again and again, every night at three, for a whole week now",
      caption_style: "shadow",
      background_file_id: "00000000-0000-4000-8000-000000000001",
      background_crop: { x: 1 },
      background_music: "no-music",
    });
    const result = await produceVideo({
      type: "reddit",
      input,
      assets: { background: null, ownBackground: landscape, music: null },
      tts: new ToneTts(0.3),
      workDir: await mkdtemp(join(dir, "reddit-")),
      draft: true,
    });
    const duration = result.composition.duration;
    // Longer than the clip, so the footage loops at least once.
    expect(duration).toBeGreaterThan(6);
    const facts = await streamFacts(result.videoPath);
    expect(facts.width).toBe(720);
    expect(facts.duration).toBeCloseTo(duration, 0);
    // The right edge of the clip was chosen: its blue band down the frame's right, at the start, across
    // the loop point and at the end (the bottom fifth is clear of the card and captions).
    for (const t of [0.2, 6 - OWN_BACKGROUND_BLEND_S + 0.1, duration - 0.2]) {
      const frame = await frameAt(result.videoPath, t, { w: 720, h: 1280 });
      const side = { x: 620, y: 1050, w: 100, h: 200 };
      expect(countPixels(frame, 720, side, blue), `blue at ${t}s`).toBeGreaterThan(100 * 200 * 0.9);
      expect(countPixels(frame, 720, { x: 0, y: 1050, w: 720, h: 200 }, red), `red at ${t}s`).toBe(0);
    }
    // The clip's 440 Hz tone is not in the video: only the voice's sound is (silence after it ends).
    const { stderr } = await exec("ffmpeg", [
      "-v",
      "info",
      "-ss",
      String(duration - 0.6),
      "-i",
      result.videoPath,
      "-af",
      "volumedetect",
      "-f",
      "null",
      "-",
    ]);
    const peak = Number(/max_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1] ?? "0");
    expect(peak).toBeLessThan(-50);
  }, 120_000);
});

describe("footage whose header lies about its length", () => {
  it("is cut by the length its stream holds: a clip claiming 3 s but holding 40 s renders instead of hanging", async () => {
    const files = await makeHostileFiles(await mkdtemp(join(dir, "hostile-")));
    const prepared = await prepareOwnBackground(files.lyingMp4, await mkdtemp(join(dir, "lying-")), {
      cropX: 0.5,
      needed: 8,
      draft: true,
    });
    // 40 s of footage cover the 8 s the video needs: played once, not looped from a 3 s plan.
    expect(prepared.loops).toBe(false);
    expect((await streamFacts(prepared.path)).duration).toBeCloseTo(8, 0);
  }, 120_000);
});
