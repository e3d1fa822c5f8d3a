/**
 * Render benchmark: in one run, times
 *   (a) a ~60 s Reddit story end to end: voice-over, timings, title card, compose, encode, thumbnail;
 *   (b) the bare ffmpeg encode of the same output with every input already made;
 *   (c) the same story as a 720x1280 draft, end to end;
 *   (d) a 30 s faceless dreamscape: its shots cut from one clip whose picture and sound both play;
 *   (e) the story of (a) rendered again from its composition: whole, then split into segments encoded with one
 *       worker and with two (wall and CPU time side by side: each segment runs the graph from the video's start);
 *   (f) the free preview of the story of (a), from the request to the moment its first HLS piece could play
 *       (voice-over included, as the builder's click starts it), and until it is whole;
 * and prints both times, their ratio and the peak memory. Targets: (a)/(b) <= 1.10, (a) <= 45 s, (d) under 1.5 GB
 * resident (each shot's picture is read only as the overlay wants it, never ahead for the sound's sake).
 * Usage: npm run bench:render (needs the media library: npm run library:build).
 */
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { facelessInputSchema, type RedditInput, redditInputSchema } from "@reelsmith/core";
import { loadLibrary } from "@reelsmith/library";
import type { Composition } from "../src/composition/schema.ts";
import { runFfmpeg } from "../src/ffmpeg/run.ts";
import { resolveAssets } from "../src/pipeline/assets.ts";
import { producePreview, produceVideo } from "../src/pipeline/produce.ts";
import { followPreview } from "../src/preview.ts";
import { renderComposition } from "../src/render.ts";
import { DEFAULT_SEGMENT_S, planSegments, renderCompositionSplit } from "../src/split.ts";
import { OfflineTtsProvider } from "../src/tts/offline.ts";

/** Highest resident memory (VmHWM) a process reaches, read from /proc while it runs. */
function watchPeak(pid: number, onPeak: (kb: number) => void): void {
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      if (kb) onPeak(kb);
      setTimeout(read, 100).unref();
    } catch {
      // The process has ended.
    }
  };
  read();
}

/**
 * CPU seconds used so far by this process and its finished children (utime, stime, cutime, cstime of
 * /proc/self/stat): unlike wall time, barely moved by other work on the machine.
 */
function cpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
  return ticks / 100;
}

/** Wall and CPU time (this process and its children) of one run. */
async function timed(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu0 = cpuSeconds();
  const start = performance.now();
  await run();
  return { wall: performance.now() - start, cpu: cpuSeconds() - cpu0 };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const example = JSON.parse(await readFile(new URL("../examples/reddit.json", import.meta.url), "utf8")) as {
  input: unknown;
};
const input: RedditInput = redditInputSchema.parse(example.input);
const library = await loadLibrary();
const assets = resolveAssets("reddit", input, library);
const tts = new OfflineTtsProvider({ onWarning: () => {} });
const root = await mkdtemp(join(tmpdir(), "reelsmith-bench-"));

try {
  console.log(`render benchmark: ${availableParallelism()} CPUs, load average ${loadavg()[0]?.toFixed(2)} at start`);
  // One-time setup outside the timings: the speech engine's helper is built and fonts load once per process.
  await tts.synthesize({ text: "Warming up.", voice: input.voice, workDir: join(root, "warm") });

  let peakA = 0;
  const cpuA0 = cpuSeconds();
  const startA = performance.now();
  const full = await produceVideo({
    type: "reddit",
    input,
    assets,
    tts,
    workDir: join(root, "a"),
    onSpawn: (pid) => watchPeak(pid, (kb) => (peakA = Math.max(peakA, kb))),
  });
  const timeA = performance.now() - startA;
  const cpuA = cpuSeconds() - cpuA0;

  let peakB = 0;
  const bare = full.ffmpegArgs.map((a) =>
    a === full.videoPath ? join(root, "bare.mp4") : a === full.thumbnailPath ? join(root, "bare.jpg") : a,
  );
  const cpuB0 = cpuSeconds();
  const startB = performance.now();
  await runFfmpeg(bare, { onSpawn: (pid) => watchPeak(pid, (kb) => (peakB = Math.max(peakB, kb))) });
  const timeB = performance.now() - startB;
  const cpuB = cpuSeconds() - cpuB0;

  const startC = performance.now();
  const draft = await produceVideo({ type: "reddit", input, assets, tts, workDir: join(root, "c"), draft: true });
  const timeC = performance.now() - startC;

  let peakD = 0;
  const dreamscape = facelessInputSchema.parse({
    tab: "dreamscape",
    video_type: "machine-experiments",
    title: "This machine has run for 300 years and nobody knows what it makes",
  });
  const startD = performance.now();
  const faceless = await produceVideo({
    type: "faceless-ai",
    input: dreamscape,
    assets: resolveAssets("faceless-ai", dreamscape, library),
    tts,
    workDir: join(root, "d"),
    onSpawn: (pid) => watchPeak(pid, (kb) => (peakD = Math.max(peakD, kb))),
  });
  const timeD = performance.now() - startD;
  const shots = faceless.composition.layers?.filter((l) => l.kind === "video").length ?? 0;

  // (e) The inputs of (a) are still in its work folder: the same composition, rendered whole and split.
  const story = full.composition as unknown as Composition;
  const e = (name: string) => ({ output: join(root, `e-${name}.mp4`), thumbnail: join(root, `e-${name}.jpg`) });
  const whole = await timed(() => renderComposition(story, e("whole")));
  const split1 = await timed(() => renderCompositionSplit(story, { ...e("split1"), workers: 1 }));
  const split2 = await timed(() => renderCompositionSplit(story, { ...e("split2"), workers: 2 }));
  const segments = planSegments(story.duration).length;

  // (f) The free preview from scratch: voice-over, cards, the mix's loudness, then the stream's first piece.
  let firstPiece = 0;
  const startF = performance.now();
  const follow = followPreview(
    join(root, "f-stream"),
    async (update) => {
      if (!firstPiece && update.pieces.some((piece) => piece.endsWith(".m4s"))) firstPiece = performance.now() - startF;
    },
    { intervalMs: 50 },
  );
  const preview = await producePreview({
    type: "reddit",
    input,
    assets,
    tts,
    workDir: join(root, "f"),
    previewDir: join(root, "f-stream"),
  }).finally(() => follow.stop());
  const timeF = performance.now() - startF;

  const ratio = timeA / timeB;
  const node = process.resourceUsage().maxRSS;
  const rows: [string, string][] = [
    ["video", `${full.durationS.toFixed(1)} s, 1080x1920 30 fps, x264 veryfast crf 21`],
    [
      "(a) end to end",
      `${s(timeA)}  (voice-over and probes ${full.timings.prepare.toFixed(1)} s + render ${full.timings.render.toFixed(1)} s), ${(full.durationS / (timeA / 1000)).toFixed(2)}x realtime`,
    ],
    ["(b) bare encode", `${s(timeB)}  (same ffmpeg command, inputs pre-made)`],
    ["ratio (a)/(b)", `${ratio.toFixed(3)}  (target <= 1.10: ${ratio <= 1.1 ? "met" : "missed"})`],
    ["(a) target", `<= 45 s: ${timeA <= 45_000 ? "met" : "missed"}`],
    [
      "CPU time",
      `(a) ${cpuA.toFixed(1)} s, (b) ${cpuB.toFixed(1)} s, ratio ${(cpuA / cpuB).toFixed(3)}; on 2 idle cores (a) would take about ${(cpuA / 1.9).toFixed(0)} s`,
    ],
    ["peak RSS", `ffmpeg ${mb(Math.max(peakA, peakB))}, node ${mb(node)}`],
    ["720x1280 draft", `${s(timeC)} end to end (${draft.durationS.toFixed(1)} s video)`],
    [
      "(d) faceless",
      `${s(timeD)} for ${faceless.durationS.toFixed(1)} s, ${shots} shots of one clip; ffmpeg peak RSS ${mb(peakD)} (target < 1536 MB: ${peakD < 1536 * 1024 ? "met" : "missed"})`,
    ],
    [
      "(e) whole | split",
      `${segments} segments of ${DEFAULT_SEGMENT_S} s; wall ${s(whole.wall)} whole | ${s(split1.wall)} 1 worker | ${s(split2.wall)} 2 workers`,
    ],
    [
      "(e) CPU time",
      `${whole.cpu.toFixed(1)} s whole | ${split1.cpu.toFixed(1)} s 1 worker (${(split1.cpu / whole.cpu).toFixed(2)}x) | ${split2.cpu.toFixed(1)} s 2 workers (${(split2.cpu / whole.cpu).toFixed(2)}x)`,
    ],
    [
      "(f) free preview",
      `first piece playable at ${s(firstPiece)} (target <= 10 s: ${firstPiece <= 10_000 ? "met" : "missed"}), whole ${preview.durationS.toFixed(0)} s at ${s(timeF)} (voice-over and probes ${preview.timings.prepare.toFixed(1)} s)`,
    ],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  console.log(`load average ${loadavg()[0]?.toFixed(2)} at end (other work on the machine slows every figure)`);
} finally {
  await rm(root, { recursive: true, force: true });
}
