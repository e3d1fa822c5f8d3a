import { open, writeFile } from "node:fs/promises";
import { createCanvas, type Image, loadImage } from "@napi-rs/canvas";
import { type ImageFormat, imageTooLarge, readImageHeader } from "@reelsmith/core";
import { fileInputArgs } from "@reelsmith/media";
import { ImageTooLargeError, MissingInputError, RenderCancelledError, UnsupportedMediaError } from "../errors.ts";
import { runFfmpeg } from "../ffmpeg/run.ts";

/**
 * Pictures from users (a product photo, a green-screen background, a Reddit avatar) are checked by
 * their headers and then decoded by ffmpeg, in a child process, into a small PNG (only a small one
 * ffmpeg cannot read is decoded here): the render's own process (with `@napi-rs/canvas`) never
 * decodes more pixels than the video needs.
 */

/** The longest side a user's picture is brought down to: twice the frame's width, enough for close-ups. */
export const PICTURE_MAX_SIDE = 2160;

/** How far into a file a picture's size is looked for (a JPEG's EXIF, ICC and XMP come first). */
const HEADER_SEARCH_BYTES = 16 * 1024 * 1024;
const FIRST_READ_BYTES = 64 * 1024;

export interface PictureSize {
  format: ImageFormat;
  width: number;
  height: number;
}

/** A picture file's format and pixel size, from its headers alone (nothing is decoded). */
export async function readPictureSize(path: string): Promise<PictureSize> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, "r");
  } catch {
    throw new MissingInputError(path);
  }
  try {
    const fileSize = (await file.stat()).size;
    let bytes = Buffer.alloc(0);
    let want = Math.min(FIRST_READ_BYTES, fileSize);
    for (;;) {
      if (want > bytes.length) {
        const more = Buffer.alloc(want - bytes.length);
        const { bytesRead } = await file.read(more, 0, more.length, bytes.length);
        bytes = Buffer.concat([bytes, more.subarray(0, bytesRead)]);
      }
      const header = readImageHeader(bytes);
      if (header.state === "ok") return { format: header.format, width: header.width, height: header.height };
      if (header.state === "not-image")
        throw new UnsupportedMediaError(path, "it has no picture in PNG, JPEG, WebP or GIF");
      if (header.state === "invalid") throw new UnsupportedMediaError(path, `its header is broken (${header.reason})`);
      if (header.need > fileSize || header.need > HEADER_SEARCH_BYTES) {
        throw new UnsupportedMediaError(path, "its size could not be read from its header");
      }
      // At least twice as much each time: a JPEG with large metadata takes few reads.
      want = Math.min(fileSize, Math.max(header.need, bytes.length * 2));
    }
  } finally {
    await file.close();
  }
}

/** Whether a file is a picture (by its first bytes), whatever its name says; false for a video. */
export async function isPictureFile(path: string): Promise<boolean> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, "r");
  } catch {
    throw new MissingInputError(path);
  }
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return readImageHeader(head.subarray(0, bytesRead)).state !== "not-image";
  } finally {
    await file.close();
  }
}

/**
 * A picture's size, once it is known to be within the product's limits (ImageTooLargeError
 * otherwise). Checked before any decoder sees the file: one stored before uploads were checked, or
 * put in storage by other means, is refused here.
 */
export async function checkPictureSize(path: string): Promise<PictureSize> {
  const size = await readPictureSize(path);
  if (imageTooLarge(size)) throw new ImageTooLargeError(path, size.width, size.height);
  return size;
}

/**
 * The `-max_pixels` to decode a picture of this size with: its own pixels plus room for the decoder's
 * padding of rows and columns (ffmpeg counts the padded frame), so a frame larger than the headers
 * said is refused by the decoder itself.
 */
export function decoderMaxPixels(size: { width: number; height: number }): number {
  return (size.width + 128) * (size.height + 128);
}

/**
 * ffmpeg arguments that decode the first frame of a picture of `size` (from its headers) and write it
 * as a PNG at most `maxSide` on its longest side (never enlarged), turned upright by its EXIF
 * orientation and keeping its transparency.
 */
export function preparePictureArgs(
  src: string,
  output: string,
  size: { width: number; height: number },
  maxSide = PICTURE_MAX_SIDE,
): string[] {
  return [
    "-v",
    "error",
    "-y",
    "-max_pixels",
    String(decoderMaxPixels(size)),
    ...fileInputArgs(src),
    "-frames:v",
    "1",
    "-vf",
    `scale='min(${maxSide},iw)':'min(${maxSide},ih)':force_original_aspect_ratio=decrease:flags=lanczos`,
    "-c:v",
    "png",
    "-f",
    "image2",
    "-update",
    "1",
    output,
  ];
}

/**
 * Makes a user's picture safe to draw: checks its size from its headers, then has ffmpeg (a child
 * process) decode it and write it to `output` as a PNG at most `maxSide` on its longest side.
 * Returns the new picture's size.
 */
export async function preparePicture(
  src: string,
  output: string,
  options: { maxSide?: number; signal?: AbortSignal } = {},
): Promise<{ width: number; height: number }> {
  const maxSide = options.maxSide ?? PICTURE_MAX_SIDE;
  const size = await checkPictureSize(src);
  try {
    await runFfmpeg(preparePictureArgs(src, output, size, maxSide), {
      signal: options.signal,
      niceness: 0,
      profile: "decode",
    });
  } catch (error) {
    if (error instanceof RenderCancelledError) throw error;
    // Some pictures the canvas reads, ffmpeg does not (an animated WebP): a small one is decoded here.
    if (size.width * size.height > SMALL_PICTURE_PIXELS) {
      throw new UnsupportedMediaError(src, `not a picture we can read (${(error as Error).message})`);
    }
    await writeFile(output, await scaledPng(src, maxSide));
  }
  const { width, height } = await readPictureSize(output);
  return { width, height };
}

/**
 * The most pixels a picture may have to be decoded in this process when ffmpeg cannot read it: what
 * `preparePicture` makes anyway (PICTURE_MAX_SIDE squared, about 19 MB as RGBA).
 */
const SMALL_PICTURE_PIXELS = PICTURE_MAX_SIDE * PICTURE_MAX_SIDE;

/** A picture decoded by the canvas and written as a PNG at most `maxSide` on its longest side. */
async function scaledPng(src: string, maxSide: number): Promise<Buffer> {
  const img = await loadPicture(src);
  const scale = Math.min(1, maxSide / Math.max(img.width, img.height));
  const width = Math.max(1, Math.round(img.width * scale));
  const height = Math.max(1, Math.round(img.height * scale));
  const canvas = createCanvas(width, height);
  canvas.getContext("2d").drawImage(img, 0, 0, width, height);
  return canvas.encode("png");
}

/**
 * Decodes a picture for drawing on a canvas, in this process: only after its headers show it within
 * the product's limits. Pictures from users reach here through `preparePicture`, so at most
 * PICTURE_MAX_SIDE on a side.
 */
export async function loadPicture(src: string): Promise<Image> {
  await checkPictureSize(src);
  try {
    return await loadImage(src);
  } catch (error) {
    throw new UnsupportedMediaError(src, `not a picture we can read (${(error as Error).message})`);
  }
}
