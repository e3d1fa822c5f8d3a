import type { FileType } from "@reelsmith/core";

export type { FileType };

/**
 * What a file really is, from its first bytes (magic numbers), whatever its name or declared type
 * says. Only the formats the product accepts are recognised.
 */
export interface SniffedType {
  mime: string;
  ext: string;
  kind: "audio" | "image" | "video";
}

/** Bytes needed to recognise every format below. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

export function sniffMediaType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length < 4) return null;
  const [b0, b1, b2] = [bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0];
  if (b0 === 0xff && b1 === 0xd8 && b2 === 0xff) return { mime: "image/jpeg", ext: "jpg", kind: "image" };
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return { mime: "image/png", ext: "png", kind: "image" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { mime: "image/webp", ext: "webp", kind: "image" };
  }
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") {
    return { mime: "audio/wav", ext: "wav", kind: "audio" };
  }
  if (ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (brand === "M4A " || brand === "M4B ") return { mime: "audio/mp4", ext: "m4a", kind: "audio" };
    if (/^(isom|iso[2-9]|mp41|mp42|avc1|dash|M4V |mmp4|msnv)$/.test(brand)) {
      return { mime: "video/mp4", ext: "mp4", kind: "video" };
    }
    if (brand === "qt  ") return { mime: "video/quicktime", ext: "mov", kind: "video" };
    return null;
  }
  // Matroska/WebM: the EBML header.
  if (b0 === 0x1a && b1 === 0x45 && b2 === 0xdf && bytes[3] === 0xa3) {
    return { mime: "video/webm", ext: "webm", kind: "video" };
  }
  // Ogg (Vorbis or Opus voice recordings).
  if (ascii(bytes, 0, 4) === "OggS") return { mime: "audio/ogg", ext: "ogg", kind: "audio" };
  if (ascii(bytes, 0, 3) === "ID3") return { mime: "audio/mpeg", ext: "mp3", kind: "audio" };
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0) {
    const layer = (b1 >> 1) & 0x03;
    // ADTS (raw AAC): MPEG version bits, layer 00.
    if ((b1 & 0xf6) === 0xf0) return { mime: "audio/aac", ext: "aac", kind: "audio" };
    // MPEG audio layer III, with a valid bitrate index.
    const bitrateIndex = b2 >> 4;
    if (layer === 0x01 && bitrateIndex !== 0x0f && bitrateIndex !== 0) {
      return { mime: "audio/mpeg", ext: "mp3", kind: "audio" };
    }
  }
  return null;
}

const ACCEPTED: Record<FileType, readonly string[]> = {
  // MP3, WAV or AAC (raw ADTS or in an .m4a container); a video's sound is used too.
  "audio-file": ["audio/mpeg", "audio/wav", "audio/aac", "audio/mp4", "video/mp4", "video/quicktime", "video/webm"],
  // JPG, PNG or WebP.
  "product-image": ["image/jpeg", "image/png", "image/webp"],
  // An image or an MP4 video.
  "green-screen": ["image/jpeg", "image/png", "image/webp", "video/mp4"],
  // Own background footage: MP4, MOV or WebM (then read by ffprobe before it is kept).
  "background-video": ["video/mp4", "video/quicktime", "video/webm"],
  // A creator's voice-over: MP3, WAV, AAC/M4A, OGG/Opus, or WebM/MP4 audio as browsers record it (then read by
  // ffprobe: it must have sound).
  "voice-over": ["audio/mpeg", "audio/wav", "audio/aac", "audio/mp4", "audio/ogg", "video/webm", "video/mp4"],
};

/**
 * The type a voice-over is stored under: a browser's recording is a WebM (or MP4) container holding sound
 * only, so it is kept as audio/webm (audio/mp4).
 */
export function voiceOverMediaType(sniffed: SniffedType): SniffedType {
  if (sniffed.mime === "video/webm") return { mime: "audio/webm", ext: "webm", kind: "audio" };
  if (sniffed.mime === "video/mp4") return { mime: "audio/mp4", ext: "m4a", kind: "audio" };
  return sniffed;
}

export function acceptsMediaType(type: FileType, sniffed: SniffedType | null): sniffed is SniffedType {
  return sniffed !== null && ACCEPTED[type].includes(sniffed.mime);
}
