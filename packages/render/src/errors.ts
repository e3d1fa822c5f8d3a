import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from "@reelsmith/core";

/**
 * Typed failures of the render engine. Each carries a stable `code` a caller can map (the server's
 * worker turns them into a readable video error) and a message a person can act on.
 */
export type RenderErrorCode =
  | "INVALID_COMPOSITION"
  | "MISSING_INPUT"
  | "UNSUPPORTED_MEDIA"
  | "FFMPEG_FAILED"
  | "CANCELLED"
  | "TTS_FAILED"
  | "UNDRAWABLE_TEXT";

export class RenderError extends Error {
  readonly code: RenderErrorCode;
  constructor(code: RenderErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RenderError";
    this.code = code;
  }
}

/** The composition (or a recipe input) does not describe a video we can make. */
export class InvalidCompositionError extends RenderError {
  readonly issues: string[];
  constructor(issues: string[]) {
    super("INVALID_COMPOSITION", `Invalid composition:\n${issues.map((i) => `  ${i}`).join("\n")}`);
    this.name = "InvalidCompositionError";
    this.issues = issues;
  }
}

/** A file the render needs does not exist or cannot be read. */
export class MissingInputError extends RenderError {
  readonly path: string;
  constructor(path: string, what = "input file") {
    super("MISSING_INPUT", `The ${what} is missing: ${path}`);
    this.name = "MissingInputError";
    this.path = path;
  }
}

/** A file exists but is not media we can use (not decodable, or lacks the stream we need). */
export class UnsupportedMediaError extends RenderError {
  readonly path: string;
  constructor(path: string, reason: string) {
    super("UNSUPPORTED_MEDIA", `Unsupported media ${path}: ${reason}`);
    this.name = "UnsupportedMediaError";
    this.path = path;
  }
}

/**
 * A picture larger than the product takes (IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE), found from its headers
 * before anything decodes it.
 */
export class ImageTooLargeError extends UnsupportedMediaError {
  readonly width: number;
  readonly height: number;
  constructor(path: string, width: number, height: number) {
    super(
      path,
      `the picture is ${width} x ${height} pixels; at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels and ${IMAGE_MAX_SIDE} pixels on either side are taken`,
    );
    this.name = "ImageTooLargeError";
    this.width = width;
    this.height = height;
  }
}

/** ffmpeg (or ffprobe) exited with an error; `stderrTail` keeps the end of its log. */
export class FfmpegError extends RenderError {
  readonly exitCode: number | null;
  readonly stderrTail: string;
  constructor(message: string, exitCode: number | null, stderrTail: string) {
    super("FFMPEG_FAILED", message);
    this.name = "FfmpegError";
    this.exitCode = exitCode;
    this.stderrTail = stderrTail;
  }
}

/** The caller aborted the render through its AbortSignal. */
export class RenderCancelledError extends RenderError {
  constructor() {
    super("CANCELLED", "The render was cancelled.");
    this.name = "RenderCancelledError";
  }
}
