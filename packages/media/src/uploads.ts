import { type FileType, type MediaFormat, sniffMediaFormat, storedFormat, UPLOAD_KINDS } from "@reelsmith/core";
import { MediaProcessError } from "./errors.ts";
import { fileInputArgs, sniffFile } from "./input.ts";
import { type MediaInfo, measureDuration, probeMedia } from "./probe.ts";
import { runMedia } from "./run.ts";
import { findScreenKey } from "./screen.ts";

/**
 * An upload, checked whole before it is kept: its bytes are a format its kind takes, a picture decodes to the
 * last byte, and a sound or moving picture holds the stream its kind needs, with a length measured from the
 * stream (never the header) within the kind's bounds. A video whose header claims another length than its
 * stream holds is refused as unreadable: it is lying, and renders plan with lengths.
 */
export type UploadCheck =
  | {
      ok: true;
      format: MediaFormat;
      /** The MIME type and extension it is stored under. */
      stored: { mime: string; ext: string };
      /** Measured length in seconds (0 for a picture). */
      duration: number;
    }
  | { ok: false; reason: "unsupported" | "unreadable" | "length" | "size" | "screen"; message: string };

/** How far a video's header may be off its measured length before the file counts as lying. */
const HEADER_TOLERANCE_S = 1;
const HEADER_TOLERANCE_SHARE = 0.05;

export async function checkUploadFile(
  path: string,
  type: FileType,
  options: { signal?: AbortSignal } = {},
): Promise<UploadCheck> {
  const kind = UPLOAD_KINDS[type];
  const refuse = (reason: Exclude<UploadCheck, { ok: true }>["reason"]): UploadCheck => ({
    ok: false,
    reason,
    message:
      reason === "unsupported"
        ? kind.messages.unsupported
        : reason === "length"
          ? (kind.messages.length ?? kind.messages.unreadable)
          : reason === "size"
            ? (kind.messages.size ?? kind.messages.unreadable)
            : reason === "screen"
              ? (kind.messages.noScreen ?? kind.messages.unreadable)
              : kind.messages.unreadable,
  });
  const format = await sniffFile(path).catch(() => null);
  if (!format || !kind.formats.includes(format.id)) return refuse("unsupported");
  const ok = (duration: number): UploadCheck => ({ ok: true, format, stored: storedFormat(type, format), duration });
  try {
    if (format.kind === "image") {
      await runMedia("ffmpeg", ["-nostdin", ...wholePicture(fileInputArgs(path, format))], {
        profile: "decode",
        signal: options.signal,
      });
      return ok(0);
    }
    const info = await probeMedia(path, { signal: options.signal });
    // A kind that takes sound from any of its formats (a song, a voice-over) needs sound; one that takes moving
    // pictures needs a moving picture from a video format.
    if (kind.sound) {
      if (!info.audio) return refuse("unreadable");
      const length = await measureDuration(path, "audio", {
        maxS: kind.sound.maxS,
        format,
        signal: options.signal,
      });
      if (length < kind.sound.minS || length > kind.sound.maxS) return refuse(length > 0 ? "length" : "unreadable");
      return ok(length);
    }
    if (kind.moving) {
      if (!info.video || info.video.still || !(info.video.width > 0 && info.video.height > 0)) {
        return refuse("unreadable");
      }
      if (Math.max(info.video.width, info.video.height) > kind.moving.maxSide) return refuse("size");
      // The packets read reach the last frame's start; the clip lasts one frame longer.
      const length =
        (await measureDuration(path, "video", { maxS: kind.moving.maxS, format, signal: options.signal })) +
        (info.video.fps > 0 ? 1 / info.video.fps : 0);
      if (length > kind.moving.maxS || (info.duration > kind.moving.maxS && length >= kind.moving.maxS)) {
        return refuse("length");
      }
      if (lies(info, length)) return refuse("unreadable");
      if (length < kind.moving.minS) return refuse(length > 0 ? "length" : "unreadable");
      // A clip to be keyed must show its screen where the key is looked for.
      if (kind.screen) {
        const key = await findScreenKey(path, length, {
          width: info.video.width,
          height: info.video.height,
          format,
          signal: options.signal,
        });
        if (!key) return refuse("screen");
      }
      return ok(length);
    }
    return refuse("unsupported");
  } catch (error) {
    if (error instanceof MediaProcessError && error.code === "ABORTED") throw error;
    return refuse("unreadable");
  }
}

/** Decoding every byte of a picture once (any damage is an error), writing nothing. */
function wholePicture(input: string[]): string[] {
  return ["-v", "error", "-xerror", "-err_detect", "explode", ...input, "-frames:v", "1", "-f", "null", "-"];
}

/**
 * Whether a picture held in memory (a data URL's bytes) is a JPEG, PNG or WebP that decodes to its last byte:
 * decoded once by ffmpeg from its standard input, under the decode limits.
 */
export async function pictureDecodesWhole(bytes: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<boolean> {
  const sniffed = sniffMediaFormat(bytes);
  if (sniffed.state !== "ok" || sniffed.format.kind !== "image") return false;
  try {
    await runMedia(
      "ffmpeg",
      wholePicture(["-protocol_whitelist", "pipe", "-f", sniffed.format.demuxer, "-i", "pipe:0"]),
      { profile: "decode", stdin: bytes, signal: options.signal },
    );
    return true;
  } catch (error) {
    if (error instanceof MediaProcessError && error.code === "ABORTED") throw error;
    return false;
  }
}

/** A header length (where there is one) far from what the stream holds. */
function lies(info: MediaInfo, measured: number): boolean {
  if (!(info.duration > 0)) return false;
  return Math.abs(info.duration - measured) > Math.max(HEADER_TOLERANCE_S, HEADER_TOLERANCE_SHARE * measured);
}
