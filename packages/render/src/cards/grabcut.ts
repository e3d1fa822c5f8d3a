import { createRequire } from "node:module";
import type { Matte, RgbaImage } from "./cutout.ts";
import { morph, regions } from "./mask.ts";

/**
 * Cutting a product out of a busy photo (a patterned table, a shelf, a room) with OpenCV's GrabCut: colour
 * models of the product and of its surroundings, refined with a graph cut over the picture's edges. It is
 * seeded the way the photo guidelines ask creators to shoot: the product in the middle of the frame with
 * room around it, so a margin along the top and sides is certainly not the product; it may stand on the
 * bottom edge. This module owns the OpenCV runtime (WebAssembly, loaded once on first use).
 */

/** The parts of OpenCV.js used here (its bundled types do not declare grabCut). */
interface Mat {
  data: Uint8Array;
  delete(): void;
}
interface OpenCv {
  Mat: new (rows?: number, cols?: number, type?: number) => Mat;
  Rect: new (x: number, y: number, width: number, height: number) => unknown;
  CV_8UC3: number;
  GC_INIT_WITH_RECT: number;
  grabCut(img: Mat, mask: Mat, rect: unknown, bgd: Mat, fgd: Mat, iterations: number, mode: number): void;
}

export const GRABCUT = {
  /** Longest side of the copy segmented (GrabCut's time grows with the pixels: ~0.2 s at 320x240). */
  side: 400,
  /** The seed: a margin this share of each side along the top, left and right is the surroundings. */
  margin: 0.04,
  iterations: 5,
  /** Holes inside the product up to this share of its area are filled (a reflection, a shadowed crease). */
  maxHole: 0.02,
  /**
   * Taking the ground off (see withoutGround): the lowest `share` of what was found is looked at; colours
   * binned by chromaticity (`bins` a side); darker than `darkSum` (r + g + b) too dark to bin; a colour is the
   * ground when it is `ratio` times as common around the seed as in the product's upper part, or, too dark,
   * when the upper part has under `rare` of such darkness.
   */
  ground: { share: 0.3, bins: 24, darkSum: 90, ratio: 2, rare: 0.03 },
  /** Edge softness after scaling the matte up: alpha ramps over this band of the mask's blurred value. */
  ramp: [0.3, 0.7] as const,
} as const;

let runtime: Promise<OpenCv> | null = null;

/** OpenCV.js, loaded once. Its module is a thenable that resolves to itself: `then` is removed to await it. */
function openCv(): Promise<OpenCv> {
  runtime ??= new Promise<OpenCv>((resolve, reject) => {
    try {
      const module = createRequire(import.meta.url)("@techstark/opencv-js") as OpenCv & {
        then?: (f: (m: OpenCv & { then?: unknown }) => void) => void;
      };
      if (typeof module.then !== "function") {
        resolve(module);
        return;
      }
      module.then((ready) => {
        delete ready.then;
        resolve(ready);
      });
    } catch (error) {
      runtime = null;
      reject(error);
    }
  });
  return runtime;
}

/** A copy at most `side` on its longest side (box-averaged), as packed RGB. */
function smallRgb(img: RgbaImage, side: number): { rgb: Uint8Array; width: number; height: number } {
  const scale = Math.min(1, side / Math.max(img.width, img.height));
  const width = Math.max(8, Math.round(img.width * scale));
  const height = Math.max(8, Math.round(img.height * scale));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * img.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * img.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * img.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * img.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * img.width + sx) * 4;
          r += img.data[i] as number;
          g += img.data[i + 1] as number;
          b += img.data[i + 2] as number;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 3;
      rgb[o] = r / n;
      rgb[o + 1] = g / n;
      rgb[o + 2] = b / n;
    }
  }
  return { rgb, width, height };
}

/**
 * The product in GrabCut's answer: threads a pixel wide (an anti-aliased edge taken for the product) are
 * opened away, the largest region kept, and holes in it up to `maxHole` of its size filled (a reflection, a
 * shadowed crease); larger ones (a mug's handle) stay open.
 */
export function solidProduct(mask: Uint8Array, width: number, height: number, maxHole: number): Uint8Array {
  const opened = morph(morph(mask, width, height, 1, false), width, height, 1, true);
  const product = regions(opened, width, height);
  let best = 0;
  for (let l = 1; l < product.sizes.length; l++) if ((product.sizes[l] ?? 0) > (product.sizes[best] ?? 0)) best = l;
  const out = new Uint8Array(mask.length);
  if (best === 0) return out;
  for (let i = 0; i < mask.length; i++) out[i] = product.labels[i] === best ? 1 : 0;
  const gaps = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) gaps[i] = out[i] ? 0 : 1;
  const holes = regions(gaps, width, height);
  const onBorder = new Set<number>();
  for (let x = 0; x < width; x++)
    onBorder.add(holes.labels[x] as number).add(holes.labels[(height - 1) * width + x] as number);
  for (let y = 0; y < height; y++)
    onBorder.add(holes.labels[y * width] as number).add(holes.labels[y * width + width - 1] as number);
  const limit = (product.sizes[best] ?? 0) * maxHole;
  for (let i = 0; i < mask.length; i++) {
    const l = holes.labels[i] as number;
    if (l && !onBorder.has(l) && (holes.sizes[l] ?? 0) <= limit) out[i] = 1;
  }
  return out;
}

/** A colour's chromaticity bin (its hue and saturation whatever its brightness), or -1 for a pixel too dark to tell. */
function chromaBin(r: number, g: number, b: number): number {
  const sum = r + g + b;
  if (sum < GRABCUT.ground.darkSum) return -1;
  const n = GRABCUT.ground.bins;
  return Math.min(n - 1, Math.floor((r / sum) * n)) * n + Math.min(n - 1, Math.floor((g / sum) * n));
}

/**
 * The ground under the product taken off: the seed is open at the bottom (the product may stand on the
 * photo's edge), so the table top and the shadow under a product can be taken for it. In the lowest part of
 * what was found, a pixel whose chromaticity (its colour whatever its brightness: a shadow is the table,
 * darker) is common in the seed's margins and rare in the product's upper part is the ground; too dark to
 * tell, it is the ground where the product's upper part has little of that darkness.
 */
function withoutGround(
  mask: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  rect: { x: number; y: number; w: number; h: number },
): Uint8Array {
  const n = GRABCUT.ground.bins;
  const around = new Float64Array(n * n + 1);
  const upper = new Float64Array(n * n + 1);
  let aroundCount = 0;
  let upperCount = 0;
  let top = height;
  let bottom = -1;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const y = Math.floor(i / width);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  if (bottom < 0) return mask;
  const groundFrom = top + (bottom - top) * (1 - GRABCUT.ground.share);
  const binOf = (i: number) => chromaBin(rgb[i * 3] as number, rgb[i * 3 + 1] as number, rgb[i * 3 + 2] as number) + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const outside = y < rect.y || x < rect.x || x >= rect.x + rect.w;
      if (outside) {
        around[binOf(i)] = (around[binOf(i)] as number) + 1;
        aroundCount++;
      } else if (mask[i] && y < groundFrom) {
        upper[binOf(i)] = (upper[binOf(i)] as number) + 1;
        upperCount++;
      }
    }
  }
  if (aroundCount === 0 || upperCount === 0) return mask;
  /** Share of a bin and its neighbours (chromaticity shifts a little with light) in a histogram. */
  const near = (hist: Float64Array, bin: number, count: number) => {
    if (bin === 0) return (hist[0] as number) / count;
    const cell = bin - 1;
    const [r, g] = [Math.floor(cell / n), cell % n];
    let sum = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dg = -1; dg <= 1; dg++) {
        if (r + dr < 0 || r + dr >= n || g + dg < 0 || g + dg >= n) continue;
        sum += hist[(r + dr) * n + (g + dg) + 1] as number;
      }
    }
    return sum / count;
  };
  const out = mask.slice();
  for (let y = Math.ceil(groundFrom); y <= bottom; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      const bin = binOf(i);
      const fromAround = near(around, bin, aroundCount);
      const fromProduct = near(upper, bin, upperCount);
      if (bin === 0 ? fromProduct < GRABCUT.ground.rare : fromAround > GRABCUT.ground.ratio * fromProduct) out[i] = 0;
    }
  }
  return out;
}

/** The share of the photo's middle (a box a tenth of each side, around its centre) the product covers. */
function centreCover(mask: Uint8Array, width: number, height: number): number {
  const hw = Math.max(1, Math.round(width * 0.05));
  const hh = Math.max(1, Math.round(height * 0.05));
  const cx = Math.round(width / 2);
  const cy = Math.round(height / 2);
  let hit = 0;
  let count = 0;
  for (let y = cy - hh; y < cy + hh; y++) {
    for (let x = cx - hw; x < cx + hw; x++) {
      count++;
      if (mask[y * width + x]) hit++;
    }
  }
  return hit / count;
}

/**
 * How much of the seed's top, left or right line (the largest of the three shares) the product reaches,
 * counting it as reached where the product comes within `band` pixels of the line: the graph cut keeps the
 * product's edge a pixel or two inside the seed, where it really runs on out of the frame.
 */
function seedTouch(mask: Uint8Array, width: number, rect: { x: number; y: number; w: number; h: number }): number {
  const band = 3;
  const near = (x: number, y: number, dx: number, dy: number) => {
    for (let k = 0; k < band; k++) if (mask[(y + dy * k) * width + x + dx * k]) return true;
    return false;
  };
  const share = (count: number, hit: (k: number) => boolean) => {
    let n = 0;
    for (let k = 0; k < count; k++) if (hit(k)) n++;
    return count > 0 ? n / count : 0;
  };
  return Math.max(
    share(rect.w, (k) => near(rect.x + k, rect.y, 0, 1)),
    share(rect.h, (k) => near(rect.x, rect.y + k, 1, 0)),
    share(rect.h, (k) => near(rect.x + rect.w - 1, rect.y + k, -1, 0)),
  );
}

/**
 * The product's matte in a busy photo, at the photo's size: GrabCut on a copy GRABCUT.side long, its largest
 * region with small holes filled, scaled up with a soft edge. `seedTouch` is the largest share of the seed's
 * top or side lines the product reaches: where it is more than a little, the product likely runs out of the
 * frame or the surroundings were taken for it, and the matte is not to be trusted. `centre` is the share of
 * the photo's middle the product covers: the guidelines ask for it there.
 */
export async function grabCutMatte(img: RgbaImage): Promise<{ matte: Matte; seedTouch: number; centre: number }> {
  const cv = await openCv();
  const small = smallRgb(img, GRABCUT.side);
  const { width: w, height: h } = small;
  const margin = Math.max(2, Math.round(Math.min(w, h) * GRABCUT.margin));
  const rect = { x: margin, y: margin, w: w - 2 * margin, h: h - margin };
  const src = new cv.Mat(h, w, cv.CV_8UC3);
  const mask = new cv.Mat();
  const bgd = new cv.Mat();
  const fgd = new cv.Mat();
  let product: Uint8Array;
  try {
    src.data.set(small.rgb);
    cv.grabCut(
      src,
      mask,
      new cv.Rect(rect.x, rect.y, rect.w, rect.h),
      bgd,
      fgd,
      GRABCUT.iterations,
      cv.GC_INIT_WITH_RECT,
    );
    // 1: certainly the product, 3: probably; 0 and 2 the surroundings.
    const raw = new Uint8Array(w * h);
    for (let i = 0; i < raw.length; i++) raw[i] = (mask.data[i] as number) & 1;
    product = solidProduct(
      withoutGround(solidProduct(raw, w, h, GRABCUT.maxHole), small.rgb, w, h, rect),
      w,
      h,
      GRABCUT.maxHole,
    );
  } finally {
    for (const m of [src, mask, bgd, fgd]) m.delete();
  }
  return {
    matte: scaledMatte(product, w, h, img.width, img.height),
    seedTouch: seedTouch(product, w, rect),
    centre: centreCover(product, w, h),
  };
}

/** A 0/1 mask scaled up bilinearly to the photo's size, blurred a little and ramped to a soft alpha. */
function scaledMatte(mask: Uint8Array, w: number, h: number, width: number, height: number): Matte {
  const alpha = new Uint8ClampedArray(width * height);
  const [lo, hi] = GRABCUT.ramp;
  let area = 0;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  const sample = (x: number, y: number) =>
    mask[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))] as number;
  for (let y = 0; y < height; y++) {
    const fy = ((y + 0.5) * h) / height - 0.5;
    const iy = Math.floor(fy);
    const ty = fy - iy;
    for (let x = 0; x < width; x++) {
      const fx = ((x + 0.5) * w) / width - 0.5;
      const ix = Math.floor(fx);
      const tx = fx - ix;
      const v =
        (sample(ix, iy) * (1 - tx) + sample(ix + 1, iy) * tx) * (1 - ty) +
        (sample(ix, iy + 1) * (1 - tx) + sample(ix + 1, iy + 1) * tx) * ty;
      const a = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
      alpha[y * width + x] = Math.round(a * 255);
      area += a;
      if (a > 0.03) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  const touch = (count: number, at: (k: number) => number) => {
    let hit = 0;
    for (let k = 0; k < count; k++) if ((alpha[at(k)] as number) >= 128) hit++;
    return hit / count;
  };
  return {
    alpha,
    width,
    height,
    bounds: x1 >= 0 ? { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 } : null,
    area: area / (width * height),
    touches: {
      top: touch(width, (k) => k),
      bottom: touch(width, (k) => (height - 1) * width + k),
      left: touch(height, (k) => k * width),
      right: touch(height, (k) => k * width + width - 1),
    },
  };
}
