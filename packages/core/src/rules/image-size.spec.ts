import { describe, expect, it } from "vitest";
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from "../catalogue/constants.ts";
import { imageTooLarge, readImageHeader } from "./image-size.ts";

const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : Array.from(p as number[]))),
  );
const u16be = (n: number) => [n >> 8, n & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (width: number, height: number) =>
  bytes(PNG_SIGNATURE, u32be(13), "IHDR", u32be(width), u32be(height), [8, 6, 0, 0, 0], u32be(0));

/** A JPEG segment: marker, length (counting itself) and payload. */
const segment = (marker: number, payload: number[]) => [0xff, marker, ...u16be(payload.length + 2), ...payload];
const sof = (marker: number, width: number, height: number) =>
  segment(marker, [8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
const jpeg = (...segments: number[][]) => bytes([0xff, 0xd8], ...segments, [0xff, 0xda, 0, 2]);

const riff = (chunk: string, data: number[]) =>
  bytes("RIFF", u32le(4 + 8 + data.length), "WEBP", chunk, u32le(data.length), data);

describe("readImageHeader", () => {
  it("reads a PNG's size from its IHDR chunk", () => {
    expect(readImageHeader(png(30000, 30000))).toEqual({ state: "ok", format: "png", width: 30000, height: 30000 });
    expect(readImageHeader(png(640, 480).subarray(0, 20))).toEqual({ state: "incomplete", format: "png", need: 24 });
  });

  it("refuses a PNG whose first chunk is not IHDR or whose size is zero or out of range", () => {
    const noIhdr = bytes(PNG_SIGNATURE, u32be(13), "IDAT", u32be(1), u32be(1), [8, 6, 0, 0, 0]);
    expect(readImageHeader(noIhdr).state).toBe("invalid");
    expect(readImageHeader(png(0, 100)).state).toBe("invalid");
    expect(readImageHeader(png(0x80000000, 1)).state).toBe("invalid");
  });

  it("walks a JPEG's segments past EXIF and ICC data to its start-of-frame, whatever its type", () => {
    const exif = segment(0xe1, [...bytes("Exif\0\0"), ...new Array(3000).fill(0xab)]);
    const icc = segment(0xe2, new Array(60000).fill(0xff));
    const dqt = segment(0xdb, new Array(65).fill(1));
    expect(readImageHeader(jpeg(exif, icc, dqt, sof(0xc0, 4032, 3024)))).toEqual({
      state: "ok",
      format: "jpeg",
      width: 4032,
      height: 3024,
    });
    // Progressive (SOF2), with fill bytes and a restart marker before it.
    const progressive = bytes([0xff, 0xd8], [0xff, 0xff, 0xff], [0xff, 0xd0], sof(0xc2, 30000, 30000));
    expect(readImageHeader(progressive)).toMatchObject({ state: "ok", width: 30000, height: 30000 });
    // DHT (C4) and DAC (CC) sit in the SOF range but carry no size.
    const tables = jpeg(segment(0xc4, [0, ...new Array(16).fill(0)]), segment(0xcc, [0, 0]), sof(0xc1, 10, 20));
    expect(readImageHeader(tables)).toMatchObject({ state: "ok", width: 10, height: 20 });
  });

  it("asks for the bytes up to a JPEG's frame header when it lies beyond what was read", () => {
    const app = segment(0xe1, new Array(60000).fill(0));
    const whole = jpeg(app, app, sof(0xc0, 800, 600));
    let header = readImageHeader(whole.subarray(0, 1000));
    // A segment is skipped by its length: the next marker is the first byte asked for.
    expect(header).toEqual({ state: "incomplete", format: "jpeg", need: 2 + 60004 + 1 });
    let reads = 1;
    while (header.state === "incomplete" && reads < 10) {
      header = readImageHeader(whole.subarray(0, header.need));
      reads++;
    }
    expect(header).toMatchObject({ state: "ok", width: 800, height: 600 });
    expect(reads).toBeLessThan(10);
  });

  it("refuses a JPEG with image data, an end or a zero height before any frame header", () => {
    expect(readImageHeader(jpeg(segment(0xdb, [0]))).state).toBe("invalid");
    expect(readImageHeader(bytes([0xff, 0xd8, 0xff, 0xd9])).state).toBe("invalid");
    expect(readImageHeader(jpeg(sof(0xc0, 640, 0)))).toMatchObject({ state: "invalid", format: "jpeg" });
    expect(readImageHeader(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 1])).state).toBe("invalid");
  });

  it("reads lossy, lossless and extended WebP headers", () => {
    // Lossy: frame tag, start code, 14-bit sizes whose top two bits are a scale.
    const vp8 = riff("VP8 ", [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...u16le(1920 | 0x4000), ...u16le(1080), 0, 0]);
    expect(readImageHeader(vp8)).toEqual({ state: "ok", format: "webp", width: 1920, height: 1080 });
    // Lossless: signature 0x2F, then width - 1 and height - 1 in 14 bits each.
    const vp8l = riff("VP8L", [0x2f, ...u32le(16383 | (9999 << 14)), 0, 0, 0, 0, 0]);
    expect(readImageHeader(vp8l)).toEqual({ state: "ok", format: "webp", width: 16384, height: 10000 });
    // Extended: a 24-bit canvas, up to 16777216 on a side.
    const vp8x = riff("VP8X", [0x10, 0, 0, 0, ...u24le(29999), ...u24le(29999)]);
    expect(readImageHeader(vp8x)).toEqual({ state: "ok", format: "webp", width: 30000, height: 30000 });
    expect(readImageHeader(riff("VP8 ", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).state).toBe("invalid");
    expect(readImageHeader(riff("VP8L", [0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0])).state).toBe("invalid");
    expect(readImageHeader(riff("ALPH", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).state).toBe("invalid");
    expect(readImageHeader(vp8.subarray(0, 20))).toEqual({ state: "incomplete", format: "webp", need: 30 });
  });

  it("reads a GIF's logical screen", () => {
    expect(readImageHeader(bytes("GIF89a", u16le(65535), u16le(65535), [0]))).toEqual({
      state: "ok",
      format: "gif",
      width: 65535,
      height: 65535,
    });
  });

  it("says when the bytes are no picture at all", () => {
    expect(readImageHeader(bytes("RIFF", u32le(4), "WAVEfmt "))).toEqual({ state: "not-image" });
    expect(readImageHeader(bytes([0, 0, 0, 0x20], "ftypisom"))).toEqual({ state: "not-image" });
    expect(readImageHeader(new Uint8Array())).toEqual({ state: "not-image" });
  });
});

describe("imageTooLarge", () => {
  it("takes a 48 MP phone photo and a long panorama within both limits", () => {
    expect(imageTooLarge({ width: 8064, height: 6048 })).toBe(false);
    expect(imageTooLarge({ width: IMAGE_MAX_SIDE, height: 4000 })).toBe(false);
  });

  it("refuses more pixels than the limit, or a side longer than the limit", () => {
    expect(imageTooLarge({ width: 30000, height: 30000 })).toBe(true);
    expect(imageTooLarge({ width: 7100, height: 7100 })).toBe(true);
    expect(imageTooLarge({ width: IMAGE_MAX_PIXELS / 5000, height: 5000 })).toBe(false);
    expect(imageTooLarge({ width: IMAGE_MAX_SIDE + 1, height: 100 })).toBe(true);
  });
});
