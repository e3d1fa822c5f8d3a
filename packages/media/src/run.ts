import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { setPriority } from "node:os";
import type { Writable } from "node:stream";
import { type MediaProfile, mediaConfig } from "./config.ts";
import { ffmpegErrorSummary, MediaProcessError } from "./errors.ts";

/**
 * The only place anything spawns ffmpeg or ffprobe. Every process runs under its profile's limits: a
 * wall-clock timeout, an address-space limit (`ulimit -v`), a stall watch, and a cap on how many run at once.
 * Standard output is kept as bytes (never turned into a string here) and bounded; the log keeps its tail.
 */

export type MediaTool = "ffmpeg" | "ffprobe";

export interface MediaRunOptions {
  /** What the process does, which sets its limits (default: `probe` for ffprobe, `encode` for ffmpeg). */
  profile?: MediaProfile;
  signal?: AbortSignal;
  /** Overrides the profile's wall-clock limit. */
  timeoutMs?: number;
  /** Process niceness (0 = normal). */
  niceness?: number;
  /** Called with the process id once it runs. */
  onSpawn?: (pid: number) => void;
  /** Bytes written to its standard input, or a writer that must end the stream. */
  stdin?: Uint8Array | string | ((stdin: Writable) => Promise<void>);
  /** Standard output: dropped (default), kept as bytes, or handed chunk by chunk. */
  stdout?: "ignore" | "buffer" | ((chunk: Buffer) => void);
  /** The most standard output kept with `stdout: "buffer"` before the process is stopped (default 256 MB). */
  maxStdoutBytes?: number;
  /** How much of the end of the log is kept (default 64 KB). */
  stderrTailBytes?: number;
}

export interface MediaRunResult {
  stdout: Buffer;
  /** The end of the log. */
  stderr: string;
}

const DEFAULT_MAX_STDOUT = 256 * 1024 * 1024;
const DEFAULT_STDERR_TAIL = 64 * 1024;
const MEMORY_FAILURE = /Cannot allocate memory|malloc of size|out of memory|std::bad_alloc|failed to map segment/i;

let running = 0;
const waiting: (() => void)[] = [];

/** Media processes running now in this process (for tests and health figures). */
export function mediaProcessesRunning(): number {
  return running;
}

function acquire(max: number, signal: AbortSignal | undefined, tool: string): Promise<void> {
  if (running < max) {
    running += 1;
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      const index = waiting.indexOf(grant);
      if (index >= 0) waiting.splice(index, 1);
      reject(new MediaProcessError("ABORTED", tool, `${tool} was cancelled`));
    };
    const grant = () => {
      signal?.removeEventListener("abort", onAbort);
      running += 1;
      resolve();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    waiting.push(grant);
  });
}

function release(max: number): void {
  running -= 1;
  while (running < max && waiting.length > 0) waiting.shift()?.();
}

/** CPU time a process has used so far, in clock ticks (Linux); null where it cannot be read. */
async function cpuTicks(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Runs ffmpeg or ffprobe to completion under its profile's limits. */
export async function runMedia(
  tool: MediaTool,
  args: readonly string[],
  options: MediaRunOptions = {},
): Promise<MediaRunResult> {
  const config = mediaConfig();
  const profile = options.profile ?? (tool === "ffprobe" ? "probe" : "encode");
  const limits = config.profiles[profile];
  const { signal } = options;
  if (signal?.aborted) throw new MediaProcessError("ABORTED", tool, `${tool} was cancelled`);
  const max = config.maxProcesses;
  await acquire(max, signal, tool);
  try {
    return await spawnLimited(tool, tool === "ffprobe" ? config.ffprobe : config.ffmpeg, args, options, {
      ...limits,
      timeoutMs: options.timeoutMs ?? limits.timeoutMs,
    });
  } finally {
    release(max);
  }
}

function spawnLimited(
  tool: MediaTool,
  binary: string,
  args: readonly string[],
  options: MediaRunOptions,
  limits: { timeoutMs: number; memoryBytes: number; stallMs: number },
): Promise<MediaRunResult> {
  const { signal } = options;
  const maxStdout = options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT;
  const tailBytes = options.stderrTailBytes ?? DEFAULT_STDERR_TAIL;
  const feed = options.stdin;
  return new Promise((resolve, reject) => {
    // The address-space limit is set by the shell that then becomes the tool (same process id).
    const kb = String(Math.ceil(limits.memoryBytes / 1024));
    const child = spawn("/bin/sh", ["-c", 'ulimit -v "$1" 2>/dev/null; shift; exec "$@"', "sh", kb, binary, ...args], {
      stdio: [
        feed === undefined ? "ignore" : "pipe",
        options.stdout === "ignore" || !options.stdout ? "ignore" : "pipe",
        "pipe",
      ],
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = "";
    let activity = 0;
    let failure: MediaProcessError | null = null;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const stop = (error: MediaProcessError) => {
      failure ??= error;
      child.kill("SIGKILL");
    };
    const onAbort = () => stop(new MediaProcessError("ABORTED", tool, `${tool} was cancelled`));
    const finish = (error: MediaProcessError | null, result?: MediaRunResult) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else if (result) resolve(result);
    };
    signal?.addEventListener("abort", onAbort, { once: true });

    if (child.pid !== undefined) {
      const pid = child.pid;
      options.onSpawn?.(pid);
      if (options.niceness) {
        try {
          setPriority(pid, options.niceness);
        } catch {
          // Lowering priority is a courtesy; not being allowed to is fine.
        }
      }
      timers.push(
        setTimeout(
          () =>
            stop(
              new MediaProcessError(
                "TIMEOUT",
                tool,
                `${tool} ran longer than ${Math.round(limits.timeoutMs / 1000)} s and was stopped`,
              ),
            ),
          limits.timeoutMs,
        ),
      );
      // A process that neither uses CPU nor moves a byte for the stall limit is waiting for nothing.
      let last = -1;
      let quietSince = Date.now();
      const watch = setInterval(
        async () => {
          const ticks = await cpuTicks(pid);
          if (ticks === null) return;
          const written = (child.stdin as { bytesWritten?: number } | null)?.bytesWritten ?? 0;
          const now = ticks + activity + written;
          if (now !== last) {
            last = now;
            quietSince = Date.now();
          } else if (Date.now() - quietSince >= limits.stallMs) {
            stop(
              new MediaProcessError(
                "STALLED",
                tool,
                `${tool} stopped working (no progress for ${Math.round(limits.stallMs / 1000)} s) and was stopped`,
              ),
            );
          }
        },
        Math.min(5000, Math.max(50, limits.stallMs / 4)),
      );
      watch.unref();
      timers.push(watch);
    }

    if (child.stdout) {
      child.stdout.on("data", (chunk: Buffer) => {
        activity += chunk.length;
        if (typeof options.stdout === "function") options.stdout(chunk);
        else if (options.stdout === "buffer") {
          outBytes += chunk.length;
          if (outBytes > maxStdout) {
            stop(
              new MediaProcessError(
                "OUTPUT_TOO_LARGE",
                tool,
                `${tool} wrote more than ${maxStdout} bytes and was stopped`,
              ),
            );
          } else out.push(chunk);
        }
      });
    }
    child.stderr?.on("data", (chunk: Buffer) => {
      activity += chunk.length;
      stderr += chunk.toString("utf8");
      if (stderr.length > tailBytes * 2) stderr = stderr.slice(-tailBytes);
    });
    child.on("error", (error) => {
      finish(
        new MediaProcessError("MISSING", tool, `${binary} could not be started: ${error.message}`, { cause: error }),
      );
    });
    child.on("close", (code, sig) => {
      const tail = stderr.slice(-tailBytes);
      if (failure)
        return finish(new MediaProcessError(failure.code, tool, failure.message, { exitCode: code, stderrTail: tail }));
      if (code === 0) return finish(null, { stdout: Buffer.concat(out), stderr: tail });
      if (code === 127 && /not found|No such file/i.test(tail)) {
        return finish(
          new MediaProcessError("MISSING", tool, `${binary} is not installed or not on PATH (Debian package ffmpeg).`, {
            exitCode: code,
            stderrTail: tail,
          }),
        );
      }
      const memory = MEMORY_FAILURE.test(tail);
      finish(
        new MediaProcessError(
          memory ? "MEMORY" : "FAILED",
          tool,
          memory
            ? `${tool} needed more memory than it may use (${Math.round(limits.memoryBytes / 1024 / 1024)} MB)`
            : `${tool} failed (${sig ?? `exit code ${code}`}): ${ffmpegErrorSummary(tail)}`,
          { exitCode: code, stderrTail: tail },
        ),
      );
    });

    if (feed !== undefined && child.stdin) {
      const stdin = child.stdin;
      stdin.on("error", () => {
        // The process may exit before reading all input; its exit status tells what happened.
      });
      if (typeof feed === "function") {
        feed(stdin).catch((error: unknown) =>
          stop(
            new MediaProcessError("FAILED", tool, `feeding ${tool} failed: ${(error as Error).message}`, {
              cause: error,
            }),
          ),
        );
      } else stdin.end(feed);
    }
  });
}
