/**
 * A creator's own green-screen clip: the screen is found on its edges (the key the render and the preview use),
 * and an upload of a clip with no screen is refused, in its kind's words, before it is kept.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromaKeyDistance, LIBRARY_SCREEN_KEY, messages } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkUploadFile, findScreenKey, probeMedia, runMedia } from "../src/index.ts";
import { makeScreenClip } from "../src/testing/index.ts";

let dir: string;
const clips: Record<"green" | "blue" | "none", string> = { green: "", blue: "", none: "" };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-screen-"));
  for (const backdrop of ["green", "blue", "none"] as const) {
    clips[backdrop] = await makeScreenClip(join(dir, `${backdrop}.mp4`), { backdrop });
  }
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

async function keyOf(path: string) {
  const info = await probeMedia(path);
  if (!info.video) throw new Error("no picture");
  return findScreenKey(path, info.duration, { width: info.video.width, height: info.video.height });
}

/** The mean U and V of a patch of a clip's first frame (x, y, size in pixels), as the file holds them. */
async function patchChroma(path: string, x: number, y: number, size = 12): Promise<{ u: number; v: number }> {
  const crop = `crop=${size}:${size}:${x}:${y},scale=1:1:flags=area,format=yuv444p`;
  const { stdout } = await runMedia(
    "ffmpeg",
    ["-nostdin", "-v", "error", "-i", path, "-frames:v", "1", "-vf", crop, "-f", "rawvideo", "-"],
    { profile: "decode", stdout: "buffer" },
  );
  return { u: stdout[1] as number, v: stdout[2] as number };
}

describe("findScreenKey", () => {
  it("keys a filmed green screen at its own colour, close enough to cover its grain and falloff", async () => {
    const key = await keyOf(clips.green);
    expect(key?.screen).toBe("green");
    // The screen at the top middle, the skin at the middle of the face, the shirt below (360x640 clip).
    const [screen, skin, shirt] = await Promise.all([
      patchChroma(clips.green, 174, 30),
      patchChroma(clips.green, 168, 330),
      patchChroma(clips.green, 174, 560),
    ]);
    const k = key ?? { u: 0, v: 0, similarity: 1, blend: 1 };
    // The key sits on the screen's own colour (not on #00FF00's chroma), and covers it.
    expect(chromaKeyDistance(screen.u, screen.v, k)).toBeLessThan(k.similarity);
    expect(chromaKeyDistance(LIBRARY_SCREEN_KEY.u, LIBRARY_SCREEN_KEY.v, k)).toBeGreaterThan(0.1);
    expect(k.similarity).toBeGreaterThanOrEqual(0.05);
    expect(k.similarity).toBeLessThanOrEqual(0.14);
    // The subject's skin and shirt stay fully outside it.
    for (const c of [skin, shirt]) expect(chromaKeyDistance(c.u, c.v, k)).toBeGreaterThan(k.similarity + k.blend);
  });

  it("finds a blue screen as blue", async () => {
    expect((await keyOf(clips.blue))?.screen).toBe("blue");
  });

  it("finds no screen in a clip without one", async () => {
    expect(await keyOf(clips.none)).toBeNull();
  });
});

describe("checkUploadFile for a meme clip", () => {
  it("keeps a clip filmed on a screen", async () => {
    const check = await checkUploadFile(clips.green, "meme-clip");
    expect(check.ok).toBe(true);
  });

  it("refuses a clip with no screen, saying so", async () => {
    const check = await checkUploadFile(clips.none, "meme-clip");
    expect(check).toEqual({ ok: false, reason: "screen", message: messages.files.memeClipNoScreen });
  });

  it("does not look for a screen in background footage", async () => {
    expect((await checkUploadFile(clips.none, "background-video")).ok).toBe(true);
  });
});
