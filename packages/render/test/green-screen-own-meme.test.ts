import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { greenScreenInputSchema } from "@reelsmith/core";
import { makeScreenClip } from "@reelsmith/media/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { produceVideo } from "../src/pipeline/produce.ts";
import { countPixels, ffmpeg, frameAt, streamFacts } from "./fixtures.ts";

/**
 * A creator's own meme, filmed on a real (not pure) green screen with grain and darker corners: keyed at
 * the screen's own colour, so the background shows where the screen was and the subject stays whole.
 */

let dir: string;
let clip: string;
let backdrop: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "green-own-meme-"));
  backdrop = join(dir, "backdrop.png");
  [clip] = await Promise.all([
    makeScreenClip(join(dir, "own.mp4"), { backdrop: "green", seconds: 3 }),
    ffmpeg(["-f", "lavfi", "-i", "color=c=0x2050D0:s=1080x1920", "-frames:v", "1", backdrop]),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const greenish = (r: number, g: number, b: number) => g > r + 30 && g > b + 30;
const blueish = (r: number, g: number, b: number) => b > 150 && r < 90 && g < 130;
const red = (r: number, g: number, b: number) => r > 150 && g < 90 && b < 90;

describe("a green-screen video made with the creator's own clip", () => {
  it("keys the clip's own screen away and keeps its subject", async () => {
    const input = greenScreenInputSchema.parse({
      text_hook: "me after one coffee",
      meme_file_id: "00000000-0000-4000-8000-000000000002",
      background_file_id: "00000000-0000-4000-8000-000000000001",
    });
    const workDir = await mkdtemp(join(dir, "render-"));
    const result = await produceVideo({
      type: "green-screen",
      input,
      assets: { ownMeme: clip, background: backdrop, music: null },
      workDir,
      draft: true,
    });
    const meme = result.composition.layers?.[1];
    // Keyed at the screen's own chroma (found on its edges), and its spill taken out.
    expect(meme).toMatchObject({ kind: "video", chromaKey: { despill: true, chroma: expect.any(Object) } });
    expect(await streamFacts(result.videoPath)).toMatchObject({ width: 720, height: 1280 });

    // The 360x640 clip is fitted into the meme area (draft: x 113-607, y 400-1280). The clip's top 38 % is
    // screen: the backdrop shows there, with no green left. Its middle bottom is the red shirt.
    for (const t of [0.75, 2.25]) {
      const frame = await frameAt(result.videoPath, t, { w: 720, h: 1280 });
      const screen = { x: 125, y: 420, w: 470, h: 180 };
      const area = screen.w * screen.h;
      expect(countPixels(frame, 720, screen, greenish), `green left at ${t}s`).toBeLessThan(area * 0.01);
      expect(countPixels(frame, 720, screen, blueish), `backdrop at ${t}s`).toBeGreaterThan(area * 0.95);
      const shirt = { x: 330, y: 1000, w: 60, h: 200 };
      expect(countPixels(frame, 720, shirt, red), `shirt at ${t}s`).toBeGreaterThan(shirt.w * shirt.h * 0.95);
    }
  }, 120_000);
});
