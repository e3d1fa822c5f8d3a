/** The library's ffmpeg and ffprobe runs, through the media layer (its limits and its cap on processes at once). */
import type { Writable } from "node:stream";
import { fileInputArgs, MediaProcessError, type MediaProfile, runMedia, sniffFile } from "@reelsmith/media";

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
  /** What the process does (default: `probe` for ffprobe, `encode` for ffmpeg). */
  profile?: MediaProfile;
  /** Overrides the profile's wall-clock limit (a long screen grab). */
  timeoutMs?: number;
  /** Process niceness (background recording). */
  niceness?: number;
}

/** Standard output kept of one run (a probe's JSON, a decoded cover's samples). */
const STDOUT_MAX = 64 * 1024 * 1024;

async function runTool(
  command: "ffmpeg" | "ffprobe",
  args: readonly string[],
  options: RunOptions,
): Promise<{ stdout: Buffer; stderr: string }> {
  try {
    return await runMedia(command, args, {
      profile: options.profile,
      timeoutMs: options.timeoutMs,
      niceness: options.niceness,
      stdin: options.feed,
      stdout: options.captureStdout ? "buffer" : "ignore",
      maxStdoutBytes: STDOUT_MAX,
    });
  } catch (error) {
    if (!(error instanceof MediaProcessError)) throw error;
    if (error.code === "MISSING") {
      throw new Error(`${command} is not installed; the media library needs ffmpeg (Debian package ffmpeg).`);
    }
    throw new FfmpegError(command, error.exitCode, error.stderrTail || error.message);
  }
}

/** Runs ffmpeg or ffprobe, resolves with its standard output as text (when captured); rejects with its log's tail. */
export async function run(
  command: "ffmpeg" | "ffprobe",
  args: readonly string[],
  options: RunOptions = {},
): Promise<string> {
  const { stdout } = await runTool(command, args, options);
  return options.captureStdout ? stdout.toString("utf8") : "";
}

/** Runs ffmpeg and resolves with the end of its log (an analysis filter's report). */
export async function runForLog(args: readonly string[], options: RunOptions = {}): Promise<string> {
  return (await runTool("ffmpeg", args, options)).stderr;
}

/** Runs ffmpeg and resolves with its standard output as bytes (decoded samples). */
export async function runForBytes(args: readonly string[], options: RunOptions = {}): Promise<Buffer> {
  return (await runTool("ffmpeg", args, { ...options, captureStdout: true })).stdout;
}

/**
 * Input options for a file from outside (an operator's footage or music, a stock download): plain files
 * only, its demuxer pinned from its bytes where they are a known format, never a playlist.
 */
export async function outsideFileInput(file: string): Promise<string[]> {
  return fileInputArgs(file, await sniffFile(file).catch(() => null));
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
  const out = await run(
    "ffprobe",
    ["-v", "error", "-show_streams", "-show_format", "-of", "json", ...(await outsideFileInput(file))],
    { captureStdout: true },
  );
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
