/**
 * Why a media process did not give what was asked: it could not start (MISSING), exited with an error
 * (FAILED), ran out of its memory (MEMORY), ran past its time (TIMEOUT), stopped working (STALLED), wrote more
 * than was allowed (OUTPUT_TOO_LARGE), or was cancelled (ABORTED).
 */
export type MediaProcessErrorCode =
  | "MISSING"
  | "FAILED"
  | "MEMORY"
  | "TIMEOUT"
  | "STALLED"
  | "OUTPUT_TOO_LARGE"
  | "ABORTED";

export class MediaProcessError extends Error {
  override readonly name = "MediaProcessError";
  readonly code: MediaProcessErrorCode;
  readonly tool: string;
  readonly exitCode: number | null;
  /** The end of the process's log. */
  readonly stderrTail: string;
  constructor(
    code: MediaProcessErrorCode,
    tool: string,
    message: string,
    details: { exitCode?: number | null; stderrTail?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.tool = tool;
    this.exitCode = details.exitCode ?? null;
    this.stderrTail = details.stderrTail ?? "";
  }
}

/** A file from outside is not one of the formats it may be, by its own bytes: nothing opened it. */
export class UnsupportedInputError extends Error {
  override readonly name = "UnsupportedInputError";
  readonly path: string;
  constructor(path: string, reason: string) {
    super(`Unsupported media ${path}: ${reason}`);
    this.path = path;
  }
}

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
