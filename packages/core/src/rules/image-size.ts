import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from "../catalogue/constants.ts";

/** Picture formats whose size can be read from their first bytes. */
export type ImageFormat = "png" | "jpeg" | "webp" | "gif";

/**
 * What the first bytes of a file say about its picture, without decoding it:
 * - `ok`: its format and size in pixels;
 * - `incomplete`: the size lies further on; read at least `need` bytes from the start and ask again;
 * - `invalid`: a picture format whose header is broken (or gives no usable size);
 * - `not-image`: none of the formats above.
 */
export type ImageHeader =
  | { state: "ok"; format: ImageFormat; width: number; height: number }
  | { state: "incomplete"; format: ImageFormat; need: number }
  | { state: "invalid"; format: ImageFormat; reason: string }
  | { state: "not-image" };

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const u32le = (b: Uint8Array, i: number) => u16le(b, i) + u16le(b, i + 2) * 0x10000;
const ascii = (b: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...b.subarray(start, Math.min(end, b.length)));

function sized(format: ImageFormat, width: number, height: number): ImageHeader {
  if (!(width > 0 && height > 0)) return { state: "invalid", format, reason: "the picture has no size" };
  return { state: "ok", format, width, height };
}

/** PNG: the IHDR chunk must come first, right after the signature. */
function png(b: Uint8Array): ImageHeader {
  if (b.length < 24) return { state: "incomplete", format: "png", need: 24 };
  if (u32be(b, 8) !== 13 || ascii(b, 12, 16) !== "IHDR") {
    return { state: "invalid", format: "png", reason: "the IHDR chunk is missing" };
  }
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  // The format caps both at 2^31 - 1.
  if (width > 0x7fffffff || height > 0x7fffffff) {
    return { state: "invalid", format: "png", reason: "the size is out of range" };
  }
  return sized("png", width, height);
}

/** Start-of-frame markers (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC) carry the frame's size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * JPEG: walks the marker segments (EXIF, ICC profiles, XMP... are skipped by their length, not read)
 * to the first start-of-frame segment.
 */
function jpeg(b: Uint8Array): ImageHeader {
  let pos = 2;
  for (;;) {
    // Like libjpeg, stray bytes before a marker are skipped, and a marker may be preceded by any
    // number of 0xFF fill bytes.
    while (pos < b.length && b[pos] !== 0xff) pos++;
    while (b[pos] === 0xff) pos++;
    if (pos >= b.length) return { state: "incomplete", format: "jpeg", need: pos + 1 };
    const marker = b[pos] ?? 0;
    pos++;
    // Not markers (a stuffed 0x00), or markers without a segment: TEM and the restart markers.
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) {
      return { state: "invalid", format: "jpeg", reason: "no frame header before the image data" };
    }
    if (pos + 2 > b.length) return { state: "incomplete", format: "jpeg", need: pos + 2 };
    const length = u16be(b, pos);
    if (length < 2) return { state: "invalid", format: "jpeg", reason: "a segment has a broken length" };
    if (isStartOfFrame(marker)) {
      if (length < 8) return { state: "invalid", format: "jpeg", reason: "the frame header is too short" };
      if (pos + 7 > b.length) return { state: "incomplete", format: "jpeg", need: pos + 7 };
      // Length (2), sample precision (1), height (2), width (2). A height of 0 (set later by a DNL
      // segment) is not accepted.
      return sized("jpeg", u16be(b, pos + 5), u16be(b, pos + 3));
    }
    pos += length;
  }
}

/** WebP: the first chunk is the lossy (VP8), lossless (VP8L) or extended (VP8X) header. */
function webp(b: Uint8Array): ImageHeader {
  if (b.length < 30) return { state: "incomplete", format: "webp", need: 30 };
  const chunk = ascii(b, 12, 16);
  if (chunk === "VP8 ") {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 bits of scale each).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) {
      return { state: "invalid", format: "webp", reason: "the VP8 start code is missing" };
    }
    return sized("webp", u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return { state: "invalid", format: "webp", reason: "the VP8L signature is missing" };
    const bits = u32le(b, 21);
    return sized("webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    // Flags (1 byte), reserved (3), canvas width - 1 (24 bits), canvas height - 1 (24 bits).
    return sized("webp", u24le(b, 24) + 1, u24le(b, 27) + 1);
  }
  return { state: "invalid", format: "webp", reason: "no VP8, VP8L or VP8X header" };
}

/** GIF: the logical screen size follows the signature. */
function gif(b: Uint8Array): ImageHeader {
  if (b.length < 10) return { state: "incomplete", format: "gif", need: 10 };
  return sized("gif", u16le(b, 6), u16le(b, 8));
}

/**
 * The format and pixel size of a picture from the start of its file, read from its headers alone
 * (PNG IHDR, JPEG start-of-frame, WebP VP8/VP8L/VP8X, GIF logical screen): nothing is decoded, so a
 * huge picture costs no more than a small one to check.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return png(bytes);
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return webp(bytes);
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return gif(bytes);
  return { state: "not-image" };
}

/**
 * Whether a picture is larger than the product takes (IMAGE_MAX_PIXELS in all, IMAGE_MAX_SIDE on
 * either side): decoding it would take more memory than any video needs.
 */
export function imageTooLarge(size: { width: number; height: number }): boolean {
  return size.width * size.height > IMAGE_MAX_PIXELS || Math.max(size.width, size.height) > IMAGE_MAX_SIDE;
}
