import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runMedia } from "@reelsmith/media";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { footageCells, frameFingerprints, printDistance, repeatedStretches } from "./audit.ts";

/**
 * The output audit's repeated-footage detector, on synthetic clips: footage that never repeats (a chaotic
 * cellular automaton scrolling), the same clip with a stretch of it shown again, and the cases that are
 * not a repeat (the stretch shown again mirrored or zoomed, a still held).
 */

const FPS = 6;
let root: string;

/** 8 s of 270x480 footage made from `graph`, whose input [src] is the never-repeating automaton. */
async function clip(name: string, graph: string): Promise<string> {
  const file = join(root, `${name}.mp4`);
  await runMedia("ffmpeg", [
    "-hide_banner",
    "-nostdin",
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "cellauto=rule=30:s=270x480:r=30:scroll=1:random_fill_ratio=0.5:random_seed=7,format=yuv420p,setsar=1",
    "-filter_complex",
    `[0:v]null[src];${graph}`,
    "-map",
    "[v]",
    "-t",
    "8",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-crf",
    "26",
    "-pix_fmt",
    "yuv420p",
    file,
  ]);
  return file;
}

/** The automaton's seconds 0-4, then `again` (made from its seconds 1-3 as [b]), then its seconds 4-6. */
function withSecondsOneToThreeAgain(again: string): string {
  return [
    "[src]split=3[s1][s2][s3]",
    "[s1]trim=0:4,setpts=PTS-STARTPTS[a]",
    `[s2]trim=1:3,setpts=PTS-STARTPTS,${again},setsar=1[b]`,
    "[s3]trim=4:6,setpts=PTS-STARTPTS[c]",
    "[a][b][c]concat=n=3:v=1[v]",
  ].join(";");
}

async function repeatsOf(file: string) {
  return repeatedStretches(await frameFingerprints(file, FPS), { fps: FPS });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-repeats-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("repeated footage (frame fingerprints)", () => {
  it("reads only the bottom band and the button column, which no text may enter", () => {
    const cells = footageCells({ width: 54, height: 96 });
    // The bottom 20 % (rows 77-95, all 54 columns) and the right 12 % below the top third (columns 48-53, rows 32-76).
    expect(cells).toHaveLength(19 * 54 + 45 * 6);
    expect(cells).toContain(95 * 54);
    expect(cells).toContain(32 * 54 + 53);
    expect(cells).not.toContain(31 * 54 + 53);
    expect(cells).not.toContain(50 * 54 + 20);
  });

  it("finds nothing in footage that never repeats", async () => {
    const file = await clip("continuous", "[src]trim=0:8,setpts=PTS-STARTPTS[v]");
    const prints = await frameFingerprints(file, FPS);
    expect(prints.length).toBeGreaterThanOrEqual(47);
    expect(printDistance(prints[6]?.zones ?? new Uint8Array(), prints[30]?.zones ?? new Uint8Array())).toBeGreaterThan(
      10,
    );
    expect(await repeatsOf(file)).toEqual([]);
  });

  it("finds a stretch shown again, with when it was first shown, even under a caption that changes", async () => {
    // A caption box in the middle of the frame, another colour at the second showing.
    const file = await clip(
      "repeat",
      withSecondsOneToThreeAgain("drawbox=x=20:y=200:w=230:h=80:color=red:t=fill").replace(
        "[a][b][c]concat",
        "[a]drawbox=x=20:y=200:w=230:h=80:color=blue:t=fill[a2];[a2][b][c]concat",
      ),
    );
    const repeats = await repeatsOf(file);
    expect(repeats).toHaveLength(1);
    const [r] = repeats;
    expect(r?.again.start).toBeCloseTo(4, 0);
    expect(r?.again.end).toBeCloseTo(6, 0);
    expect(r?.first.start).toBeCloseTo(1, 0);
    expect((r?.again.end ?? 0) - (r?.again.start ?? 0)).toBeGreaterThanOrEqual(1.8);
  });

  it("does not count the same footage framed anew (mirrored, zoomed) as a repeat", async () => {
    expect(await repeatsOf(await clip("mirrored", withSecondsOneToThreeAgain("hflip")))).toEqual([]);
    expect(await repeatsOf(await clip("zoomed", withSecondsOneToThreeAgain("scale=288:-2,crop=270:480")))).toEqual([]);
  });

  it("does not count a held still (a card, a title) as footage", async () => {
    const held = [
      "[src]split=2[s1][s2]",
      "[s1]trim=0:2,setpts=PTS-STARTPTS[a]",
      "[s2]trim=2:5,setpts=PTS-STARTPTS,split=2[h][c]",
      "[h]trim=0:0.04,setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop_duration=3[b]",
      "[a][b][c]concat=n=3:v=1[v]",
    ].join(";");
    expect(await repeatsOf(await clip("held", held))).toEqual([]);
  });
});
