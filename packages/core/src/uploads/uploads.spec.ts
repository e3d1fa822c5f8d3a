import { describe, expect, it } from "vitest";
import { messages } from "../messages.ts";
import { MEDIA_FORMATS, sniffMediaFormat } from "./formats.ts";
import { FILE_TYPES, looksLikeUpload, storedFormat, UPLOAD_KINDS, uploadAccept, uploadTakesFormat } from "./kinds.ts";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const formatOf = (b: Uint8Array) => {
  const sniffed = sniffMediaFormat(b);
  return sniffed.state === "ok" ? sniffed.format.id : sniffed.state;
};
/** An MPEG-1 layer III frame header, 128 kbit/s, 44.1 kHz. */
const FRAME = [0xff, 0xfb, 0x90, 0x64];
/** An ID3v2.4 tag of `size` bytes after its 10-byte header. */
const id3 = (size: number) => [
  0x49,
  0x44,
  0x33,
  4,
  0,
  0,
  (size >> 21) & 0x7f,
  (size >> 14) & 0x7f,
  (size >> 7) & 0x7f,
  size & 0x7f,
];

describe("sniffMediaFormat", () => {
  it("knows every format by its magic number", () => {
    expect(formatOf(bytes([0xff, 0xd8, 0xff, 0xe0], "............"))).toBe("jpeg");
    expect(formatOf(bytes("\x89PNG\r\n\x1a\n", "........"))).toBe("png");
    expect(formatOf(bytes("RIFF....WEBPVP8 "))).toBe("webp");
    expect(formatOf(bytes("RIFF....WAVEfmt "))).toBe("wav");
    expect(formatOf(bytes([0, 0, 0, 0x20], "ftypM4A ....."))).toBe("m4a");
    expect(formatOf(bytes([0, 0, 0, 0x20], "ftypisom....."))).toBe("mp4");
    expect(formatOf(bytes([0, 0, 0, 0x14], "ftypqt  ....."))).toBe("mov");
    expect(formatOf(bytes([0x1a, 0x45, 0xdf, 0xa3], "............"))).toBe("webm");
    expect(formatOf(bytes("OggS", "............"))).toBe("ogg");
    expect(formatOf(bytes([0xff, 0xf1, 0x50, 0x80], "............"))).toBe("aac");
    expect(formatOf(bytes(FRAME, "............"))).toBe("mp3");
  });

  it("refuses text, GIF, HTML and unknown brands", () => {
    for (const text of ["hello, this is text", "GIF89a............", "<html><script>...", "....ftypheic........"]) {
      expect(sniffMediaFormat(new TextEncoder().encode(text)).state).toBe("unknown");
    }
  });

  it("takes an ID3 tag only in front of MPEG audio frames, after any zero padding", () => {
    expect(
      formatOf(
        bytes(
          id3(20),
          new Array(20).fill(0x41).map(() => 0x41),
          FRAME,
        ),
      ),
    ).toBe("mp3");
    expect(formatOf(bytes(id3(4), [1, 2, 3, 4], new Array(100).fill(0), FRAME))).toBe("mp3");
    // A playlist or a manifest behind the tag is not an MP3.
    expect(formatOf(bytes(id3(0), "#EXTM3U\n#EXTINF:3,\nfile:/x.mp3\n"))).toBe("unknown");
    expect(formatOf(bytes(id3(0), '<?xml version="1.0"?><MPD>'))).toBe("unknown");
  });

  it("asks for the bytes an ID3 tag covers before it decides", () => {
    const tag = bytes(id3(5000), new Array(6).fill(1));
    expect(sniffMediaFormat(tag)).toEqual({ state: "incomplete", need: 5014 });
  });
});

describe("upload kinds", () => {
  it("each kind takes the formats the spec names", () => {
    const takes = (type: (typeof FILE_TYPES)[number], id: keyof typeof MEDIA_FORMATS) =>
      uploadTakesFormat(type, MEDIA_FORMATS[id]);
    expect(takes("audio-file", "mp3") && takes("audio-file", "wav") && takes("audio-file", "aac")).toBe(true);
    // A video's sound is taken as a music video's song.
    expect(takes("audio-file", "mp4") && takes("audio-file", "mov") && takes("audio-file", "webm")).toBe(true);
    expect(takes("audio-file", "png")).toBe(false);
    expect(takes("product-image", "png") && takes("product-image", "jpeg") && takes("product-image", "webp")).toBe(
      true,
    );
    expect(takes("product-image", "mp4")).toBe(false);
    expect(takes("green-screen", "mp4")).toBe(true);
    expect(takes("green-screen", "mov") || takes("green-screen", "mp3")).toBe(false);
    expect(takes("background-video", "webm") && !takes("background-video", "png")).toBe(true);
    expect(takes("voice-over", "ogg") && !takes("voice-over", "flac")).toBe(true);
    expect(uploadTakesFormat("green-screen", null)).toBe(false);
  });

  it("stores a browser's WebM or MP4 recording as sound", () => {
    expect(storedFormat("voice-over", MEDIA_FORMATS.webm)).toEqual({ mime: "audio/webm", ext: "webm" });
    expect(storedFormat("voice-over", MEDIA_FORMATS.mp4)).toEqual({ mime: "audio/mp4", ext: "m4a" });
    expect(storedFormat("background-video", MEDIA_FORMATS.webm)).toEqual({ mime: "video/webm", ext: "webm" });
  });

  it("derives the browser's accept list and first check from the same formats", () => {
    expect(uploadAccept("product-image")).toBe(".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp");
    expect(looksLikeUpload("audio-file", { name: "song.MP3", type: "" })).toBe(true);
    expect(looksLikeUpload("audio-file", { name: "clip", type: "video/quicktime" })).toBe(true);
    expect(looksLikeUpload("product-image", { name: "photo.gif", type: "image/gif" })).toBe(false);
  });

  it("every kind has the messages its rules need", () => {
    for (const type of FILE_TYPES) {
      const kind = UPLOAD_KINDS[type];
      expect(kind.type).toBe(type);
      if (kind.sound || kind.moving) expect(kind.messages.length).toBeTruthy();
    }
    expect(UPLOAD_KINDS["voice-over"].messages.length).toBe(messages.files.voiceOverLength);
  });
});
