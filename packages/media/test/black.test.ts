import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blackStretches } from "../src/probe.ts";
import { runMedia } from "../src/run.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-media-black-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A 2 s clip at 30 fps: a dark grey picture (not black) with frames `from`..`to` (exclusive) black. */
async function clip(name: string, from: number, to: number): Promise<string> {
  const out = join(dir, name);
  const black = `between(n\\,${from}\\,${to - 1})`;
  await runMedia("ffmpeg", [
    "-nostdin",
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "color=c=0x303030:s=320x568:r=30:d=2",
    "-vf",
    `drawbox=c=black:t=fill:enable='${black}',format=yuv420p`,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    out,
  ]);
  return out;
}

describe("blackStretches", () => {
  it("finds a single black frame at a cut, and nothing in a dark picture that is not black", async () => {
    const one = await blackStretches(await clip("one.mp4", 31, 32));
    expect(one).toHaveLength(1);
    expect(one[0]?.start).toBeCloseTo(31 / 30, 2);
    expect(one[0]?.end).toBeCloseTo(32 / 30, 2);
    const three = await blackStretches(await clip("three.mp4", 45, 48));
    expect(three.map((s) => Math.round((s.end - s.start) * 30))).toEqual([3]);
    expect(await blackStretches(await clip("none.mp4", 90, 90))).toEqual([]);
  });
});
