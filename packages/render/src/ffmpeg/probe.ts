import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { promisify } from "node:util";
import { MissingInputError, UnsupportedMediaError } from "../errors.ts";
import { ffprobeBinary, runFfmpeg } from "./run.ts";

const exec = promisify(execFile);

export interface MediaInfo {
  path: string;
  /** Container duration in seconds (0 for a still image). */
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
  nb_frames?: string;
  disposition?: { attached_pic?: number };
}

function rate(value: string | undefined): number {
  if (!value) return 0;
  const [n, d] = value.split("/").map(Number);
  if (!n || !d) return 0;
  return n / d;
}

const STILL_CODECS = new Set(["png", "mjpeg", "webp", "bmp", "gif", "tiff"]);

export async function assertReadable(path: string, what?: string): Promise<void> {
  try {
    await access(path, constants.R_OK);
  } catch {
    throw new MissingInputError(path, what);
  }
}

/** Reads a media file's streams with ffprobe; throws MissingInputError / UnsupportedMediaError. */
export async function probeMedia(path: string): Promise<MediaInfo> {
  await assertReadable(path);
  let stdout: string;
  try {
    ({ stdout } = await exec(
      ffprobeBinary(),
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
      { maxBuffer: 8 * 1024 * 1024 },
    ));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new UnsupportedMediaError(path, stderr || "ffprobe could not read it");
  }
  const data = JSON.parse(stdout) as {
    streams?: ProbeStream[];
    format?: { duration?: string; format_name?: string };
  };
  const streams = data.streams ?? [];
  const v = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const a = streams.find((s) => s.codec_type === "audio");
  if (!v && !a) throw new UnsupportedMediaError(path, "it has no video or audio stream");
  const formatName = data.format?.format_name ?? "";
  const still = Boolean(
    v && (formatName.includes("_pipe") || formatName === "image2" || (STILL_CODECS.has(v.codec_name ?? "") && !a)),
  );
  const duration = still ? 0 : Number(data.format?.duration ?? 0) || 0;
  return {
    path,
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

export interface Loudness {
  /** Integrated loudness, LUFS (-70 for silence). */
  integrated: number;
  /** Loudness range, LU. */
  range: number;
  /** True peak, dBTP (null when not measured). */
  truePeak: number | null;
}

/** Parses the summary ffmpeg's ebur128 filter prints at the end. */
export function parseEbur128Summary(stderr: string): Loudness {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const num = (re: RegExp): number | null => {
    const m = re.exec(summary);
    return m?.[1] !== undefined ? Number(m[1]) : null;
  };
  const integrated = num(/I:\s+(-?[\d.]+|-inf)\s+LUFS/);
  return {
    integrated: integrated === null || !Number.isFinite(integrated) ? -70 : integrated,
    range: num(/LRA:\s+(-?[\d.]+)\s+LU/) ?? 0,
    truePeak: num(/Peak:\s+(-?[\d.]+)\s+dBFS/),
  };
}

/** Measures a file's integrated loudness (EBU R128) with one decoding pass. */
export async function measureLoudness(path: string, signal?: AbortSignal): Promise<Loudness> {
  await assertReadable(path);
  const { stderr } = await runFfmpeg(
    ["-hide_banner", "-nostats", "-i", path, "-vn", "-af", "ebur128=peak=true:framelog=verbose", "-f", "null", "-"],
    { signal, niceness: 0 },
  );
  return parseEbur128Summary(stderr);
}
