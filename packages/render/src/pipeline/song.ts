import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { ANALYSIS_RATE, SONG_MAX_S, type SongAnalysis } from "@reelsmith/core";
import { fileInputArgs, sniffFile } from "@reelsmith/media";
import { RenderCancelledError, RenderError } from "../errors.ts";
import { runFfmpeg } from "../ffmpeg/run.ts";

/**
 * The worker script beside this module: the TypeScript source when running from source, the bundled
 * `song-analysis.worker.js` beside the server's bundle.
 */
function workerUrl(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith(".ts") ? "./song-analysis.worker.ts" : "./song-analysis.worker.js", here);
}

/** Runs analyseSong in a worker thread; stops it when the signal aborts. */
export function analyseOffThread(samples: Float32Array, signal?: AbortSignal): Promise<SongAnalysis> {
  if (signal?.aborted) return Promise.reject(new RenderCancelledError());
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), { workerData: { samples } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const onAbort = () => {
      settle(() => reject(new RenderCancelledError()));
      void worker.terminate();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (analysis: SongAnalysis) => settle(() => resolve(analysis)));
    worker.once("error", (error) =>
      settle(() => reject(new RenderError("UNSUPPORTED_MEDIA", `The song could not be analysed: ${error.message}`))),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new RenderError("UNSUPPORTED_MEDIA", `The song analysis stopped (exit code ${code}).`))),
    );
  });
}

/**
 * Decodes a song's sound to mono at the analysis rate (one ffmpeg pass, into `workDir`; at most the longest
 * song taken, whatever the file claims) and analyses it off the event loop: beats, onsets and loudness for the
 * music-video recipe. The decoded samples are removed after.
 */
export async function analyseSongFile(path: string, workDir: string, signal?: AbortSignal): Promise<SongAnalysis> {
  await mkdir(workDir, { recursive: true });
  const dir = await mkdtemp(join(workDir, "song-"));
  try {
    const raw = join(dir, "mono.f32");
    const format = await sniffFile(path).catch(() => null);
    await runFfmpeg(
      ["-hide_banner", "-nostdin", "-v", "error", ...fileInputArgs(path, format)].concat([
        "-vn",
        "-t",
        String(SONG_MAX_S),
        "-ac",
        "1",
        "-ar",
        String(ANALYSIS_RATE),
        "-f",
        "f32le",
        "-y",
        raw,
      ]),
      { signal, niceness: 0, profile: "decode" },
    );
    const bytes = await readFile(raw);
    const samples = new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4));
    return await analyseOffThread(samples, signal);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
