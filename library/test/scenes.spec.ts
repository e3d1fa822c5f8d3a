/**
 * Every recorded scene, each recorded as a short quick clip: the mod builds its world and runs it without an error,
 * and the clip is a real picture that moves in every frame. Each takes 1-2 minutes on a 2-core machine, so these run
 * by `npm run test:scenes`, not `npm test`; run them after changing a scene, the world mod or the recorder.
 * `npm test` records the paths every scene shares (`recorded.spec.ts`: the parkour, a dreamscape with its sound, a
 * meme on chroma green).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRecorded } from "../src/recorded/overlay.ts";
import { recordLibrary } from "../src/recorded/recorder.ts";
import { expectRealClip, recordMeme, SCENES, subjectShare } from "./recording.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "reelsmith-scenes-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("recording a green-screen meme", () => {
  it("records the shocked character on chroma green, the camera punching in on it within the loop", async () => {
    const { clip, screens, log } = await recordMeme(root, "shocked", "dun");
    expect(clip.title).toBe("Shocked Block Character (Minetest)");
    // Where in the run the clip begins was measured from the grab's stamps (its sound starts as far into its loop):
    // a moment after "go", longer on a busy machine.
    const startS = Number(/starting ([\d.]+) s into the run/.exec(log)?.[1]);
    expect(startS).toBeGreaterThan(0);
    expect(startS).toBeLessThan(5);
    // The green screen shows in every frame, even on the close-up of the eyes.
    for (const [n, mask] of screens.entries()) {
      expect(subjectShare(mask), `frame ${n}: green left`).toBeLessThan(0.85);
    }
    // The clip is one whole loop, begun wherever the grab caught it: somewhere in it the camera stands back on the
    // whole character, and somewhere it has punched in on its face, which then fills far more of the picture.
    const shares = screens.map((mask) => subjectShare(mask));
    expect(Math.max(...shares)).toBeGreaterThan(2 * Math.min(...shares));
  }, 1_200_000);
});

describe("recording every scene", () => {
  it.each(SCENES)(
    "records a short run of %s (%s) without an error",
    async (id, _what, title, minMean) => {
      const dir = path.join(root, id);
      const lines: string[] = [];
      const summary = await recordLibrary({ dir, mode: "quick", only: [id], log: (l) => lines.push(l) });
      expect(summary.failed, lines.join("\n")).toEqual([]);
      const [clip] = (await readRecorded(dir)).assets;
      if (!clip) throw new Error("nothing recorded");
      expect(clip).toMatchObject({ id, title });
      await expectRealClip(path.join(dir, clip.file), minMean);
    },
    1_200_000,
  );
});
