import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness } from "../src/ffmpeg/probe.ts";
import { renderComposition } from "../src/render.ts";
import {
  DEFAULT_SEGMENT_S,
  joinSegments,
  planSegments,
  prepareForSplit,
  renderCompositionSplit,
  renderMixedAudio,
  renderSegment,
  SPLIT_THRESHOLD_S,
  type SplitPrepared,
  shouldSplit,
} from "../src/split.ts";
import { keyframeTimes, longestGap } from "./audit.ts";
import { ffmpeg, ToneTts } from "./fixtures.ts";

const exec = promisify(execFile);
let root: string;
/** A small moving picture (drafts scale it up), a still and a chord to loop under the voice. */
const fx = { background: "", picture: "", music: "" };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-split-"));
  fx.background = join(root, "busy.mp4");
  fx.music = join(root, "music.mp3");
  fx.picture = join(root, "picture.png");
  await Promise.all([
    ffmpeg(["-f", "lavfi", "-i", "testsrc=s=800x540:d=1", "-frames:v", "1", fx.picture]),
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc2=s=540x960:r=30:d=2",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      fx.background,
    ]),
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "aevalsrc='0.3*sin(2*PI*220*t)+0.2*sin(2*PI*277*t)+0.15*sin(2*PI*330*t)':s=48000:d=5",
      "-ac",
      "2",
      "-c:a",
      "libmp3lame",
      fx.music,
    ]),
  ]);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("planSegments", () => {
  it("cuts on multiples of 2 s, the last segment shorter, and folds a sliver of a tail into the one before", () => {
    expect(planSegments(40, { segmentS: 14 })).toEqual([
      { start: 0, end: 14 },
      { start: 14, end: 28 },
      { start: 28, end: 40 },
    ]);
    expect(planSegments(61.3)).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 40 },
      { start: 40, end: 60 },
      { start: 60, end: 61.3 },
    ]);
    expect(DEFAULT_SEGMENT_S).toBe(20);
    // 0.2 s on its own would run the whole graph again for six frames.
    expect(planSegments(40.2, { segmentS: 20 })).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 40.2 },
    ]);
    expect(planSegments(12, { segmentS: 20 })).toEqual([{ start: 0, end: 12 }]);
    expect(planSegments(0.5, { segmentS: 2 })).toEqual([{ start: 0, end: 0.5 }]);
    expect(() => planSegments(40, { segmentS: 5 })).toThrow(RangeError);
    expect(() => planSegments(40, { segmentS: 0 })).toThrow(RangeError);
    expect(() => planSegments(0)).toThrow(RangeError);
  });

  it("splits videos over the threshold only", () => {
    expect(SPLIT_THRESHOLD_S).toBe(30);
    expect(shouldSplit(30)).toBe(false);
    expect(shouldSplit(30.5)).toBe(true);
  });
});

/** Frames in the video's stream, as its packets counted. */
async function frameCount(video: string): Promise<number> {
  const { stdout } = await exec("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-count_packets",
    "-show_entries",
    "stream=nb_read_packets",
    "-of",
    "csv=p=0",
    video,
  ]);
  return Number(stdout.trim());
}

async function durations(video: string): Promise<{ format: number; video: number; audio: number }> {
  const { stdout } = await exec("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "format=duration:stream=codec_type,duration",
    "-of",
    "json",
    video,
  ]);
  const data = JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_type: string; duration: string }[];
  };
  const of = (type: string) => Number(data.streams.find((s) => s.codec_type === type)?.duration);
  return { format: Number(data.format.duration), video: of("video"), audio: of("audio") };
}

/** Per-frame PSNR (dB, all planes) of `b` against `a`, in frame order; identical frames read as Infinity. */
async function framePsnr(a: string, b: string): Promise<number[]> {
  const { stdout } = await exec(
    "ffmpeg",
    ["-v", "error", "-i", a, "-i", b, "-lavfi", "[0:v][1:v]psnr=stats_file=-", "-f", "null", "-"],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout
    .trim()
    .split("\n")
    .map((line) => {
      const value = /psnr_avg:(\S+)/.exec(line)?.[1] ?? "nan";
      return value === "inf" ? Number.POSITIVE_INFINITY : Number(value);
    });
}

describe("split render", () => {
  it("matches a single render of a 20 s video: length, frames, keyframes, loudness, and no seam at the joins", async () => {
    const voice = await new ToneTts(0.3).synthesize({
      text: Array.from({ length: 20 }, (_, i) => `word${i}`).join(" "),
      voice: "alloy",
      workDir: join(root, "voice"),
    });
    const voiceAt = 4;
    const composition = {
      duration: 20,
      thumbnailAt: 9,
      layers: [
        // testsrc2 moves in every frame, so any frame out of place shows in the comparison.
        { kind: "video", src: fx.background, loop: true },
        {
          kind: "text",
          text: "Split renders join without a seam",
          look: "banner",
          box: { x: 90, y: 240, width: 900, height: 300 },
          start: 1,
          end: 15,
          fadeIn: 0.5,
          fadeOut: 0.5,
        },
        // Fades in across the first join and slides across the second.
        {
          kind: "image",
          src: fx.picture,
          box: { x: 140, y: 700, width: 800, height: 540 },
          fit: "cover",
          start: 5,
          end: 17,
          fadeIn: 2,
          motion: {
            mode: "object",
            keyframes: [
              { t: 0, scale: 1, x: 0, y: 0 },
              { t: 12, scale: 1.2, x: 120, y: -60 },
            ],
          },
        },
      ],
      audio: [
        { src: fx.music, role: "music", loop: true, volume: -6, fadeIn: 1, fadeOut: 2 },
        { src: voice.audioPath, role: "voice", start: voiceAt },
      ],
      captions: {
        style: "modern-bold",
        words: voice.words.map((w) => ({ text: w.text, start: w.start + voiceAt, end: w.end + voiceAt })),
      },
    };
    const single = join(root, "single.mp4");
    const started = performance.now();
    await renderComposition(composition, { output: single, thumbnail: join(root, "single.jpg"), draft: true });
    const singleS = (performance.now() - started) / 1000;

    // The steps a queue would hand out, each from the plan as another worker would read it (JSON).
    const work = join(root, "split");
    const plan: SplitPrepared = JSON.parse(
      JSON.stringify(await prepareForSplit(composition, join(work, "prepared"), { draft: true })),
    );
    const windows = planSegments(composition.duration, { segmentS: 6 });
    const splitStarted = performance.now();
    const segments = await Promise.all(
      windows.map(async (w, i) => (await renderSegment(plan, w, join(work, `s${i}.mp4`))).output),
    );
    const audio = (await renderMixedAudio(plan, join(work, "audio.m4a"))).output;
    const split = join(root, "split.mp4");
    const joined = await joinSegments(plan, segments, audio, split, { thumbnail: join(root, "split.jpg") });
    const splitS = (performance.now() - splitStarted) / 1000;
    console.log(
      `20 s draft: single render ${singleS.toFixed(1)} s, split into ${windows.length} (at once) ${splitS.toFixed(1)} s`,
    );
    expect(joined.thumbnail).toBe(join(root, "split.jpg"));
    expect((await stat(join(root, "split.jpg"))).size).toBeGreaterThan(1000);

    const [a, b] = await Promise.all([durations(single), durations(split)]);
    for (const key of ["format", "video", "audio"] as const) expect(Math.abs(a[key] - b[key])).toBeLessThan(1 / 30);

    expect(await frameCount(split)).toBe(await frameCount(single));
    expect(await frameCount(single)).toBe(20 * 30);
    const frames = (times: number[]) => times.map((t) => Math.round(t * 30));
    const [ka, kb] = await Promise.all([keyframeTimes(single), keyframeTimes(split)]);
    expect(frames(kb)).toEqual(frames(ka));
    // Every join is on a keyframe of the single render too, and no GOP is longer than 2 s.
    for (const w of windows) expect(frames(ka)).toContain(w.start * 30);
    expect(longestGap(ka, 20)).toBeLessThanOrEqual(2.01);

    const [la, lb] = await Promise.all([measureLoudness(single), measureLoudness(split)]);
    expect(Math.abs(la.integrated - lb.integrated)).toBeLessThanOrEqual(0.2);
    expect(lb.truePeak as number).toBeLessThanOrEqual(-1.5 + 0.5);

    // The split's frames against the single render's: as close at the joins as anywhere else.
    const psnr = await framePsnr(single, split);
    expect(psnr.length).toBe(600);
    const around = (frame: number) => psnr.slice(frame - 3, frame + 3);
    const joins = windows.slice(1).flatMap((w) => around(w.start * 30));
    const elsewhere = psnr.filter((_, i) => windows.every((w) => Math.abs(i - w.start * 30) > 3));
    const sorted = [...elsewhere].sort((x, y) => x - y);
    const typical = sorted[Math.floor(sorted.length / 2)] as number;
    console.log(
      `PSNR split vs single: at the joins min ${Math.min(...joins).toFixed(1)} dB, elsewhere median ${typical.toFixed(1)} dB, min ${sorted[0]?.toFixed(1)} dB`,
    );
    expect(Math.min(...joins)).toBeGreaterThan(35);
    expect(Math.min(...joins)).toBeGreaterThanOrEqual((sorted[0] as number) - 1);
    // The still is the frame at thumbnailAt (testsrc2 moves from one frame to the next): it is nearer the single
    // render's still (taken before encoding) than the frames either side of it are.
    const at = composition.thumbnailAt * 30;
    const [same] = await framePsnr(join(root, "single.jpg"), join(root, "split.jpg"));
    const beside = await Promise.all(
      [at - 1, at + 1].map(async (frame) => {
        const other = join(root, `single-${frame}.jpg`);
        await ffmpeg([
          "-ss",
          String((frame - 0.5) / 30),
          "-i",
          single,
          "-frames:v",
          "1",
          "-vf",
          "scale=out_range=full:out_color_matrix=bt709,format=yuvj420p",
          "-q:v",
          "3",
          other,
        ]);
        return (await framePsnr(other, join(root, "split.jpg")))[0] as number;
      }),
    );
    expect(same).toBeGreaterThan(Math.max(...beside) + 3);
  });

  it("renders with a pool of workers and reports the single render's result shape", async () => {
    const output = join(root, "pooled.mp4");
    const progress: number[] = [];
    const result = await renderCompositionSplit(
      {
        duration: 7,
        thumbnailAt: 5,
        layers: [{ kind: "video", src: fx.background, loop: true }],
        audio: [{ src: fx.music, role: "music", loop: true }],
      },
      {
        output,
        thumbnail: join(root, "pooled.jpg"),
        draft: true,
        workers: 2,
        segmentS: 2,
        onProgress: (p) => progress.push(p),
      },
    );
    expect(result).toMatchObject({ output, thumbnail: join(root, "pooled.jpg"), durationS: 7 });
    expect(result.loudness?.gainDb).toBeTypeOf("number");
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= (progress[i - 1] as number))).toBe(true);
    expect(result.ffmpegArgs.join(" ")).toContain("trim=start=0:end=2,setpts=PTS-STARTPTS");
    expect(await frameCount(output)).toBe(210);
    expect((await keyframeTimes(output)).map((t) => Math.round(t * 30))).toEqual(
      expect.arrayContaining([0, 60, 120, 180]),
    );
    expect(Math.abs((await durations(output)).audio - 7)).toBeLessThan(1 / 30);
  });
});
