import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderComposition } from "../src/render.ts";
import { ffmpeg } from "./fixtures.ts";

const exec = promisify(execFile);
let root: string;
const pictures = { red: "", blue: "" };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-cuts-"));
  for (const colour of ["red", "blue"] as const) {
    pictures[colour] = join(root, `${colour}.png`);
    await ffmpeg(["-f", "lavfi", "-i", `color=c=${colour}:s=540x960`, "-frames:v", "1", pictures[colour]]);
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The mean of each frame's red and blue (0-255), read from a tiny copy of the video. */
async function frameColours(video: string): Promise<{ red: number; blue: number }[]> {
  const { stdout } = await exec(
    "ffmpeg",
    ["-v", "error", "-i", video, "-vf", "scale=4:4,format=rgb24", "-f", "rawvideo", "-"],
    { encoding: "buffer", maxBuffer: 1 << 24 },
  );
  const frames: { red: number; blue: number }[] = [];
  for (let at = 0; at + 48 <= stdout.length; at += 48) {
    let red = 0;
    let blue = 0;
    for (let p = 0; p < 16; p++) {
      red += stdout[at + p * 3] as number;
      blue += stdout[at + p * 3 + 2] as number;
    }
    frames.push({ red: red / 16, blue: blue / 16 });
  }
  return frames;
}

describe("pictures cut one to the next", () => {
  it("fill every frame up to their cut, moving or still, with nothing of what is under them between", async () => {
    const output = join(root, "cuts.mp4");
    // Cuts off the pictures' own 1/25 s grid (1.7 s is frame 51 at 30 fps, 42.5 at 25), and one written to the
    // millisecond as a UGC ad's are (3.267 s for frame 98, which falls at 3.2667 s): each cut's first frame shows.
    const zoom = (length: number) => ({
      mode: "camera" as const,
      keyframes: [
        { t: 0, scale: 1 },
        { t: length, scale: 1.1 },
      ],
    });
    await renderComposition(
      {
        duration: 4,
        background: "#000000",
        layers: [
          { kind: "image", src: pictures.red, start: 0, end: 1.7, motion: zoom(1.7) },
          { kind: "image", src: pictures.blue, start: 1.7, end: 2.9, motion: zoom(1.2) },
          {
            kind: "image",
            src: pictures.red,
            start: 2.9,
            end: 3.267,
            sheen: { start: 0.1, duration: 0.3, width: 0.2, strength: 0.2 },
          },
          { kind: "image", src: pictures.blue, start: 3.267, end: 4 },
        ],
      },
      { output, draft: true },
    );
    const colours = await frameColours(output);
    expect(colours).toHaveLength(120);
    const shown = colours.map(({ red, blue }) =>
      red > 150 && blue < 100 ? "red" : blue > 150 && red < 100 ? "blue" : "other",
    );
    const expected = colours.map((_, n) => (n < 51 ? "red" : n < 87 ? "blue" : n < 98 ? "red" : "blue"));
    expect(shown).toEqual(expected);
  }, 60_000);
});
