import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import {
  chromaKeyAlpha,
  chromaKeyAlphaFromDistance,
  chromaKeyDistance,
  GREEN_SCREEN_CAPTION,
  GREEN_SCREEN_CAPTION_MAX,
  GREEN_SCREEN_KEY,
  greenScreenCaptionLayout,
} from "@reelsmith/core";
import { loadLibrary } from "@reelsmith/library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFace } from "../src/captions/fonts.ts";
import { safeAreaZones } from "../src/captions/safe-area.ts";
import { ffColor } from "../src/composition/expr.ts";
import { greenScreenCaptionMeasure, renderGreenScreenCaption } from "../src/recipes/green-screen.ts";

/**
 * The green-screen layout core shares with the builder's preview, checked against what the engine
 * really draws: core's chroma key against ffmpeg's chromakey filter on real pixels, and the caption
 * as drawn in the real font, inside the platforms' safe area.
 */

const exec = promisify(execFile);
const KEY = `chromakey=color=${ffColor(GREEN_SCREEN_KEY.color)}:similarity=${GREEN_SCREEN_KEY.similarity}:blend=${GREEN_SCREEN_KEY.blend}`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-green-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function raw(args: string[]): Promise<Buffer> {
  const { stdout } = await exec("ffmpeg", ["-hide_banner", "-loglevel", "error", ...args, "-f", "rawvideo", "-"], {
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

interface Readings {
  width: number;
  height: number;
  /** The frame as the browser decodes it (BT.709 limited range to full-range RGB). */
  rgb: Buffer;
  /** Its stored chroma planes (4:2:0). */
  u: Buffer;
  v: Buffer;
  /** ffmpeg's alpha, and the luma of the keyed frame over black and over white. */
  alpha: Buffer;
  overBlack: Buffer;
  overWhite: Buffer;
}

/**
 * One frame of `input` (a yuv420p BT.709 file), after the filters `pre` (a crop), read and keyed by
 * ffmpeg the way the render keys it.
 */
async function readFrame(input: string[], pre: string, width: number, height: number): Promise<Readings> {
  const frame = (filters: string) => [...input, "-frames:v", "1", "-vf", [pre, filters].filter(Boolean).join(",")];
  const yuv = await raw(frame("format=yuv420p"));
  const plane = width * height;
  const over = (color: string) =>
    raw([
      ...input,
      "-filter_complex",
      `color=c=${color}:s=${width}x${height}:r=30,format=yuv420p[bg];[0:v]${pre ? `${pre},` : ""}format=yuva420p,${KEY}[k];[bg][k]overlay=shortest=1,format=gray`,
      "-frames:v",
      "1",
    ]);
  return {
    width,
    height,
    rgb: await raw(frame("scale=in_color_matrix=bt709:in_range=tv:out_range=pc,format=rgb24")),
    u: yuv.subarray(plane, plane + plane / 4),
    v: yuv.subarray(plane + plane / 4, plane + plane / 2),
    alpha: await raw(frame(`format=yuva420p,${KEY},alphaextract,format=gray`)),
    overBlack: await over("black"),
    overWhite: await over("white"),
  };
}

/** ffmpeg's chromakey for one pixel: the distance averaged over the 3x3 neighbourhood's chroma samples. */
function filterAlpha(f: Readings, x: number, y: number): number {
  const cw = f.width / 2;
  let sum = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const i = ((y + dy) >> 1) * cw + ((x + dx) >> 1);
      sum += chromaKeyDistance(f.u[i] as number, f.v[i] as number);
    }
  }
  return chromaKeyAlphaFromDistance(sum / 9);
}

/** The alpha a keyed pixel had, from its luma over black and over white (overlay blends luma by alpha). */
function estimatedAlpha(f: Readings, x: number, y: number, bg: { black: number; white: number }): number {
  const i = y * f.width + x;
  return 1 - ((f.overWhite[i] as number) - (f.overBlack[i] as number)) / (bg.white - bg.black);
}

function coreAlpha(f: Readings, x: number, y: number): number {
  const i = (y * f.width + x) * 3;
  return chromaKeyAlpha(f.rgb[i] as number, f.rgb[i + 1] as number, f.rgb[i + 2] as number);
}

/** Whether the pixel's 3x3 neighbourhood is one colour (where a single-pixel key equals the filter's). */
function flat(f: Readings, x: number, y: number): boolean {
  const at = (px: number, py: number) => (py * f.width + px) * 3;
  const c = at(x, y);
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const o = at(x + dx, y + dy);
      for (let k = 0; k < 3; k++) if (Math.abs((f.rgb[o + k] as number) - (f.rgb[c + k] as number)) > 3) return false;
    }
  }
  return true;
}

function backgroundLuma(f: Readings): { black: number; white: number } {
  // The top-left pixel is pure screen: fully keyed, so it shows the backdrop alone.
  expect(f.alpha[f.width + 1]).toBe(0);
  return { black: f.overBlack[f.width + 1] as number, white: f.overWhite[f.width + 1] as number };
}

describe("chromaKeyAlpha agrees with ffmpeg's chromakey", () => {
  it("on gradients from the screen to a subject's colours", async () => {
    const [width, height] = [160, 64];
    // Four bands, each fading from #00FF00 (x < 16) to a colour (x >= 144): grey, yellow, black, white.
    const targets = [
      [128, 128, 128],
      [255, 222, 0],
      [0, 0, 0],
      [255, 255, 255],
    ];
    const t = "clip((X-16)/128,0,1)";
    const pick = (k: number) =>
      targets.map((c, band) => `(between(Y,${band * 16},${band * 16 + 15})*${c[k]})`).join("+");
    const file = join(dir, "gradient.nut");
    await exec("ffmpeg", [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `color=c=black:s=${width}x${height}:r=30,format=rgb24,geq=r='(${pick(0)})*${t}':g='255*(1-${t})+(${pick(1)})*${t}':b='(${pick(2)})*${t}'`,
      "-frames:v",
      "1",
      "-vf",
      "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
      "-color_range",
      "tv",
      "-colorspace",
      "bt709",
      "-c:v",
      "rawvideo",
      file,
    ]);
    const f = await readFrame(["-i", file], "", width, height);
    const bg = backgroundLuma(f);
    let ramp = 0;
    for (let band = 0; band < 4; band++) {
      const y = band * 16 + 8;
      for (let x = 2; x < width - 2; x += 2) {
        const ffmpeg = (f.alpha[y * width + x] as number) / 255;
        // The filter's own arithmetic, exactly (it stores floor(alpha * 255)).
        expect(
          Math.abs(Math.floor(filterAlpha(f, x, y) * 255) - (f.alpha[y * width + x] as number)),
        ).toBeLessThanOrEqual(1);
        // The picture it leaves over black and white says the same.
        expect(Math.abs(estimatedAlpha(f, x, y, bg) - ffmpeg)).toBeLessThan(0.03);
        // And core's single-pixel key, from the RGB a browser decodes, agrees along the smooth ramp.
        expect(Math.abs(coreAlpha(f, x, y) - estimatedAlpha(f, x, y, bg))).toBeLessThan(0.05);
        if (ffmpeg > 0.05 && ffmpeg < 0.95) ramp++;
      }
    }
    // The bands cross the key's blend, so partly keyed pixels were compared, not only 0 and 1.
    expect(ramp).toBeGreaterThan(8);
  });

  const libraryMeme = async (): Promise<string | null> => {
    try {
      const library = await loadLibrary();
      const asset = library.get("meme", "stonks");
      return asset ? library.path(asset) : null;
    } catch {
      return null;
    }
  };

  it("on a library meme's edges and colours", async (ctx) => {
    const meme = await libraryMeme();
    if (!meme || !existsSync(meme)) return ctx.skip();
    // 240x200 of the "STONKS" title (yellow, black outline) over the screen, at 0.5 s.
    const [width, height] = [240, 200];
    const f = await readFrame(["-ss", "0.5", "-i", meme], `crop=${width}:${height}:240:0`, width, height);
    const bg = backgroundLuma(f);
    let edges = 0;
    let flats = 0;
    for (let y = 2; y < height - 2; y++) {
      for (let x = 2; x < width - 2; x++) {
        const ffmpeg = (f.alpha[y * width + x] as number) / 255;
        expect(Math.abs(Math.floor(filterAlpha(f, x, y) * 255) - ffmpeg * 255)).toBeLessThanOrEqual(1);
        if (ffmpeg > 0.05 && ffmpeg < 0.95) {
          // On the edges the estimate from the blended luma is rougher (overlay's 8-bit blend).
          edges++;
          expect(Math.abs(estimatedAlpha(f, x, y, bg) - ffmpeg)).toBeLessThan(0.06);
        }
        if (flat(f, x, y)) {
          flats++;
          expect(Math.abs(coreAlpha(f, x, y) - estimatedAlpha(f, x, y, bg))).toBeLessThan(0.03);
        }
      }
    }
    expect(edges).toBeGreaterThan(50);
    expect(flats).toBeGreaterThan(10_000);
  });
});

describe("the caption core lays out, as the engine draws it", () => {
  it("is set in the font file core names", () => {
    const face = findFace(GREEN_SCREEN_CAPTION.fontFamily, GREEN_SCREEN_CAPTION.fontWeight, false);
    expect(face).toMatchObject({
      family: GREEN_SCREEN_CAPTION.fontFamily,
      weight: GREEN_SCREEN_CAPTION.fontWeight,
      pkg: GREEN_SCREEN_CAPTION.fontPackage,
      file: GREEN_SCREEN_CAPTION.fontFile,
    });
  });

  const captions = [
    "bruh",
    "me watching my bank account after one weekend out",
    "POV: you finally found the perfect green screen meme 😂🔥",
    "when the group chat finally agrees on a plan and then nobody shows up, every single time, without fail, and you were the one who drove",
    "WHEN THE GROUP CHAT FINALLY AGREES ON A PLAN AND THEN NOBODY SHOWS UP, EVERY SINGLE TIME, WITHOUT FAIL, AND YOU WERE THE ONE WHO DROVE",
    "supercalifragilisticexpialidociousandthensomemoreletters okay",
    "M".repeat(GREEN_SCREEN_CAPTION_MAX),
  ];

  it.each(captions)("keeps %j clear of the platforms' zones", (text) => {
    const layout = greenScreenCaptionLayout(text, greenScreenCaptionMeasure());
    for (const line of layout.lines) {
      const rect = { left: line.x, top: line.y, right: line.x + line.width, bottom: line.y + line.height };
      expect(safeAreaZones(rect)).toEqual([]);
    }
    const t = layout.text;
    expect(safeAreaZones({ left: t.x, top: t.y, right: t.x + t.width, bottom: t.y + t.height })).toEqual([]);
    expect(layout.band.height).toBeGreaterThan(t.y + t.height);
  });

  it("draws black lines on a white band, where the layout puts them", async () => {
    const { png, layout } = renderGreenScreenCaption("me watching my bank account after one weekend out");
    await writeFile(join(dir, "caption.png"), png);
    const image = await loadImage(png);
    expect([image.width, image.height]).toEqual([layout.band.width, layout.band.height]);
    const ctx = createCanvas(image.width, image.height).getContext("2d");
    ctx.drawImage(image, 0, 0);
    const pixels = ctx.getImageData(0, 0, image.width, image.height).data;
    const dark = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = Math.max(0, Math.floor(y0)); y < Math.min(image.height, Math.ceil(y1)); y++) {
        for (let x = Math.max(0, Math.floor(x0)); x < Math.min(image.width, Math.ceil(x1)); x++) {
          if ((pixels[(y * image.width + x) * 4] as number) < 64) n++;
        }
      }
      return n;
    };
    expect(layout.lines).toHaveLength(3);
    for (const line of layout.lines) {
      // Ink inside each line's box, none beside it.
      expect(dark(line.x, line.y, line.x + line.width, line.y + line.height)).toBeGreaterThan(2000);
      expect(dark(0, line.y, line.x - 4, line.y + line.height)).toBe(0);
      expect(dark(line.x + line.width + 4, line.y, image.width, line.y + line.height)).toBe(0);
    }
    expect(dark(0, 0, image.width, layout.text.y - 20)).toBe(0);
    expect(pixels.slice(0, 4)).toEqual(new Uint8ClampedArray([255, 255, 255, 255]));
  });
});
