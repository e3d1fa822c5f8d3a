import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { greenScreenInputSchema, redditInputSchema, ugcAdsInputSchema } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareUgcStage } from "../src/cards/product-stage.ts";
import { parseComposition } from "../src/composition/schema.ts";
import { ImageTooLargeError, MissingInputError, UnsupportedMediaError } from "../src/errors.ts";
import {
  checkPictureSize,
  loadPicture,
  PICTURE_MAX_SIDE,
  preparePicture,
  readPictureSize,
} from "../src/pictures/picture.ts";
import { produceVideo } from "../src/pipeline/produce.ts";
import { checkInputs } from "../src/render.ts";
import { ffmpeg, ToneTts } from "./fixtures.ts";

/**
 * Pictures from users are checked by their headers and decoded only by ffmpeg into a small PNG: a
 * decompression bomb (a small file claiming a huge size) is refused before anything decodes it.
 */

let dir: string;
let bomb: string;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of `width` x `height` grey pixels (one bit each unless told), all black: its zero scanlines deflate to
 * about a thousandth of their size (30000 x 30000 px is about 110 KB).
 */
function pngBomb(width: number, height: number, bitDepth: 1 | 8 = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = 0; // greyscale
  const scanline = 1 + Math.ceil((width * bitDepth) / 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(scanline * height), { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG's bytes with extra APP segments (EXIF, XMP...) of `size` bytes each inserted after SOI. */
function withMetadata(jpeg: Buffer, segments: number, size: number): Buffer {
  const segment = Buffer.alloc(4 + size, 0x20);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(size + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), ...Array.from({ length: segments }, () => segment), jpeg.subarray(2)]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-pictures-"));
  bomb = join(dir, "bomb.png");
  await writeFile(bomb, pngBomb(30000, 30000));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const scratch = async (name: string) => {
  const path = join(dir, name);
  await mkdir(path, { recursive: true });
  return path;
};

describe("a 30000 x 30000 PNG under 1 MB", () => {
  it("is a valid picture file, and small", async () => {
    const bytes = await readFile(bomb);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expect(await readPictureSize(bomb)).toEqual({ format: "png", width: 30000, height: 30000 });
  });

  it("is refused by its header before ffmpeg or the canvas decodes it", async () => {
    const work = await scratch("refused");
    const output = join(work, "out.png");
    const failures = await Promise.all([
      checkPictureSize(bomb).catch((e: unknown) => e),
      preparePicture(bomb, output).catch((e: unknown) => e),
      loadPicture(bomb).catch((e: unknown) => e),
    ]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ImageTooLargeError);
      expect(failure).toMatchObject({ code: "UNSUPPORTED_MEDIA", width: 30000, height: 30000 });
      expect((failure as Error).message).toContain("30000 x 30000 pixels");
    }
    // ffmpeg never ran: it would have written its picture.
    expect(existsSync(output)).toBe(false);
  });

  it("fails the UGC stage before anything is drawn", async () => {
    const work = await scratch("ugc-stage");
    const failure = await prepareUgcStage(bomb, work).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImageTooLargeError);
    expect(await readdir(work)).toEqual([]);
  });

  it("fails a composition that shows it, in the input check", async () => {
    const composition = parseComposition({
      duration: 2,
      layers: [{ kind: "image", src: bomb, start: 0, end: 2 }],
      audio: [],
    });
    await expect(checkInputs(composition)).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it("fails UGC ad, green-screen and Reddit videos made with it before the encoder starts", async () => {
    const spawned: number[] = [];
    const tts = new ToneTts(0.25);
    const music = join(dir, "music.mp3");
    const meme = join(dir, "meme.mp4");
    await ffmpeg(["-f", "lavfi", "-i", "sine=frequency=220:duration=3", "-c:a", "libmp3lame", music]);
    await ffmpeg(["-f", "lavfi", "-i", "color=c=0x00FF00:s=320x320:r=30:d=3", "-pix_fmt", "yuv420p", meme]);
    const ugc = produceVideo({
      type: "ugc-ads",
      input: ugcAdsInputSchema.parse({
        product_image_id: "00000000-0000-4000-8000-000000000001",
        gender: "male",
        background_music: "upbeat",
        captions: false,
        product_name: "Glow Serum",
        hook: "Wow",
        ad_copy: "Buy this",
      }),
      assets: { productImage: bomb, music },
      tts,
      workDir: await scratch("ugc"),
      onSpawn: (pid) => spawned.push(pid),
    });
    const green = produceVideo({
      type: "green-screen",
      input: greenScreenInputSchema.parse({
        text_hook: "me when the wifi comes back",
        selected_meme: "dancing-guy",
        background_file_id: "00000000-0000-4000-8000-000000000001",
        song: "lofi",
      }),
      assets: { meme, background: bomb, music },
      workDir: await scratch("green"),
      onSpawn: (pid) => spawned.push(pid),
    });
    const reddit = produceVideo({
      type: "reddit",
      input: redditInputSchema.parse({
        username: "Night Owl",
        post_title: "3am?",
        script: "Footsteps upstairs",
        caption_style: "shadow",
        background_video: "minecraft",
        background_music: "lofi",
      }),
      assets: { background: meme, music, avatar: bomb },
      tts,
      workDir: await scratch("reddit"),
      onSpawn: (pid) => spawned.push(pid),
    });
    for (const failure of await Promise.all([ugc, green, reddit].map((p) => p.catch((e: unknown) => e)))) {
      expect(failure).toBeInstanceOf(ImageTooLargeError);
    }
    expect(spawned).toEqual([]);
  });
});

describe("preparePicture", () => {
  it("brings a large photo down to PICTURE_MAX_SIDE on its longest side, as a PNG", async () => {
    const src = join(dir, "wide.jpg");
    await ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=4000x1600", "-frames:v", "1", src]);
    const output = join(dir, "wide.png");
    expect(await preparePicture(src, output)).toEqual({ width: PICTURE_MAX_SIDE, height: 864 });
    expect(await readPictureSize(output)).toMatchObject({ format: "png" });
  });

  it("decodes a picture right at the limit (7071 x 7071, 49.99 megapixels)", async () => {
    const src = join(dir, "at-limit.png");
    await writeFile(src, pngBomb(7071, 7071, 8));
    expect(await preparePicture(src, join(dir, "at-limit-prepared.png"))).toEqual({
      width: PICTURE_MAX_SIDE,
      height: PICTURE_MAX_SIDE,
    });
  });

  it("keeps a small picture's size and its transparency", async () => {
    const canvas = createCanvas(300, 200);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "rgba(200, 30, 30, 0.5)";
    ctx.fillRect(0, 0, 150, 200);
    const src = join(dir, "half.png");
    await writeFile(src, canvas.toBuffer("image/png"));
    const output = join(dir, "half-prepared.png");
    expect(await preparePicture(src, output)).toEqual({ width: 300, height: 200 });
    const img = await loadImage(output);
    const out = createCanvas(300, 200).getContext("2d");
    out.drawImage(img, 0, 0);
    expect(Math.abs((out.getImageData(50, 100, 1, 1).data[3] ?? 0) - 128)).toBeLessThanOrEqual(2);
    expect(out.getImageData(250, 100, 1, 1).data[3]).toBe(0);
  });

  it("takes a smaller side for a picture drawn small", async () => {
    const src = join(dir, "tall.webp");
    await ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1000x2000", "-frames:v", "1", "-c:v", "libwebp", src]);
    expect(await preparePicture(src, join(dir, "tall.png"), { maxSide: 512 })).toEqual({ width: 256, height: 512 });
  });

  it("turns a phone photo upright by its EXIF orientation, as the canvas would", async () => {
    const plain = join(dir, "landscape.jpg");
    await ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=400x200", "-frames:v", "1", plain]);
    // EXIF (little-endian TIFF) with one tag: Orientation = 6, "rotate 90 degrees clockwise".
    const tiff = Buffer.from("49492a00080000000100120103000100000006000000000000", "hex");
    const exif = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
    const app1 = Buffer.alloc(4);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(exif.length + 2, 2);
    const bytes = await readFile(plain);
    const rotated = join(dir, "rotated.jpg");
    await writeFile(rotated, Buffer.concat([bytes.subarray(0, 2), app1, exif, bytes.subarray(2)]));
    const canvasView = await loadImage(rotated);
    expect([canvasView.width, canvasView.height]).toEqual([200, 400]);
    expect(await preparePicture(rotated, join(dir, "rotated.png"))).toEqual({ width: 200, height: 400 });
  });

  it("decodes a small picture ffmpeg cannot read (an animated WebP) with the canvas instead", async () => {
    const src = join(dir, "animated.webp");
    await ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=400x200:r=5:d=1", "-c:v", "libwebp_anim", "-loop", "0", src]);
    expect(await preparePicture(src, join(dir, "animated.png"), { maxSide: 100 })).toEqual({ width: 100, height: 50 });
    expect(await readPictureSize(join(dir, "animated.png"))).toMatchObject({ format: "png" });
  });

  it("refuses a file that is not a picture, one whose header is cut short, and a missing one", async () => {
    const text = join(dir, "notes.png");
    await writeFile(text, "not a picture at all");
    await expect(preparePicture(text, join(dir, "x.png"))).rejects.toBeInstanceOf(UnsupportedMediaError);
    const cut = join(dir, "cut.jpg");
    await writeFile(cut, Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x10, 0x00, 0x45, 0x78]));
    await expect(readPictureSize(cut)).rejects.toThrow(/size could not be read/);
    await expect(preparePicture(join(dir, "gone.jpg"), join(dir, "y.png"))).rejects.toBeInstanceOf(MissingInputError);
  });
});

describe("readPictureSize", () => {
  it("finds a JPEG's size past metadata larger than its first read", async () => {
    const plain = join(dir, "meta-plain.jpg");
    await ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=640x480", "-frames:v", "1", plain]);
    const heavy = join(dir, "meta-heavy.jpg");
    // 5 segments of 60 KB: the frame header lies about 300 KB into the file.
    await writeFile(heavy, withMetadata(await readFile(plain), 5, 60_000));
    expect(await readPictureSize(heavy)).toEqual({ format: "jpeg", width: 640, height: 480 });
    // ffmpeg reads it too: the segments are well formed.
    expect(await preparePicture(heavy, join(dir, "meta.png"))).toEqual({ width: 640, height: 480 });
  });
});
