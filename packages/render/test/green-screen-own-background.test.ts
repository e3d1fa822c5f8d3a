import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { greenScreenInputSchema } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OWN_BACKGROUND_BLEND_S } from "../src/pipeline/own-background.ts";
import { produceVideo } from "../src/pipeline/produce.ts";
import { countPixels, ffmpeg, frameAt, streamFacts } from "./fixtures.ts";

/** Every ffmpeg run's arguments, to read the filtergraph the background was cut with. */
const ffmpegRuns = vi.hoisted(() => [] as string[][]);
vi.mock("../src/ffmpeg/run.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/ffmpeg/run.ts")>();
  return {
    ...original,
    runFfmpeg: (args: string[], ...rest: unknown[]) => {
      ffmpegRuns.push(args);
      return (original.runFfmpeg as (...a: unknown[]) => ReturnType<typeof original.runFfmpeg>)(args, ...rest);
    },
  };
});

/**
 * A green-screen meme over the creator's own landscape footage: the 9:16 window cut where they placed
 * it, and the clip, shorter than the meme's video, repeating without a jump.
 */

let dir: string;
/**
 * A 1920x1080 clip of 3 s with sound: testsrc2 with a red band down its left 400 px, a blue one down
 * its right 400 px, and a white block moving right along its bottom edge (at 35 px/s), so a jump back
 * to its start would show.
 */
let landscape: string;
let meme: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "green-own-"));
  landscape = join(dir, "landscape.mp4");
  meme = join(dir, "meme.mp4");
  const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
  await Promise.all([
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc2=s=1920x1080:r=30:d=3",
      "-f",
      "lavfi",
      "-i",
      "color=c=white:s=100x120:r=30:d=3",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:d=3",
      "-filter_complex",
      "[0:v]drawbox=x=0:y=0:w=400:h=ih:color=red:t=fill,drawbox=x=iw-400:y=0:w=400:h=ih:color=blue:t=fill[bg];" +
        "[bg][1:v]overlay=x='400+35*t':y=960[v]",
      "-map",
      "[v]",
      "-map",
      "2:a",
      ...h264,
      "-c:a",
      "aac",
      "-shortest",
      landscape,
    ]),
    // A meme: a red "character" moving on pure chroma green, 3 s.
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "color=c=0x00FF00:s=1080x1080:r=30:d=3",
      "-vf",
      "drawbox=x='300+150*sin(t*2)':y=300:w=360:h=520:color=0xD02020@1:t=fill",
      ...h264,
      meme,
    ]),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const red = (r: number, g: number, b: number) => r > 180 && g < 70 && b < 70;
const blue = (r: number, g: number, b: number) => b > 180 && r < 70 && g < 70;

/** Mean absolute difference of two RGB frames (720 wide) inside a rectangle. */
function difference(a: Buffer, b: Buffer, rect: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let i = (y * 720 + rect.x) * 3; i < (y * 720 + rect.x + rect.w) * 3; i++) {
      sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    }
  }
  return sum / (rect.w * rect.h * 3);
}

describe("a green-screen meme over the creator's own footage", () => {
  it("keeps the chosen side of the clip and loops it without a jump", async () => {
    const input = greenScreenInputSchema.parse({
      text_hook: "me when the wifi comes back",
      selected_meme: "dancing-guy",
      background_file_id: "00000000-0000-4000-8000-000000000001",
      background_crop: { x: 0.05 },
    });
    const workDir = await mkdtemp(join(dir, "render-"));
    const result = await produceVideo({
      type: "green-screen",
      input,
      assets: { meme, background: landscape, music: null },
      workDir,
      draft: true,
    });

    // The background was cut at the creator's x: 1080x1920 windows of the clip scaled to cover the frame.
    const cut = ffmpegRuns.find((args) => args.includes(landscape) && args.includes("-filter_complex"));
    const graph = cut?.[cut.indexOf("-filter_complex") + 1] ?? "";
    expect(graph).toContain("scale=1080:1920:force_original_aspect_ratio=increase");
    expect(graph).toContain("crop=1080:1920:x='clip(iw*0.05-ow/2,0,iw-ow)'");
    expect(graph).toContain("xfade");
    expect(result.composition.layers?.[0]).toMatchObject({ kind: "video", loop: true });

    const duration = result.composition.duration;
    // Six words take 3.5 s to read: the 3 s meme plays twice, so the 3 s clip repeats.
    expect(duration).toBeCloseTo(6, 1);
    const facts = await streamFacts(result.videoPath);
    expect(facts).toMatchObject({ width: 720, height: 1280 });

    // Below the meme (draft rows 1205-1275) only the background shows. The clip's left edge was chosen:
    // its red band down the frame's left, no blue anywhere, at the start, after the loop and at the end.
    const loopAt = 3 - OWN_BACKGROUND_BLEND_S;
    const strip = { x: 0, y: 1205, w: 720, h: 70 };
    for (const t of [0.2, loopAt + 0.1, duration - 0.2]) {
      const frame = await frameAt(result.videoPath, t, { w: 720, h: 1280 });
      expect(countPixels(frame, 720, { x: 0, y: 1205, w: 400, h: 70 }, red), `red at ${t}s`).toBeGreaterThan(
        400 * 70 * 0.9,
      );
      expect(countPixels(frame, 720, strip, blue), `blue at ${t}s`).toBe(0);
    }

    // Either side of the loop point the picture runs on: the two frames differ far less than two
    // moments of the clip 1 s apart (where the white block has moved on).
    const moving = { x: 400, y: 1205, w: 320, h: 70 };
    const [before, after, early, later] = await Promise.all(
      [loopAt - 0.05, loopAt + 0.02, 0.5, 1.5].map((t) => frameAt(result.videoPath, t, { w: 720, h: 1280 })),
    );
    const apart = difference(early as Buffer, later as Buffer, moving);
    expect(apart).toBeGreaterThan(5);
    expect(difference(before as Buffer, after as Buffer, moving)).toBeLessThan(apart / 3);
  }, 120_000);
});
