/**
 * The media formats the product reads from outside (uploads, imported footage), each one definition: how its
 * first bytes look (and what must follow them), the MIME type it is stored under, the names and types a browser
 * may give it, and the ffmpeg demuxer that alone may open it. Nothing that comes from outside is opened by a
 * demuxer that ffmpeg guessed: a guess is how a playlist hidden behind an MP3 header reads other files.
 */

export type MediaKind = "audio" | "image" | "video";

export interface MediaFormat {
  id: MediaFormatId;
  /** The MIME type it is stored and served under. */
  mime: string;
  /** File extension of a stored copy. */
  ext: string;
  kind: MediaKind;
  /** Other MIME types and extensions a browser or an operating system gives such a file. */
  browserTypes: readonly string[];
  extensions: readonly string[];
  /** The only demuxer ffmpeg may open it with (`-f`). */
  demuxer: string;
}

export const MEDIA_FORMAT_IDS = [
  "jpeg",
  "png",
  "webp",
  "wav",
  "mp3",
  "aac",
  "m4a",
  "mp4",
  "mov",
  "webm",
  "ogg",
  "flac",
] as const;
export type MediaFormatId = (typeof MEDIA_FORMAT_IDS)[number];

const format = (
  id: MediaFormatId,
  mime: string,
  kind: MediaKind,
  demuxer: string,
  extensions: readonly string[],
  browserTypes: readonly string[] = [mime],
): MediaFormat => ({ id, mime, ext: extensions[0] ?? id, kind, browserTypes, extensions, demuxer });

export const MEDIA_FORMATS: { readonly [F in MediaFormatId]: MediaFormat } = {
  jpeg: format("jpeg", "image/jpeg", "image", "jpeg_pipe", ["jpg", "jpeg"]),
  png: format("png", "image/png", "image", "png_pipe", ["png"]),
  webp: format("webp", "image/webp", "image", "webp_pipe", ["webp"]),
  wav: format("wav", "audio/wav", "audio", "wav", ["wav"], ["audio/wav", "audio/x-wav", "audio/wave"]),
  mp3: format("mp3", "audio/mpeg", "audio", "mp3", ["mp3"], ["audio/mpeg", "audio/mp3"]),
  aac: format("aac", "audio/aac", "audio", "aac", ["aac"]),
  m4a: format("m4a", "audio/mp4", "audio", "mov", ["m4a"], ["audio/mp4", "audio/x-m4a"]),
  mp4: format("mp4", "video/mp4", "video", "mov", ["mp4"]),
  mov: format("mov", "video/quicktime", "video", "mov", ["mov"]),
  webm: format("webm", "video/webm", "video", "matroska", ["webm"], ["video/webm", "audio/webm"]),
  ogg: format("ogg", "audio/ogg", "audio", "ogg", ["ogg", "opus"], ["audio/ogg", "audio/opus"]),
  // Not an upload format: what a speech provider may answer with.
  flac: format("flac", "audio/flac", "audio", "flac", ["flac"]),
};

/** The format of a stored MIME type (what the files table holds), or null. */
export function formatOfMime(mime: string): MediaFormat | null {
  const lower = mime.toLowerCase();
  return Object.values(MEDIA_FORMATS).find((f) => f.mime === lower || f.browserTypes.includes(lower)) ?? null;
}

/** The outcome of reading a file's first bytes: its format, not one we take, or more bytes needed to tell. */
export type Sniffed =
  | { state: "ok"; format: MediaFormat }
  | { state: "unknown" }
  | { state: "incomplete"; need: number };

/** Bytes enough to tell every format apart by its magic number (an ID3 tag may ask for more). */
export const SNIFF_BYTES = 16;
/** How far past an ID3 tag zero padding may run before the first MPEG audio frame. */
const ID3_PADDING_MAX = 64 * 1024;
/** The largest ID3 tag looked past (a cover picture makes tags of a few MB). */
const ID3_TAG_MAX = 12 * 1024 * 1024;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

/** An MPEG audio layer III frame header (or an ADTS one) starts at `i`. */
function mpegFrameAt(bytes: Uint8Array, i: number): "mp3" | "aac" | null {
  const b0 = bytes[i] ?? 0;
  const b1 = bytes[i + 1] ?? 0;
  const b2 = bytes[i + 2] ?? 0;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  if ((b1 & 0xf6) === 0xf0) return "aac";
  const layer = (b1 >> 1) & 0x03;
  const version = (b1 >> 3) & 0x03;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0x03;
  if (layer === 0x01 && version !== 0x01 && bitrateIndex !== 0x0f && bitrateIndex !== 0 && rateIndex !== 0x03) {
    return "mp3";
  }
  return null;
}

/**
 * What a file really is, from its first bytes, whatever its name or declared type says. An ID3 tag must be
 * followed by MPEG audio frames (after at most some zero padding): a tag in front of a playlist or anything
 * else is not an MP3. Only the formats above are recognised.
 */
export function sniffMediaFormat(bytes: Uint8Array): Sniffed {
  if (bytes.length < 4) return bytes.length === 0 ? { state: "unknown" } : { state: "incomplete", need: SNIFF_BYTES };
  const ok = (id: MediaFormatId): Sniffed => ({ state: "ok", format: MEDIA_FORMATS[id] });
  const [b0, b1, b2] = [bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0];
  if (b0 === 0xff && b1 === 0xd8 && b2 === 0xff) return ok("jpeg");
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return ok("png");
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return ok("webp");
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") return ok("wav");
  if (ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (brand === "M4A " || brand === "M4B ") return ok("m4a");
    if (/^(isom|iso[2-9]|mp41|mp42|avc1|dash|M4V |mmp4|msnv)$/.test(brand)) return ok("mp4");
    if (brand === "qt  ") return ok("mov");
    return { state: "unknown" };
  }
  // Matroska/WebM: the EBML header.
  if (b0 === 0x1a && b1 === 0x45 && b2 === 0xdf && bytes[3] === 0xa3) return ok("webm");
  // Ogg (Vorbis or Opus recordings).
  if (ascii(bytes, 0, 4) === "OggS") return ok("ogg");
  if (ascii(bytes, 0, 4) === "fLaC") return ok("flac");
  if (ascii(bytes, 0, 3) === "ID3") {
    if (bytes.length < 10) return { state: "incomplete", need: 10 };
    const version = bytes[3] ?? 0;
    const sizeBytes = [bytes[6] ?? 0, bytes[7] ?? 0, bytes[8] ?? 0, bytes[9] ?? 0];
    if (version < 2 || version > 4 || sizeBytes.some((b) => b >= 0x80)) return { state: "unknown" };
    const footer = (bytes[5] ?? 0) & 0x10 ? 10 : 0;
    const tagEnd = 10 + footer + sizeBytes.reduce((n, b) => n * 128 + b, 0);
    if (tagEnd > ID3_TAG_MAX) return { state: "unknown" };
    let i = tagEnd;
    while (i < bytes.length && i < tagEnd + ID3_PADDING_MAX && bytes[i] === 0) i += 1;
    if (i + 3 > bytes.length) {
      return i >= tagEnd + ID3_PADDING_MAX ? { state: "unknown" } : { state: "incomplete", need: i + 4 };
    }
    const frame = mpegFrameAt(bytes, i);
    return frame ? ok(frame) : { state: "unknown" };
  }
  const frame = mpegFrameAt(bytes, 0);
  return frame ? ok(frame) : { state: "unknown" };
}
