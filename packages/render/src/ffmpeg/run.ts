import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { FfmpegError, RenderCancelledError } from "../errors.ts";
import { ProgressParser } from "./progress.ts";

export interface RunOptions {
  /** Planned output duration, for the percentage. */
  durationS?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Process niceness (0 = normal). Renders run a little below interactive work by default. */
  niceness?: number;
  /** Binary to run (default `ffmpeg`, or FFMPEG_PATH). */
  binary?: string;
  /** Called with the process id once ffmpeg runs (for watchdogs and measurements). */
  onSpawn?: (pid: number) => void;
}

export interface RunResult {
  stderr: string;
}

const TAIL_BYTES = 16_000;

/** The most telling line of an ffmpeg log: the last one that names an error. */
export function ffmpegErrorSummary(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && l !== "Conversion failed!" && !l.startsWith("Exiting normally"));
  const telling = [...lines]
    .reverse()
    .find((l) => /error|invalid|no such file|not found|unable|cannot|could not|failed|unknown|does not/i.test(l));
  return telling ?? lines.at(-1) ?? "ffmpeg failed without a message";
}

export function ffmpegBinary(): string {
  return process.env.FFMPEG_PATH || "ffmpeg";
}
export function ffprobeBinary(): string {
  return process.env.FFPROBE_PATH || "ffprobe";
}

/**
 * Runs ffmpeg with the given arguments: reports progress (when `-progress pipe:1` is among them),
 * stops it when the signal aborts, and keeps the tail of its log for the error.
 */
export function runFfmpeg(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal, onProgress, durationS = 0, niceness = 5 } = options;
  const binary = options.binary ?? ffmpegBinary();
  if (signal?.aborted) return Promise.reject(new RenderCancelledError());
  return new Promise<RunResult>((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    if (child.pid) options.onSpawn?.(child.pid);
    if (niceness && child.pid) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // Lowering priority is a courtesy; not being allowed to is fine.
      }
    }
    let stderr = "";
    let cancelled = false;
    const parser = onProgress ? new ProgressParser(durationS, onProgress) : null;
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => parser?.push(chunk));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr += chunk;
      if (stderr.length > TAIL_BYTES * 2) stderr = stderr.slice(-TAIL_BYTES);
    });
    const abort = () => {
      cancelled = true;
      child.kill("SIGTERM");
      setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 2000).unref();
    };
    signal?.addEventListener("abort", abort, { once: true });
    child.on("error", (error) => {
      signal?.removeEventListener("abort", abort);
      reject(new FfmpegError(`Could not start ${binary}: ${error.message}`, null, ""));
    });
    child.on("close", (code) => {
      signal?.removeEventListener("abort", abort);
      const tail = stderr.slice(-TAIL_BYTES);
      if (cancelled) return reject(new RenderCancelledError());
      if (code !== 0) {
        return reject(new FfmpegError(`${binary} failed: ${ffmpegErrorSummary(tail)}`, code, tail));
      }
      resolve({ stderr: tail });
    });
  });
}
