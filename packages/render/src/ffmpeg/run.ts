import { MediaProcessError, type MediaProfile, runMedia } from "@reelsmith/media";
import { FfmpegError, RenderCancelledError } from "../errors.ts";
import { ProgressParser } from "./progress.ts";

export { ffmpegErrorSummary } from "@reelsmith/media";

export interface RunOptions {
  /** Planned output duration, for the percentage. */
  durationS?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Process niceness (0 = normal). Renders run a little below interactive work by default. */
  niceness?: number;
  /** Called with the process id once ffmpeg runs (for watchdogs and measurements). */
  onSpawn?: (pid: number) => void;
  /** What the process does, which sets its limits (default `encode`). */
  profile?: MediaProfile;
}

export interface RunResult {
  stderr: string;
}

const TAIL_BYTES = 16_000;

/** The render's failures in its own terms: a cancelled render, or ffmpeg's error with the end of its log. */
export function renderFailure(error: unknown): Error {
  if (!(error instanceof MediaProcessError)) return error as Error;
  if (error.code === "ABORTED") return new RenderCancelledError();
  return new FfmpegError(error.message, error.exitCode, error.stderrTail);
}

/**
 * Runs ffmpeg through the media layer (its limits, its cap on processes at once): reports progress (when
 * `-progress pipe:1` is among the arguments), stops it when the signal aborts, and keeps the tail of its log.
 */
export async function runFfmpeg(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal, onProgress, durationS = 0, niceness = 5 } = options;
  const parser = onProgress ? new ProgressParser(durationS, onProgress) : null;
  try {
    const { stderr } = await runMedia("ffmpeg", args, {
      profile: options.profile ?? "encode",
      signal,
      niceness,
      onSpawn: options.onSpawn,
      stdout: parser ? (chunk) => parser.push(chunk.toString("utf8")) : "ignore",
      stderrTailBytes: TAIL_BYTES,
    });
    return { stderr };
  } catch (error) {
    throw renderFailure(error);
  }
}
