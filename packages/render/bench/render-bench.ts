/**
 * Render benchmark: in one run, times
 *   (a) a ~60 s Reddit story end to end: voice-over, timings, title card, compose, encode, thumbnail;
 *   (b) the bare ffmpeg encode of the same output with every input already made;
 *   (c) the same story as a 720x1280 draft, end to end;
 * and prints both times, their ratio and the peak memory. Targets: (a)/(b) <= 1.10, (a) <= 45 s.
 * Usage: npm run bench:render (needs the media library: npm run library:build).
 */
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type RedditInput, redditInputSchema } from "@reelsmith/core";
import { loadLibrary } from "@reelsmith/library";
import { runFfmpeg } from "../src/ffmpeg/run.ts";
import { resolveAssets } from "../src/pipeline/assets.ts";
import { produceVideo } from "../src/pipeline/produce.ts";
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

  let peakB = 0;
  const bare = full.ffmpegArgs.map((a) =>
    a === full.videoPath ? join(root, "bare.mp4") : a === full.thumbnailPath ? join(root, "bare.jpg") : a,
  );
  const startB = performance.now();
  await runFfmpeg(bare, { onSpawn: (pid) => watchPeak(pid, (kb) => (peakB = Math.max(peakB, kb))) });
  const timeB = performance.now() - startB;

  const startC = performance.now();
  const draft = await produceVideo({ type: "reddit", input, assets, tts, workDir: join(root, "c"), draft: true });
  const timeC = performance.now() - startC;

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
    ["peak RSS", `ffmpeg ${mb(Math.max(peakA, peakB))}, node ${mb(node)}`],
    ["720x1280 draft", `${s(timeC)} end to end (${draft.durationS.toFixed(1)} s video)`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  console.log(`load average ${loadavg()[0]?.toFixed(2)} at end (other work on the machine slows every figure)`);
} finally {
  await rm(root, { recursive: true, force: true });
}
