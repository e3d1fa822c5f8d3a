import { open } from "node:fs/promises";
import { MEDIA_FORMATS, type MediaFormat, type MediaFormatId, SNIFF_BYTES, sniffMediaFormat } from "@reelsmith/core";
import { UnsupportedInputError } from "./errors.ts";

/** The most bytes read to tell a file's format (an ID3 tag with a cover picture is the longest header). */
const SNIFF_LIMIT = 13 * 1024 * 1024;

/** What a file is by its own bytes (reading on where a header asks for more), or null. */
export async function sniffFile(path: string): Promise<MediaFormat | null> {
  const handle = await open(path, "r");
  try {
    let want = SNIFF_BYTES;
    for (;;) {
      const buffer = Buffer.alloc(want);
      const { bytesRead } = await handle.read(buffer, 0, want, 0);
      const sniffed = sniffMediaFormat(buffer.subarray(0, bytesRead));
      if (sniffed.state === "ok") return sniffed.format;
      if (sniffed.state === "unknown" || bytesRead < want || sniffed.need > SNIFF_LIMIT) return null;
      want = Math.max(sniffed.need, want * 2);
    }
  } finally {
    await handle.close();
  }
}

/**
 * The ffmpeg (or ffprobe) input options for a file from outside: its demuxer pinned from its own bytes and
 * no protocol but plain files, so a playlist or a reference inside it can never open another file or address.
 * Refuses a file that is not one of `formats` (default: any format the product reads).
 */
export async function outsideInput(
  path: string,
  formats?: readonly MediaFormatId[],
): Promise<{ format: MediaFormat; args: string[] }> {
  const format = await sniffFile(path).catch(() => null);
  if (!format) throw new UnsupportedInputError(path, "its bytes are not a format this product reads");
  if (formats && !formats.includes(format.id)) {
    throw new UnsupportedInputError(path, `it is ${format.id}, not ${formats.join(", ")}`);
  }
  return { format, args: pinnedInputArgs(format, path) };
}

/**
 * The demuxers a file may ever be opened with: the formats the product reads, and the picture and GIF
 * readers its own intermediate files use. Playlists (HLS, DASH), concat lists and every other demuxer that
 * opens further files or addresses are left out.
 */
export const FILE_DEMUXERS: readonly string[] = [
  ...new Set([...Object.values(MEDIA_FORMATS).map((f) => f.demuxer), "image2", "gif"]),
];

/**
 * Input options for any media file (`... -i <path>`): plain files only, one of {@link FILE_DEMUXERS}, and the
 * demuxer pinned when the format is known.
 */
export function fileInputArgs(path: string, format?: MediaFormat | null): string[] {
  return [
    "-protocol_whitelist",
    "file",
    "-format_whitelist",
    FILE_DEMUXERS.join(","),
    ...(format ? ["-f", format.demuxer] : []),
    "-i",
    path,
  ];
}

/** Input options for a file whose format is known (its demuxer pinned). */
export function pinnedInputArgs(format: MediaFormat, path: string): string[] {
  return fileInputArgs(path, format);
}

/**
 * Input options for grabbing an X display (a virtual one the product started itself, e.g. `:93`): the whole
 * screen from its top left corner, without the mouse pointer, at `fps` frames a second.
 */
export function screenGrabArgs(display: string, width: number, height: number, fps: number): string[] {
  if (!/^:\d{1,4}$/.test(display)) throw new Error(`not a local X display: ${display}`);
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new Error(`bad screen size ${width}x${height}`);
  }
  if (!(fps > 0 && fps <= 120)) throw new Error(`bad grab rate ${fps}`);
  return [
    "-protocol_whitelist",
    "file",
    "-f",
    "x11grab",
    "-draw_mouse",
    "0",
    "-framerate",
    String(fps),
    "-video_size",
    `${width}x${height}`,
    "-i",
    `${display}+0,0`,
  ];
}
