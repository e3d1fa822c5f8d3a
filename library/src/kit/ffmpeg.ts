/** The only place the library spawns ffmpeg and ffprobe. */
import { spawn } from "node:child_process";
import type { Writable } from "node:stream";

export class FfmpegError extends Error {
  override readonly name = "FfmpegError";
  readonly command: string;
  readonly code: number | null;
  readonly stderrTail: string;
  constructor(command: string, code: number | null, stderrTail: string) {
    super(`${command} failed (exit ${code}): ${stderrTail.trim().split("\n").slice(-6).join("\n")}`);
    this.command = command;
    this.code = code;
    this.stderrTail = stderrTail;
  }
}

export interface RunOptions {
  /** Called with the child's stdin; must end it. */
  feed?: (stdin: Writable) => Promise<void>;
  captureStdout?: boolean;
}

/** Spawns `command args`, resolves with stdout (when captured); rejects with the tail of stderr. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: [options.feed ? "pipe" : "ignore", options.captureStdout ? "pipe" : "ignore", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    let feedError: unknown;
    child.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-8000);
    });
    child.stdout?.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.on("error", (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? new Error(`${command} is not installed; the media library needs ffmpeg (Debian package ffmpeg).`)
          : error,
      ),
    );
    child.on("close", (code) => {
      if (feedError) reject(feedError);
      else if (code === 0) resolve(stdout);
      else reject(new FfmpegError(command, code, stderr));
    });
    if (options.feed && child.stdin) {
      child.stdin.on("error", () => {
        /* the close handler reports ffmpeg's own error */
      });
      options.feed(child.stdin).catch((error: unknown) => {
        feedError = error;
        child.kill("SIGKILL");
      });
    }
  });
}

/** Writes a chunk, waiting for the pipe to drain when it is full. */
export function writeChunk(stream: Writable, chunk: Uint8Array): Promise<void> {
  if (stream.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off("error", onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off("drain", onDrain);
      reject(error);
    };
    stream.once("drain", onDrain);
    stream.once("error", onError);
  });
}

export function endStream(stream: Writable): Promise<void> {
  return new Promise((resolve) => stream.end(resolve));
}

export interface ProbeStream {
  codec_type: "video" | "audio" | string;
  codec_name: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  pix_fmt?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  nb_frames?: string;
}
export interface Probe {
  streams: ProbeStream[];
  format: { duration?: string; size?: string; format_name: string };
}

export async function ffprobe(file: string): Promise<Probe> {
  const out = await run("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], {
    captureStdout: true,
  });
  return JSON.parse(out) as Probe;
}

export function frameRate(stream: ProbeStream): number {
  const [n, d] = (stream.avg_frame_rate ?? stream.r_frame_rate ?? "0/1").split("/").map(Number);
  return d ? (n ?? 0) / d : 0;
}

/** The first line of `ffmpeg -version`: part of the build hash, since the encoder shapes the bytes. */
export async function ffmpegVersion(): Promise<string> {
  const out = await run("ffmpeg", ["-hide_banner", "-version"], { captureStdout: true });
  return out.split("\n")[0] ?? "";
}
