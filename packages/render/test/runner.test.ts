import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FfmpegError, MissingInputError, RenderCancelledError, UnsupportedMediaError } from "../src/errors.ts";
import { probeMedia } from "../src/ffmpeg/probe.ts";
import { runFfmpeg } from "../src/ffmpeg/run.ts";
import { renderComposition } from "../src/render.ts";
import { ffmpeg } from "./fixtures.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-runner-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const scratchDirs = async () => (await readdir(tmpdir())).filter((n) => n.startsWith("reelsmith-render-")).sort();

describe("renderComposition errors", () => {
  it("names a missing input", async () => {
    const missing = join(root, "nope.mp4");
    await expect(
      renderComposition({ duration: 1, layers: [{ kind: "video", src: missing }] }, { output: join(root, "a.mp4") }),
    ).rejects.toThrow(MissingInputError);
  });

  it("refuses a file that is not media, and a sound used as a picture", async () => {
    const text = join(root, "notes.mp4");
    await writeFile(text, "this is not a video");
    await expect(probeMedia(text)).rejects.toThrow(UnsupportedMediaError);
    const sound = join(root, "tone.wav");
    await ffmpeg(["-f", "lavfi", "-i", "sine=d=0.5", sound]);
    await expect(
      renderComposition({ duration: 1, layers: [{ kind: "image", src: sound }] }, { output: join(root, "b.mp4") }),
    ).rejects.toThrow(/it has no picture/);
  });

  it("reports an ffmpeg failure with its own message and the log tail", async () => {
    const error = await runFfmpeg(["-v", "error", "-i", join(root, "absent.wav"), "-f", "null", "-"]).catch((e) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).message).toContain("No such file or directory");
    expect((error as FfmpegError).stderrTail).toContain("absent.wav");
  });

  it("stops on abort, removes the partial video and its scratch folder", async () => {
    const before = await scratchDirs();
    const controller = new AbortController();
    const output = join(root, "cancelled.mp4");
    const progress: number[] = [];
    const render = renderComposition(
      { duration: 120, layers: [{ kind: "color", color: "#336699" }] },
      {
        output,
        signal: controller.signal,
        onProgress: (p) => {
          progress.push(p);
          controller.abort();
        },
      },
    );
    await expect(render).rejects.toThrow(RenderCancelledError);
    expect(progress.length).toBeGreaterThan(0);
    expect(existsSync(output)).toBe(false);
    expect(await scratchDirs()).toEqual(before);
  });
});
