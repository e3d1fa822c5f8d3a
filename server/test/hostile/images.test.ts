import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { crc32, deflateSync } from "node:zlib";
import { messages } from "@reelsmith/core";
import { ImageTooLargeError } from "@reelsmith/render";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FfmpegModelPhotos } from "../../src/repositories/llm.repository.ts";
import type { LocalStorage } from "../../src/repositories/storage/local-storage.ts";
import { TestRenderer } from "../fakes/test-renderer.ts";
import { createHarness, type Harness, json } from "../harness.ts";
import { testMedia } from "../media.ts";
import { makeMediaFixtures } from "../media-fixtures.ts";

/**
 * Decompression bombs: a small file whose headers claim a huge picture. Decoding a 30000 x 30000 PNG
 * takes gigabytes; the upload reads its size from its headers and refuses it before anything is stored.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of one-bit grey pixels, all black: its zero scanlines deflate to almost nothing. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG segment: marker, length and payload. */
function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** A JPEG's bytes with `count` APP1 segments of `size` bytes (EXIF, XMP...) before its frame header. */
function withMetadata(jpeg: Buffer, count: number, size: number): Buffer {
  const app1 = segment(0xe1, Buffer.alloc(size, 0x20));
  return Buffer.concat([jpeg.subarray(0, 2), ...Array.from({ length: count }, () => app1), jpeg.subarray(2)]);
}

/** A baseline JPEG frame header claiming `width` x `height`, after 200 KB of metadata, then junk. */
function jpegBomb(width: number, height: number): Buffer {
  const sof = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const app1 = segment(0xe1, Buffer.alloc(50_000, 0x20));
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, app1, app1, app1, segment(0xc0, sof), Buffer.alloc(4000)]);
}

/** An extended WebP (VP8X) whose canvas is `width` x `height`. */
function webpBomb(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from("VP8X"), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from("RIFF"), size, Buffer.from("WEBP"), chunk]);
}

let jpg: Buffer;
beforeAll(() => {
  jpg = fs.readFileSync(makeMediaFixtures().jpg);
});

describe("picture uploads", () => {
  let h: Harness;
  let cookie: string;
  beforeEach(async () => {
    h = await createHarness("pglite");
    cookie = (await h.signUp("bombs@example.com")).cookie;
  });
  afterEach(async () => {
    await h.close();
  });

  const upload = (file: Buffer, name: string, type: string) => {
    const body = new FormData();
    body.set("type", type);
    body.set("file", new Blob([new Uint8Array(file)]), name);
    return h.request("/api/files", { method: "POST", body, cookie });
  };

  /** Every stored object under the local storage root (type sidecar files excluded). */
  const storedObjects = () => {
    const root = (h.ctx.storage as LocalStorage).pathOf("x").replace(/\/x$/, "");
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => fs.statSync(path.join(root, f)).isFile() && !f.endsWith(".type"),
    );
  };
  const listed = async (): Promise<unknown[]> => (await json(h.request("/api/files", { cookie }))).items;

  it("refuses a 30000 x 30000 PNG of under 1 MB, and stores nothing", async () => {
    const bomb = pngBomb(30000, 30000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    for (const type of ["product-image", "green-screen"]) {
      const refused = await upload(bomb, "photo.png", type);
      expect(refused.status).toBe(413);
      expect(await json(refused)).toMatchObject({
        code: "PAYLOAD_TOO_LARGE",
        message: messages.files.imageTooLarge,
      });
    }
    expect(storedObjects()).toEqual([]);
    expect(await listed()).toEqual([]);
  });

  it("refuses a JPEG whose frame header, past 200 KB of metadata, claims 30000 x 30000", async () => {
    const refused = await upload(jpegBomb(30000, 30000), "photo.jpg", "product-image");
    expect(refused.status).toBe(413);
    expect((await json(refused)).message).toBe(messages.files.imageTooLarge);
    expect(storedObjects()).toEqual([]);
  });

  it("refuses a WebP whose canvas is 16000 x 4000 (64 megapixels) and one 12001 px wide", async () => {
    for (const bomb of [webpBomb(16000, 4000), webpBomb(12001, 100)]) {
      const refused = await upload(bomb, "photo.webp", "product-image");
      expect(refused.status).toBe(413);
      expect((await json(refused)).message).toBe(messages.files.imageTooLarge);
    }
    expect(storedObjects()).toEqual([]);
  });

  it("refuses a picture whose size cannot be read from its header", async () => {
    // A PNG signature without its IHDR chunk; a JPEG cut off inside its metadata.
    const noIhdr = Buffer.concat([pngBomb(10, 10).subarray(0, 12), Buffer.from("IDAT"), Buffer.alloc(64)]);
    const cut = withMetadata(jpg, 1, 60_000).subarray(0, 30_000);
    for (const [file, name] of [
      [noIhdr, "p.png"],
      [cut, "p.jpg"],
    ] as const) {
      const refused = await upload(file, name, "product-image");
      expect(refused.status).toBe(415);
      expect((await json(refused)).message).toBe(messages.files.unsupportedImage);
    }
    expect(storedObjects()).toEqual([]);
  });

  it("does not decode a picture stored before uploads were checked for the language model", async () => {
    const key = "someone/product-image/old-bomb.png";
    await h.ctx.storage.put(key, Readable.from([pngBomb(30000, 30000)]), "image/png");
    const failure = await new FfmpegModelPhotos(h.ctx.storage).jpegDataUrl(key).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImageTooLargeError);
    expect(failure).toMatchObject({ width: 30000, height: 30000 });
  });

  it("stores a photo whose frame header comes after 600 KB of metadata, byte for byte", async () => {
    const heavy = withMetadata(jpg, 10, 60_000);
    const stored = await upload(heavy, "phone.jpg", "product-image");
    expect(stored.status).toBe(201);
    const created: { url: string; size: number } = await json(stored);
    expect(created.size).toBe(heavy.length);
    const served = Buffer.from(await (await h.request(created.url)).arrayBuffer());
    expect(served.equals(heavy)).toBe(true);
  });
});

describe("Reddit avatars", () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("refuses an avatar data URL of a 30000 x 30000 PNG, and makes no video", async () => {
    h = await createHarness("pglite", {}, { media: await testMedia(new TestRenderer()) });
    const { cookie } = await h.signUp("avatar.bomb@example.com");
    const avatar = `data:image/png;base64,${pngBomb(30000, 30000).toString("base64")}`;
    const body = {
      type: "reddit",
      input: {
        username: "Throw Away",
        post_title: "AITA for labelling my food?",
        script: "My roommate kept eating my lunch.",
        caption_style: "modern-bold",
        background_video: "minecraft",
        avatar_url: avatar,
      },
    };
    const refused = await h.request("/api/videos", { method: "POST", body: JSON.stringify(body), cookie });
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe(messages.files.imageTooLarge);
    expect((await json(h.request("/api/videos", { cookie }))).items).toEqual([]);
    const root = (h.ctx.storage as LocalStorage).pathOf("x").replace(/\/x$/, "");
    expect(fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }) : []).toEqual([]);
  });
});
