import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTruePeakFixArgs } from "../src/composition/compile.ts";
import { measureLoudness } from "../src/ffmpeg/probe.ts";
import { renderComposition } from "../src/render.ts";

const exec = promisify(execFile);
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-peak-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("true peak", () => {
  it("limits the sound again, with the picture copied, when the encoder lifts peaks over the ceiling", () => {
    const args = buildTruePeakFixArgs("/in.mp4", "/out.mp4", -2);
    expect(args.slice(args.indexOf("-c:v"), args.indexOf("-c:v") + 2)).toEqual(["-c:v", "copy"]);
    expect(args[args.indexOf("-af") + 1]).toBe(
      "aresample=192000,alimiter=limit=0.794:attack=1:release=50:level=false,aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo",
    );
    expect(args.at(-1)).toBe("/out.mp4");
  });

  it("keeps a mix of sharp clicks under -1 dBTP at -14 LUFS", async () => {
    // Hard clicks over a tone: the kind of transient AAC encoding overshoots.
    const clicks = join(root, "clicks.wav");
    await exec("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "aevalsrc='0.9*lt(mod(t,0.25),0.0015)*(2*gt(mod(t*8000,2),1)-1)+0.25*sin(2*PI*220*t)':s=48000:d=6",
      "-ac",
      "2",
      clicks,
    ]);
    const output = join(root, "clicks.mp4");
    await renderComposition(
      { duration: 6, layers: [{ kind: "color", color: "#101010" }], audio: [{ src: clicks, role: "ambient" }] },
      { output, draft: true },
    );
    const loudness = await measureLoudness(output);
    expect(loudness.truePeak).not.toBeNull();
    expect(loudness.truePeak as number).toBeLessThanOrEqual(-1);
    expect(loudness.integrated).toBeGreaterThan(-16);
  });
});
