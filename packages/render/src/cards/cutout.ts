import { type Canvas, createCanvas, type Image } from "@napi-rs/canvas";
import { UnsupportedMediaError } from "../errors.ts";
import { loadPicture } from "../pictures/picture.ts";
import { grabCutMatte } from "./grabcut.ts";
import { morph, regions } from "./mask.ts";

export { morph, regions } from "./mask.ts";

/** A GrabCut matte reaching more of its seed's top and side lines than this is not trusted (see grabCutMatte). */
const GRABCUT_MAX_SEED_TOUCH = 0.06;
/** The least share of the photo's middle (see grabCutMatte's `centre`) a GrabCut matte must cover. */
const GRABCUT_MIN_CENTRE = 0.5;

/**
 * Cutting a product out of its photo. A product shot on a plain backdrop (a sweep of paper, a wall, a
 * table top lit evenly) is cut out by how far each pixel's colour is from the backdrop; one on a busy
 * backdrop (a patterned table, a room) by GrabCut (./grabcut.ts). A photo whose product cannot be told
 * from its surroundings, or that it fills or runs out of, is kept whole. The matte functions are pure (RGBA in,
 * alpha out); `cutOutProduct` reads the file, bounds the work and writes nothing.
 */

/** An RGBA picture, 4 bytes a pixel, rows top to bottom (what a canvas's getImageData gives). */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export type Rgb = [number, number, number];

export const MATTE = {
  /** Longest side of the copy the backdrop is judged on. */
  analyseSide: 320,
  /** Longest side the matte and the cut-out are made at: no canvas here is larger. */
  workSide: 1600,
  /** The border band read for the backdrop, as a share of the shorter side. */
  borderShare: 0.025,
  /** A border pixel this far from the backdrop's median colour is not backdrop (the product reaching the edge). */
  outlierDistance: 60,
  /** How far border pixels stray from the smoothed backdrop on average before it counts as busy. */
  maxRoughness: 7,
  /** The share of the border that must look like backdrop. */
  minCoverage: 0.7,
  /** Colour distance ramp of the soft edge: at or below `low` backdrop, at or above `high` product. */
  low: 20,
  high: 42,
  /**
   * How much a pure change of brightness counts in the distance: darker than the backdrop counts
   * little (a shadow cast on the backdrop is not the product), lighter a bit more.
   */
  darkWeight: 0.32,
  lightWeight: 0.8,
  /** How much darkening counts when looking for grey parts of the product (see joinDarkParts). */
  darkPartWeight: 0.7,
  /** A faint difference (hue, or brighter) that still joins the product where it touches it. */
  faint: 6,
  /** Soft edge: pixels this far inside the product are opaque, this far outside it transparent. */
  edgePx: 2,
} as const;

/** The backdrop of a photo, read from its border. */
export interface Backdrop {
  /** Median colour of the border. */
  color: Rgb;
  /** The backdrop along each edge, smoothed: RGB triplets, left to right (top, bottom), top to bottom (left, right). */
  top: Float32Array;
  bottom: Float32Array;
  left: Float32Array;
  right: Float32Array;
  /** Mean colour distance of border pixels from the smoothed edges: near 0 for a flat or evenly lit backdrop. */
  roughness: number;
  /** Share of the border that matches the backdrop (the rest is the product reaching the edge). */
  coverage: number;
  /** Share of the border already transparent (a picture cut out before it was uploaded). */
  transparent: number;
  /** Plain enough to cut the product out of. */
  plain: boolean;
}

const px = (data: Uint8ClampedArray, i: number): number => data[i] as number;

function dist3(r: number, g: number, b: number, c: ArrayLike<number>, o = 0): number {
  const dr = r - (c[o] as number);
  const dg = g - (c[o + 1] as number);
  const db = b - (c[o + 2] as number);
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

/** Per-channel median of many colours, by histogram. */
function medianColor(samples: Uint8ClampedArray, count: number): Rgb {
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < 3; c++) {
      const h = hist[c] as Uint32Array;
      const v = px(samples, i * 3 + c);
      h[v] = (h[v] as number) + 1;
    }
  }
  return hist.map((h) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += h[v] as number;
      if (seen * 2 >= count) return v;
    }
    return 255;
  }) as Rgb;
}

/** Moving average of RGB triplets with a window of 2r+1 (clamped at the ends). */
function smoothProfile(p: Float32Array, r: number): Float32Array {
  const n = p.length / 3;
  const out = new Float32Array(p.length);
  for (let c = 0; c < 3; c++) {
    const prefix = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] as number) + (p[i * 3 + c] as number);
    for (let i = 0; i < n; i++) {
      const a = Math.max(0, i - r);
      const b = Math.min(n - 1, i + r);
      out[i * 3 + c] = ((prefix[b + 1] as number) - (prefix[a] as number)) / (b - a + 1);
    }
  }
  return out;
}

/** Fills the positions marked bad by straight lines between the good ones around them. */
function bridgeGaps(p: Float32Array, good: Uint8Array, fallback: Rgb): void {
  const n = good.length;
  let prev = -1;
  for (let i = 0; i <= n; i++) {
    if (i < n && !good[i]) continue;
    if (i - prev > 1) {
      for (let j = prev + 1; j < i; j++) {
        for (let c = 0; c < 3; c++) {
          const a = prev >= 0 ? (p[prev * 3 + c] as number) : undefined;
          const b = i < n ? (p[i * 3 + c] as number) : undefined;
          const t = (j - prev) / (i - prev);
          p[j * 3 + c] = a !== undefined && b !== undefined ? a + (b - a) * t : (a ?? b ?? (fallback[c] as number));
        }
      }
    }
    prev = i;
  }
}

/**
 * Reads the backdrop from the picture's border: its colour along each edge (smoothed, so an evenly
 * lit gradient is still plain), how rough it is, and how much of the border it covers.
 */
export function estimateBackdrop(img: RgbaImage): Backdrop {
  const { data, width: w, height: h } = img;
  const band = Math.max(1, Math.round(Math.min(w, h) * MATTE.borderShare));
  // The sides as lists of positions, each with the pixel indexes across the band's depth.
  const sides = [
    { length: w, at: (pos: number, d: number) => d * w + pos },
    { length: w, at: (pos: number, d: number) => (h - 1 - d) * w + pos },
    { length: h, at: (pos: number, d: number) => pos * w + d },
    { length: h, at: (pos: number, d: number) => pos * w + (w - 1 - d) },
  ];
  let total = 0;
  let clear = 0;
  const samples = new Uint8ClampedArray(2 * (w + h) * band * 3);
  let count = 0;
  for (const side of sides) {
    for (let pos = 0; pos < side.length; pos++) {
      for (let d = 0; d < band; d++) {
        const i = side.at(pos, d) * 4;
        total++;
        if (px(data, i + 3) < 16) {
          clear++;
          continue;
        }
        samples[count * 3] = px(data, i);
        samples[count * 3 + 1] = px(data, i + 1);
        samples[count * 3 + 2] = px(data, i + 2);
        count++;
      }
    }
  }
  const color = count > 0 ? medianColor(samples, count) : ([255, 255, 255] as Rgb);
  let inliers = 0;
  let positions = 0;
  let roughSum = 0;
  let roughCount = 0;
  const profiles = sides.map((side) => {
    const raw = new Float32Array(side.length * 3);
    const good = new Uint8Array(side.length);
    for (let pos = 0; pos < side.length; pos++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let d = 0; d < band; d++) {
        const i = side.at(pos, d) * 4;
        if (px(data, i + 3) < 16) continue;
        r += px(data, i);
        g += px(data, i + 1);
        b += px(data, i + 2);
        n++;
      }
      positions++;
      if (n === 0) continue;
      raw[pos * 3] = r / n;
      raw[pos * 3 + 1] = g / n;
      raw[pos * 3 + 2] = b / n;
      if (dist3(r / n, g / n, b / n, color) <= MATTE.outlierDistance) {
        good[pos] = 1;
        inliers++;
      }
    }
    bridgeGaps(raw, good, color);
    const smooth = smoothProfile(raw, Math.max(1, Math.round(side.length * 0.04)));
    for (let pos = 0; pos < side.length; pos++) {
      if (!good[pos]) continue;
      for (let d = 0; d < band; d++) {
        const i = side.at(pos, d) * 4;
        roughSum += dist3(px(data, i), px(data, i + 1), px(data, i + 2), smooth, pos * 3);
        roughCount++;
      }
    }
    return smooth;
  });
  const roughness = roughCount > 0 ? roughSum / roughCount : Number.POSITIVE_INFINITY;
  const coverage = positions > 0 ? inliers / positions : 0;
  const transparent = total > 0 ? clear / total : 0;
  const [top, bottom, left, right] = profiles as [Float32Array, Float32Array, Float32Array, Float32Array];
  return {
    color,
    top,
    bottom,
    left,
    right,
    roughness,
    coverage,
    transparent,
    plain: transparent >= 0.6 || (coverage >= MATTE.minCoverage && roughness <= MATTE.maxRoughness),
  };
}

/**
 * The backdrop's colour at every pixel: the four smoothed edges blended across the picture (a Coons
 * patch), so a backdrop lit brighter at the top than at the bottom is matched everywhere.
 */
export function backdropField(backdrop: Backdrop, width: number, height: number): Float32Array {
  const { top, bottom, left, right } = backdrop;
  const field = new Float32Array(width * height * 3);
  const corner = (a: Float32Array, ai: number, b: Float32Array, bi: number, c: number) =>
    ((a[ai * 3 + c] as number) + (b[bi * 3 + c] as number)) / 2;
  const corners = [0, 1, 2].map((c) => ({
    tl: corner(top, 0, left, 0, c),
    tr: corner(top, width - 1, right, 0, c),
    bl: corner(bottom, 0, left, height - 1, c),
    br: corner(bottom, width - 1, right, height - 1, c),
  }));
  for (let y = 0; y < height; y++) {
    const v = height > 1 ? y / (height - 1) : 0;
    for (let x = 0; x < width; x++) {
      const u = width > 1 ? x / (width - 1) : 0;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const k = corners[c] as { tl: number; tr: number; bl: number; br: number };
        const value =
          (1 - v) * (top[x * 3 + c] as number) +
          v * (bottom[x * 3 + c] as number) +
          (1 - u) * (left[y * 3 + c] as number) +
          u * (right[y * 3 + c] as number) -
          ((1 - u) * (1 - v) * k.tl + u * (1 - v) * k.tr + (1 - u) * v * k.bl + u * v * k.br);
        field[o + c] = Math.min(255, Math.max(0, value));
      }
    }
  }
  return field;
}

/**
 * How far a colour is from the backdrop's: a change of hue or saturation counts fully, a change of
 * brightness less (darker least: shadows on the backdrop stay backdrop).
 */
export function colorDistance(
  r: number,
  g: number,
  b: number,
  br: number,
  bg: number,
  bb: number,
  darkWeight: number = MATTE.darkWeight,
): number {
  const dr = r - br;
  const dg = g - bg;
  const db = b - bb;
  const dl = (dr + dg + db) / 3;
  const cr = dr - dl;
  const cg = dg - dl;
  const cb = db - dl;
  const lw = dl < 0 ? darkWeight : MATTE.lightWeight;
  return Math.sqrt(cr * cr + cg * cg + cb * cb + 3 * (lw * dl) ** 2);
}

/** `colorDistance` of pixel `i` of RGBA `data` from the backdrop field's colour there. */
function distanceFromField(data: Uint8ClampedArray, field: Float32Array, i: number, darkWeight?: number): number {
  return colorDistance(
    px(data, i * 4),
    px(data, i * 4 + 1),
    px(data, i * 4 + 2),
    field[i * 3] as number,
    field[i * 3 + 1] as number,
    field[i * 3 + 2] as number,
    darkWeight,
  );
}

/** The pixels of `open` reachable from the picture's border through `open` pixels (4-connected). */
function reachableFromBorder(open: Uint8Array, width: number, height: number): Uint8Array {
  const seen = new Uint8Array(open.length);
  const stack = new Int32Array(open.length);
  let top = 0;
  const push = (i: number) => {
    if (open[i] && !seen[i]) {
      seen[i] = 1;
      stack[top++] = i;
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (top > 0) {
    const i = stack[--top] as number;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < open.length - width) push(i + width);
  }
  return seen;
}

/** Box blur of a 0-1 float map, radius r (one separable pass). */
function blurMap(map: Float32Array, width: number, height: number, r: number): Float32Array<ArrayBuffer> {
  const tmp = new Float32Array(map.length);
  const out = new Float32Array(map.length);
  const n = 2 * r + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += map[y * width + Math.min(width - 1, Math.max(0, x + k))] as number;
      tmp[y * width + x] = s / n;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += tmp[Math.min(height - 1, Math.max(0, y + k)) * width + x] as number;
      out[y * width + x] = s / n;
    }
  }
  return out;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Matte {
  /** Opacity per pixel, 0-255. */
  alpha: Uint8ClampedArray;
  width: number;
  height: number;
  /** The product's bounds (alpha above a few per cent), or null when nothing was found. */
  bounds: Bounds | null;
  /** The product's share of the picture. */
  area: number;
  /** Share of each edge of the picture the product touches. */
  touches: { top: number; bottom: number; left: number; right: number };
}

function boundsOf(alpha: Uint8ClampedArray, width: number, height: number, min = 8): Bounds | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((alpha[y * width + x] as number) <= min) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The bounds of each labelled region. */
function regionBounds(labels: Int32Array, count: number, width: number) {
  const b = Array.from({ length: count }, () => ({ x0: Infinity, y0: Infinity, x1: -1, y1: -1 }));
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i] as number;
    if (!l) continue;
    const r = b[l] as { x0: number; y0: number; x1: number; y1: number };
    const x = i % width;
    const y = (i - x) / width;
    if (x < r.x0) r.x0 = x;
    if (x > r.x1) r.x1 = x;
    if (y < r.y0) r.y0 = y;
    if (y > r.y1) r.y1 = y;
  }
  return b;
}

/**
 * Parts only darker than the backdrop (a silver tube or a grey cap on white) look like shadows by
 * colour alone; by shape they do not. Such a part touching the product joins it, unless it is flat
 * and lies at the product's base: a shadow on the floor.
 */
function joinDarkParts(img: RgbaImage, backdrop: Backdrop, core: Uint8Array, soft: Float32Array): void {
  const { data, width: w, height: h } = img;
  const n = w * h;
  const field = backdropField(backdrop, w, h);
  const candidate = new Uint8Array(n);
  const alpha = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (core[i]) continue;
    const d = distanceFromField(data, field, i, MATTE.darkPartWeight);
    alpha[i] = Math.min(1, Math.max(0, (d - MATTE.low) / (MATTE.high - MATTE.low)));
    candidate[i] = (alpha[i] as number) >= 0.5 ? 1 : 0;
  }
  // Where the product (so far) ends at the bottom.
  const product = regions(core, w, h);
  let main = 0;
  for (let l = 1; l < product.sizes.length; l++)
    if ((product.sizes[l] as number) > (product.sizes[main] as number)) main = l;
  if (!main) return;
  const body = regionBounds(product.labels, product.sizes.length, w)[main] as { y0: number; y1: number };
  const parts = regions(candidate, w, h);
  const bounds = regionBounds(parts.labels, parts.sizes.length, w);
  const touches = new Uint8Array(parts.sizes.length);
  for (let i = 0; i < n; i++) {
    const l = parts.labels[i] as number;
    if (!l || touches[l]) continue;
    const x = i % w;
    if ((x > 0 && core[i - 1]) || (x < w - 1 && core[i + 1]) || (i >= w && core[i - w]) || (i < n - w && core[i + w])) {
      touches[l] = 1;
    }
  }
  const join = new Uint8Array(parts.sizes.length);
  for (let l = 1; l < parts.sizes.length; l++) {
    const b = bounds[l] as { x0: number; y0: number; x1: number; y1: number };
    const flat = b.y1 - b.y0 + 1 < 0.4 * (b.x1 - b.x0 + 1);
    const atBase = b.y1 >= body.y1 - 0.03 * (body.y1 - body.y0 + 1);
    join[l] = touches[l] && !(flat && atBase) ? 1 : 0;
  }
  for (let i = 0; i < n; i++) {
    if (join[parts.labels[i] as number]) {
      core[i] = 1;
      soft[i] = Math.max(soft[i] as number, alpha[i] as number);
    }
  }
}

/**
 * Hysteresis: parts of the product that differ only faintly from the backdrop (a pale cap on a pale
 * backdrop) join it where they touch it. Faint means a slight change of hue, or brighter than the
 * backdrop; never darker, so a shadow cast on the backdrop stays out. Specks a pixel or two across
 * (noise) are opened away first.
 */
function joinFaintParts(img: RgbaImage, backdrop: Backdrop, core: Uint8Array, soft: Float32Array): void {
  const { data, width: w, height: h } = img;
  const n = w * h;
  const field = backdropField(backdrop, w, h);
  const faint = Math.max(MATTE.faint, backdrop.roughness * 3);
  const weak = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (core[i]) {
      weak[i] = 1;
      continue;
    }
    const dr = px(data, i * 4) - (field[i * 3] as number);
    const dg = px(data, i * 4 + 1) - (field[i * 3 + 1] as number);
    const db = px(data, i * 4 + 2) - (field[i * 3 + 2] as number);
    const dl = (dr + dg + db) / 3;
    const chroma = Math.sqrt((dr - dl) ** 2 + (dg - dl) ** 2 + (db - dl) ** 2);
    const darker =
      -dl / Math.max(1, ((field[i * 3] as number) + (field[i * 3 + 1] as number) + (field[i * 3 + 2] as number)) / 3);
    weak[i] = (chroma >= faint || dl >= faint * 1.5) && darker <= 0.05 ? 1 : 0;
  }
  const opened = morph(morph(weak, w, h, 1, false), w, h, 1, true);
  for (let i = 0; i < n; i++) if (core[i]) opened[i] = 1;
  const { labels, sizes } = regions(opened, w, h);
  const touching = new Uint8Array(sizes.length);
  for (let i = 0; i < n; i++) if (core[i]) touching[labels[i] as number] = 1;
  for (let i = 0; i < n; i++) {
    if (!core[i] && opened[i] && touching[labels[i] as number]) {
      core[i] = 1;
      soft[i] = 1;
    }
  }
}

/**
 * The product's matte on a plain backdrop: colour distance from the backdrop, a soft ramp between two
 * thresholds, enclosed parts that differ from the backdrop filled (a white label on a bottle), the
 * largest connected region kept, then shrunk a pixel and feathered so no rim of backdrop shows.
 */
export function matteFromRgba(img: RgbaImage, backdrop: Backdrop = estimateBackdrop(img)): Matte {
  const { data, width: w, height: h } = img;
  const n = w * h;
  let soft: Float32Array<ArrayBuffer> = new Float32Array(n);
  const distance = new Float32Array(n);
  if (backdrop.transparent >= 0.6) {
    for (let i = 0; i < n; i++) soft[i] = px(data, i * 4 + 3) / 255;
  } else {
    const field = backdropField(backdrop, w, h);
    for (let i = 0; i < n; i++) {
      const d = distanceFromField(data, field, i);
      distance[i] = d;
      const a = Math.min(1, Math.max(0, (d - MATTE.low) / (MATTE.high - MATTE.low)));
      // A pixel that is itself see-through stays so.
      soft[i] = a * (px(data, i * 4 + 3) / 255);
    }
  }
  const core = new Uint8Array(n);
  for (let i = 0; i < n; i++) core[i] = (soft[i] as number) >= 0.5 ? 1 : 0;
  if (backdrop.transparent < 0.6) {
    joinDarkParts(img, backdrop, core, soft);
    joinFaintParts(img, backdrop, core, soft);
  }
  // Enclosed low-distance parts: filled when they differ from the backdrop on average (a light label),
  // left open when they are the backdrop seen through the product (the hole of a mug's handle).
  const open = new Uint8Array(n);
  for (let i = 0; i < n; i++) open[i] = core[i] ? 0 : 1;
  const outside = reachableFromBorder(open, w, h);
  const enclosed = new Uint8Array(n);
  for (let i = 0; i < n; i++) enclosed[i] = open[i] && !outside[i] ? 1 : 0;
  const holes = regions(enclosed, w, h);
  const holeSum = new Float64Array(holes.sizes.length);
  for (let i = 0; i < n; i++) {
    const l = holes.labels[i] as number;
    if (l) holeSum[l] = (holeSum[l] as number) + (distance[i] as number);
  }
  // Specks between letters and the corners of a label are filled whatever their colour.
  const speck = Math.max(16, n * 0.0005);
  for (let i = 0; i < n; i++) {
    const l = holes.labels[i] as number;
    const size = holes.sizes[l] as number;
    if (l && (size <= speck || (holeSum[l] as number) / size >= MATTE.low * 0.6)) {
      core[i] = 1;
      soft[i] = 1;
    }
  }
  // The product: the largest region.
  const { labels, sizes } = regions(core, w, h);
  let best = 0;
  for (let l = 1; l < sizes.length; l++) if ((sizes[l] as number) > (sizes[best] as number)) best = l;
  const keep = new Uint8Array(n);
  if (best > 0) for (let i = 0; i < n; i++) keep[i] = labels[i] === best ? 1 : 0;
  const inner = morph(keep, w, h, MATTE.edgePx, false);
  const near = morph(keep, w, h, MATTE.edgePx, true);
  for (let i = 0; i < n; i++) soft[i] = inner[i] ? 1 : near[i] ? (soft[i] as number) : 0;
  // Shrink a pixel (the last ring mixes in backdrop colour), then feather.
  const eroded = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 1;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = Math.min(w - 1, Math.max(0, x + dx));
          const ny = Math.min(h - 1, Math.max(0, y + dy));
          m = Math.min(m, soft[ny * w + nx] as number);
        }
      }
      eroded[y * w + x] = (m + (soft[y * w + x] as number)) / 2;
    }
  }
  soft = blurMap(eroded, w, h, 1);
  const alpha = new Uint8ClampedArray(n);
  let area = 0;
  for (let i = 0; i < n; i++) {
    alpha[i] = Math.round((soft[i] as number) * 255);
    area += soft[i] as number;
  }
  const touch = (count: number, at: (k: number) => number) => {
    let hit = 0;
    for (let k = 0; k < count; k++) if ((alpha[at(k)] as number) >= 128) hit++;
    return hit / count;
  };
  return {
    alpha,
    width: w,
    height: h,
    bounds: boundsOf(alpha, w, h),
    area: area / n,
    touches: {
      top: touch(w, (k) => k),
      bottom: touch(w, (k) => (h - 1) * w + k),
      left: touch(h, (k) => k * w),
      right: touch(h, (k) => k * w + w - 1),
    },
  };
}

/**
 * The product's own colours at its soft edge: a half-transparent pixel takes the colour of the opaque
 * product pixels next to it, so no backdrop colour (a pale rim on a dark setting) shows at the edge.
 */
export function edgeColors(img: RgbaImage, matte: Matte): RgbaImage {
  const { data, width: w, height: h } = img;
  const out = new Uint8ClampedArray(data.length);
  const r = 3;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const a = matte.alpha[i] as number;
      out[i * 4 + 3] = a;
      let sr = px(data, i * 4);
      let sg = px(data, i * 4 + 1);
      let sb = px(data, i * 4 + 2);
      if (a > 0 && a < 255) {
        let n = 0;
        let tr = 0;
        let tg = 0;
        let tb = 0;
        for (let dy = -r; dy <= r; dy++) {
          const ny = y + dy;
          if (ny < 0 || ny >= h) continue;
          for (let dx = -r; dx <= r; dx++) {
            const nx = x + dx;
            if (nx < 0 || nx >= w) continue;
            const j = ny * w + nx;
            if ((matte.alpha[j] as number) < 255) continue;
            tr += px(data, j * 4);
            tg += px(data, j * 4 + 1);
            tb += px(data, j * 4 + 2);
            n++;
          }
        }
        if (n > 0) {
          sr = tr / n;
          sg = tg / n;
          sb = tb / n;
        }
      }
      out[i * 4] = sr;
      out[i * 4 + 1] = sg;
      out[i * 4 + 2] = sb;
    }
  }
  return { data: out, width: w, height: h };
}

/** The picture inside `b`, as a new RGBA picture. */
export function cropRgba(img: RgbaImage, b: Bounds): RgbaImage {
  const out = new Uint8ClampedArray(b.width * b.height * 4);
  for (let y = 0; y < b.height; y++) {
    const from = ((b.y + y) * img.width + b.x) * 4;
    out.set(img.data.subarray(from, from + b.width * 4), y * b.width * 4);
  }
  return { data: out, width: b.width, height: b.height };
}

/**
 * Where the most detail is along the product's height (its label, printed text, a logo): the centre of
 * the band a quarter of its height tall with the most edge energy inside the product, as a share of
 * its height (0 top, 1 bottom).
 */
export function detailFocus(img: RgbaImage): number {
  const { data, width: w, height: h } = img;
  if (h < 8 || w < 8) return 0.5;
  const rows = new Float64Array(h);
  for (let y = 1; y < h - 1; y++) {
    let sum = 0;
    let count = 0;
    for (let x = 1; x < w - 1; x++) {
      const i = (y * w + x) * 4;
      // Only well inside the product: its outline is not detail.
      if (px(data, i + 3) < 250 || px(data, i - 8 + 3) < 250 || px(data, i + 8 + 3) < 250) continue;
      const luma = (j: number) => 0.2126 * px(data, j) + 0.7152 * px(data, j + 1) + 0.0722 * px(data, j + 2);
      sum += Math.abs(luma(i + 4) - luma(i - 4)) + Math.abs(luma(i + w * 4) - luma(i - w * 4));
      count++;
    }
    rows[y] = count > 0 ? sum / w : 0;
  }
  const band = Math.max(1, Math.round(h * 0.25));
  const from = Math.round(h * 0.08);
  const to = Math.max(from, h - Math.round(h * 0.08) - band);
  let best = from;
  let bestSum = -1;
  for (let y = from; y <= to; y++) {
    let s = 0;
    for (let k = 0; k < band; k++) s += rows[y + k] ?? 0;
    if (s > bestSum) {
      bestSum = s;
      best = y;
    }
  }
  return (best + band / 2) / h;
}

/** What `cutOutProduct` found. */
export type ProductPicture =
  | {
      kind: "cutout";
      /** The product alone on transparency, trimmed to its bounds. */
      canvas: Canvas;
      width: number;
      height: number;
      /** Where its label or most detailed part is (share of its height from the top). */
      focus: number;
      backdrop: Rgb;
    }
  | {
      kind: "photo";
      /** The photo, whole (at most MATTE.workSide on its longest side). */
      canvas: Canvas;
      width: number;
      height: number;
      focus: number;
      /** Why the product was not cut out. */
      reason: string;
    };

function toCanvas(img: RgbaImage): Canvas {
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext("2d");
  const imageData = ctx.createImageData(img.width, img.height);
  imageData.data.set(img.data);
  ctx.putImageData(imageData, 0, 0);
  return canvas;
}

/** A picture drawn at most `side` on its longest side, as RGBA. */
function scaledCopy(img: Image, side: number): RgbaImage {
  const scale = Math.min(1, side / Math.max(img.width, img.height));
  const width = Math.max(1, Math.round(img.width * scale));
  const height = Math.max(1, Math.round(img.height * scale));
  const ctx = createCanvas(width, height).getContext("2d");
  ctx.drawImage(img, 0, 0, width, height);
  return { data: ctx.getImageData(0, 0, width, height).data, width, height };
}

/** The checks a matte must pass to be trusted, else the photo is kept whole. */
export function matteProblem(m: Matte): string | null {
  if (!m.bounds) return "no product found";
  if (m.area < 0.015) return "the product is too small in its photo";
  if (m.area > 0.8) return "the product fills its photo";
  // The product cut by the photo's top or sides would stand amputated; cut at the bottom it stands.
  if (Math.max(m.touches.top, m.touches.left, m.touches.right) > 0.04) return "the product reaches the photo's edge";
  return null;
}

/**
 * Reads a product photo and cuts the product out when its backdrop is plain. The backdrop is judged on
 * a small copy and the matte made on a copy at most MATTE.workSide on its longest side, so a large
 * upload never makes a large canvas.
 */
export async function cutOutProduct(src: string): Promise<ProductPicture> {
  const img = await loadPicture(src);
  if (!(img.width > 0 && img.height > 0)) throw new UnsupportedMediaError(src, "the picture is empty");
  const work = scaledCopy(img, MATTE.workSide);
  const photo = (reason: string): ProductPicture => ({
    kind: "photo",
    canvas: toCanvas(work),
    width: work.width,
    height: work.height,
    focus: detailFocus(work),
    reason,
  });
  const small = estimateBackdrop(scaledCopy(img, MATTE.analyseSide));
  const backdrop = small.plain ? estimateBackdrop(work) : small;
  let matte: Matte;
  if (small.plain) matte = matteFromRgba(work, backdrop);
  else {
    // A busy backdrop: the product is told from it by GrabCut, seeded as the guidelines ask photos to be shot.
    const cut = await grabCutMatte(work);
    if (cut.seedTouch > GRABCUT_MAX_SEED_TOUCH) return photo("the backdrop is busy and the product reaches its edge");
    // The guidelines ask for the product in the middle: what was found must cover it, or it is a part of the
    // product (its label) or something beside it.
    if (cut.centre < GRABCUT_MIN_CENTRE) return photo("the backdrop is busy and no product was found in the middle");
    matte = cut.matte;
  }
  const problem = matteProblem(matte);
  if (problem || !matte.bounds)
    return photo(
      small.plain ? (problem ?? "no product found") : `the backdrop is busy and ${problem ?? "no product was found"}`,
    );
  const cut = cropRgba(edgeColors(work, matte), matte.bounds);
  return {
    kind: "cutout",
    canvas: toCanvas(cut),
    width: cut.width,
    height: cut.height,
    focus: detailFocus(cut),
    backdrop: backdrop.color,
  };
}
