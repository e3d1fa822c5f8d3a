import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { captionStyle } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileCaptions } from "../src/captions/ass.ts";
import { canvasMeasure } from "../src/captions/measure.ts";
import { renderComposition } from "../src/render.ts";
import { OfflineTtsProvider } from "../src/tts/offline.ts";

const exec = promisify(execFile);
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-timing-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("caption timing", () => {
  it("shows each word within 50 ms of the time the voice engine says it is spoken", async () => {
    const speech = await new OfflineTtsProvider().synthesize({
      text: "Every single word should land exactly when the narrator says it out loud.",
      voice: "alloy",
      workDir: root,
    });
    expect(speech.timing).toBe("engine");
    const style = captionStyle("shadow"); // one word at a time, popping in on its start
    const video = join(root, "timing.mp4");
    await renderComposition(
      {
        duration: Math.ceil((speech.duration + 0.3) * 10) / 10,
        layers: [{ kind: "color", color: "#000000" }],
        audio: [{ src: speech.audioPath, role: "voice" }],
        captions: { style: style.id, words: speech.words },
      },
      { output: video },
    );
    const { groups } = compileCaptions({ style, words: speech.words, measure: canvasMeasure });
    // The caption band, as grey frames, centred where the captions are laid out (the layout keeps
    // them clear of the platforms' zones, so this need not be the style's nominal position).
    const y = Math.round(groups[0]?.y ?? style.position * 1920);
    expect(groups.every((g) => Math.round(g.y) === y)).toBe(true);
    const band = { w: 1080, h: 320 };
    const { stdout } = await exec(
      "ffmpeg",
      [
        "-v",
        "error",
        "-i",
        video,
        "-vf",
        `crop=${band.w}:${band.h}:0:${y - band.h / 2},format=gray`,
        "-f",
        "rawvideo",
        "-",
      ],
      { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 },
    );
    const size = band.w * band.h;
    const frames = Math.floor(stdout.length / size);
    const change = (f: number) => {
      let sum = 0;
      for (let i = 0; i < size; i += 4)
        sum += Math.abs((stdout[f * size + i] ?? 0) - (stdout[(f - 1) * size + i] ?? 0));
      return sum / (size / 4);
    };
    const lit = (f: number) => {
      let n = 0;
      for (let i = 0; i < size; i += 4) if ((stdout[f * size + i] ?? 0) > 100) n++;
      return n;
    };
    let checked = 0;
    groups.forEach((group, i) => {
      const previous = groups[i - 1];
      // Frames change while the previous word pops in (160 ms, plus a frame and the subtitle file's
      // centisecond rounding): the search starts once it has settled, so its change is not taken for
      // this word's. A word that comes too soon after the previous one to be told apart is skipped.
      const settled = previous ? Math.ceil((previous.start + 0.2) * 30) : 1;
      const from = Math.max(1, Math.floor((group.start - 0.12) * 30), settled);
      if (from / 30 > group.start) return;
      const to = Math.min(frames - 1, Math.ceil((group.start + 0.12) * 30));
      let onset = -1;
      for (let f = from; f <= to; f++) {
        // A change to a frame with a word on it (not the previous word going away).
        if (change(f) > 6 && lit(f) > 200) {
          onset = f;
          break;
        }
      }
      expect(onset, `word "${group.words[0]?.text}" at ${group.start}s`).toBeGreaterThan(0);
      expect(
        Math.abs(onset / 30 - group.start),
        `word "${group.words[0]?.text}" at ${group.start}s`,
      ).toBeLessThanOrEqual(0.05);
      checked++;
    });
    expect(checked).toBeGreaterThanOrEqual(6);
  });
});
