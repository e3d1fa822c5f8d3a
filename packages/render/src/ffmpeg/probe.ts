import {
  assertMediaFile,
  MediaFileMissingError,
  type MediaInfo,
  MediaProcessError,
  probeMedia as probeMediaFile,
} from "@reelsmith/media";
import { MissingInputError, UnsupportedMediaError } from "../errors.ts";
import { renderFailure, runFfmpeg } from "./run.ts";

export type { MediaInfo };

export async function assertReadable(path: string, what?: string): Promise<void> {
  try {
    await assertMediaFile(path);
  } catch {
    throw new MissingInputError(path, what);
  }
}

/** Reads a media file's streams (the media layer's probe); throws MissingInputError / UnsupportedMediaError. */
export async function probeMedia(path: string, options: { signal?: AbortSignal } = {}): Promise<MediaInfo> {
  try {
    return await probeMediaFile(path, options);
  } catch (error) {
    if (error instanceof MediaFileMissingError) throw new MissingInputError(path);
    if (error instanceof MediaProcessError) throw renderFailure(error);
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    throw new UnsupportedMediaError(path, reason);
  }
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
