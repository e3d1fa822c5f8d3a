import { access, constants } from "node:fs/promises";
import type { MediaFormat } from "@reelsmith/core";
import { MediaProcessError } from "./errors.ts";
import { fileInputArgs, sniffFile } from "./input.ts";
import { runMedia } from "./run.ts";

/**
 * The one probe: what a media file holds, as its headers say (ffprobe, demuxer pinned from the file's bytes
 * where they are a known format), and how long its streams really are, measured from the stream itself.
 */

export interface MediaInfo {
  path: string;
  /** The format its bytes are, where it is one the product reads. */
  format: MediaFormat | null;
  /** Container duration in seconds, as its header says (0 for a still image). */
  duration: number;
  formatName: string;
  video: {
    codec: string;
    profile: string | null;
    width: number;
    height: number;
    fps: number;
    pixFmt: string | null;
    colorSpace: string | null;
    /** True for a single still picture (PNG, JPEG, WebP...). */
    still: boolean;
  } | null;
  audio: {
    codec: string;
    sampleRate: number;
    channels: number;
  } | null;
}

/** The file is missing or unreadable. */
export class MediaFileMissingError extends Error {
  override readonly name = "MediaFileMissingError";
  readonly path: string;
  constructor(path: string) {
    super(`The media file is missing: ${path}`);
    this.path = path;
  }
}

/** ffprobe could not read the file, or it has neither a picture nor sound. */
export class MediaUnreadableError extends Error {
  override readonly name = "MediaUnreadableError";
  readonly path: string;
  readonly reason: string;
  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super(`Unsupported media ${path}: ${reason}`, options);
    this.path = path;
    this.reason = reason;
  }
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  pix_fmt?: string;
  color_space?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
}

function rate(value: string | undefined): number {
  if (!value) return 0;
  const [n, d] = value.split("/").map(Number);
  if (!n || !d) return 0;
  return n / d;
}

const STILL_CODECS = new Set(["png", "mjpeg", "webp", "bmp", "gif", "tiff"]);
/** ffprobe's JSON for a file with a few streams is a few KB; more is not a file we take. */
const PROBE_OUTPUT_MAX = 4 * 1024 * 1024;

export async function assertMediaFile(path: string): Promise<void> {
  try {
    await access(path, constants.R_OK);
  } catch {
    throw new MediaFileMissingError(path);
  }
}

/** Reads a media file's streams with ffprobe; throws MediaFileMissingError or MediaUnreadableError. */
export async function probeMedia(path: string, options: { signal?: AbortSignal } = {}): Promise<MediaInfo> {
  await assertMediaFile(path);
  const format = await sniffFile(path).catch(() => null);
  let stdout: Buffer;
  try {
    ({ stdout } = await runMedia(
      "ffprobe",
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...fileInputArgs(path, format)],
      { profile: "probe", stdout: "buffer", maxStdoutBytes: PROBE_OUTPUT_MAX, signal: options.signal },
    ));
  } catch (error) {
    if (error instanceof MediaProcessError && error.code === "ABORTED") throw error;
    const reason =
      error instanceof MediaProcessError && error.code === "FAILED"
        ? error.stderrTail.trim().split("\n").slice(-3).join(" ") || "ffprobe could not read it"
        : (error as Error).message;
    throw new MediaUnreadableError(path, reason, { cause: error });
  }
  let data: { streams?: ProbeStream[]; format?: { duration?: string; format_name?: string } };
  try {
    data = JSON.parse(stdout.toString("utf8"));
  } catch (error) {
    throw new MediaUnreadableError(path, "ffprobe's answer could not be read", { cause: error });
  }
  const streams = data.streams ?? [];
  const v = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const a = streams.find((s) => s.codec_type === "audio");
  if (!v && !a) throw new MediaUnreadableError(path, "it has no video or audio stream");
  const formatName = data.format?.format_name ?? "";
  const still = Boolean(
    v && (formatName.includes("_pipe") || formatName === "image2" || (STILL_CODECS.has(v.codec_name ?? "") && !a)),
  );
  const duration = still ? 0 : Number(data.format?.duration ?? 0) || 0;
  return {
    path,
    format,
    duration,
    formatName,
    video: v
      ? {
          codec: v.codec_name ?? "",
          profile: v.profile ?? null,
          width: v.width ?? 0,
          height: v.height ?? 0,
          fps: rate(v.avg_frame_rate) || rate(v.r_frame_rate),
          pixFmt: v.pix_fmt ?? null,
          colorSpace: v.color_space ?? null,
          still,
        }
      : null,
    audio: a ? { codec: a.codec_name ?? "", sampleRate: Number(a.sample_rate ?? 0), channels: a.channels ?? 0 } : null,
  };
}

/** The time ffmpeg's `-progress` output last reached, in seconds. */
function progressTime(progress: string): number {
  let micros = 0;
  for (const match of progress.matchAll(/^out_time_us=(\d+)$/gm)) micros = Number(match[1]);
  return micros / 1e6;
}

/**
 * How long a file's sound (decoded) or picture (every packet read, not decoded) really lasts, whatever its
 * header says, reading at most `maxS` seconds and a little more: a length past `maxS` means "too long", and
 * no file makes this read more than that. A stream that cannot be decoded throws MediaUnreadableError.
 */
export async function measureDuration(
  path: string,
  stream: "audio" | "video",
  options: { maxS: number; signal?: AbortSignal; format?: MediaFormat | null },
): Promise<number> {
  const format = options.format === undefined ? await sniffFile(path).catch(() => null) : options.format;
  const map = stream === "audio" ? ["-map", "0:a:0"] : ["-map", "0:v:0", "-c", "copy"];
  const chunks: Buffer[] = [];
  try {
    await runMedia(
      "ffmpeg",
      [
        "-nostdin",
        "-v",
        "error",
        ...fileInputArgs(path, format),
        ...map,
        "-t",
        String(options.maxS + 1),
        "-f",
        "null",
        "-",
        "-progress",
        "pipe:1",
        "-nostats",
      ],
      { profile: "decode", stdout: (chunk) => chunks.push(chunk), signal: options.signal },
    );
  } catch (error) {
    if (error instanceof MediaProcessError && error.code === "ABORTED") throw error;
    throw new MediaUnreadableError(path, `its ${stream} could not be read whole: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return progressTime(Buffer.concat(chunks).toString("utf8"));
}

/**
 * Mono float samples of a file's sound at `sampleRate`, at most `maxS` seconds of it (so a file that lies about
 * its length cannot fill the memory). The samples stay bytes until they are a Float32Array.
 */
export async function decodePcm(
  path: string,
  options: { sampleRate: number; maxS: number; signal?: AbortSignal; format?: MediaFormat | null },
): Promise<Float32Array> {
  const format = options.format === undefined ? await sniffFile(path).catch(() => null) : options.format;
  const maxBytes = Math.ceil((options.maxS + 1) * options.sampleRate) * 4 + 4096;
  const { stdout } = await runMedia(
    "ffmpeg",
    [
      "-nostdin",
      "-v",
      "error",
      ...fileInputArgs(path, format),
      "-map",
      "0:a:0",
      "-t",
      String(options.maxS),
      "-ac",
      "1",
      "-ar",
      String(options.sampleRate),
      "-f",
      "f32le",
      "-",
    ],
    { profile: "decode", stdout: "buffer", maxStdoutBytes: maxBytes, signal: options.signal },
  );
  const usable = stdout.byteLength - (stdout.byteLength % 4);
  const samples = new Float32Array(usable / 4);
  new Uint8Array(samples.buffer).set(stdout.subarray(0, usable));
  return samples;
}

/**
 * Stretches (s) of black frames in a file's picture (ffmpeg's blackdetect: 98 % of the picture darker than a tenth
 * of the range), however short: one black frame is a flash of what lies under a shot at a cut, or a recorded
 * camera inside a wall.
 */
export async function blackStretches(
  path: string,
  options: { signal?: AbortSignal; niceness?: number } = {},
): Promise<{ start: number; end: number }[]> {
  const format = await sniffFile(path).catch(() => null);
  const { stderr } = await runMedia(
    "ffmpeg",
    [
      "-nostdin",
      "-hide_banner",
      "-nostats",
      ...fileInputArgs(path, format),
      "-an",
      "-vf",
      "scale=180:320,blackdetect=d=0:pix_th=0.10",
      "-f",
      "null",
      "-",
    ],
    { profile: "decode", signal: options.signal, niceness: options.niceness, stderrTailBytes: 1024 * 1024 },
  );
  return [...stderr.matchAll(/black_start:([\d.]+) black_end:([\d.]+)/g)].map((m) => ({
    start: Number(m[1]),
    end: Number(m[2]),
  }));
}
