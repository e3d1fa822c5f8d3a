/**
 * The green-screen meme's layout and key, shared by the engine that renders it and the builder's
 * live preview, so the preview shows what the render will be: the caption's look and line breaks,
 * the meme's rectangle, the chroma key's alpha and the video's length. Pure; all sizes are pixels of
 * the 1080x1920 frame.
 */

import {
  CHROMA_KEY,
  CHROMA_KEY_COLOR,
  GREEN_SCREEN_MAX_S,
  GREEN_SCREEN_MEME_SCALE_MAX,
  GREEN_SCREEN_MEME_SCALE_MIN,
  GREEN_SCREEN_MIN_S,
} from "../catalogue/constants.ts";
import type { GreenScreenInput } from "../video-types/green-screen.ts";

export const GREEN_SCREEN_FRAME = { width: 1080, height: 1920 } as const;

export interface GreenScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

// ---------------------------------------------------------------------------------------------
// The caption

/**
 * The caption's look: the caption meme's own (black bold text, centred, on a white band across the
 * top of the frame). The band runs from the top edge, under the apps' status and tab bar, and the
 * text starts below that bar; every line stays clear of the side margins (5 %), and the block ends
 * above the lower two thirds, where the button column starts (a block that cannot is set narrower,
 * clear of the column).
 */
export const GREEN_SCREEN_CAPTION = {
  /**
   * The family name the font file declares, and the file the engine draws with (characters it
   * lacks, such as emoji, fall back to Noto Color Emoji, then DejaVu Sans).
   */
  fontFamily: "Montserrat",
  fontWeight: 700,
  fontPackage: "@expo-google-fonts/montserrat",
  fontFile: "700Bold/Montserrat_700Bold.ttf",
  /** Sizes tried, largest first: the largest that keeps the block above `maxTextBottom` wins. */
  fontSizes: [76, 68, 60, 54],
  /** Line pitch, as a multiple of the font size. */
  lineHeight: 1.2,
  /**
   * The font's cap height as a share of its em (OS/2 sCapHeight 700 of 1000): each line's baseline
   * sits `capHeight * size / 2` below the line's middle, so capitals are centred in the line.
   * Draw with textBaseline "alphabetic".
   */
  capHeight: 0.7,
  textColor: "#000000",
  bandColor: "#FFFFFF",
  /** The widest line. */
  maxWidth: 940,
  /** The widest line when the block has to reach into the lower two thirds (clear of the buttons). */
  narrowMaxWidth: 820,
  /** Top of the first line. */
  textTop: 140,
  /** The block ends above this line (a third of the height: the button column's top). */
  maxTextBottom: 640,
  /** White below the last line, as a multiple of the font size. */
  bandPaddingBottom: 0.45,
} as const;

/** Width in pixels of `text` set in the caption font at `fontSize` pixels. */
export type MeasureText = (text: string, fontSize: number) => number;

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
const graphemes = (word: string): string[] => Array.from(segmenter.segment(word), (s) => s.segment);

/** Greedy fill; a word wider than a line is broken between letters. */
function greedyLines(words: readonly string[], width: (s: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const raw of words) {
    let word = raw;
    while (width(word) > maxWidth && graphemes(word).length > 1) {
      const chars = graphemes(word);
      let cut = chars.length - 1;
      while (cut > 1 && width(chars.slice(0, cut).join("")) > maxWidth) cut--;
      if (line) lines.push(line);
      lines.push(chars.slice(0, cut).join(""));
      line = "";
      word = chars.slice(cut).join("");
    }
    const candidate = line ? `${line} ${word}` : word;
    if (!line || width(candidate) <= maxWidth) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * One paragraph in as many lines as the greedy fill needs, made as even as they can be (the
 * narrowest width that still takes that many lines), with no single word left alone on the last
 * line when the word before it fits beside it.
 */
function balancedLines(words: readonly string[], width: (s: string) => number, maxWidth: number): string[] {
  const greedy = greedyLines(words, width, maxWidth);
  if (greedy.length < 2) return greedy;
  const widest = Math.max(...words.map(width));
  if (widest > maxWidth) return greedy;
  let lo = widest;
  let hi = maxWidth;
  for (let i = 0; i < 14 && hi - lo > 0.5; i++) {
    const mid = (lo + hi) / 2;
    if (greedyLines(words, width, mid).length <= greedy.length) hi = mid;
    else lo = mid;
  }
  const lines = greedyLines(words, width, hi);
  const last = lines.at(-1) ?? "";
  const above = (lines.at(-2) ?? "").split(" ");
  if (!last.includes(" ") && above.length >= 2) {
    const joined = `${above.at(-1)} ${last}`;
    if (width(joined) <= maxWidth) {
      lines[lines.length - 2] = above.slice(0, -1).join(" ");
      lines[lines.length - 1] = joined;
    }
  }
  return lines;
}

/**
 * The caption's lines at one font size and width: each paragraph (the user's line breaks) wrapped
 * into balanced lines, words wider than a line broken between letters. Spaces are collapsed.
 */
export function greenScreenCaptionLines(
  text: string,
  measure: MeasureText,
  fontSize: number = GREEN_SCREEN_CAPTION.fontSizes[0],
  maxWidth: number = GREEN_SCREEN_CAPTION.maxWidth,
): string[] {
  const width = (s: string) => measure(s, fontSize);
  return text
    .trim()
    .split(/\r?\n/)
    .flatMap((paragraph) => balancedLines(paragraph.split(/\s+/).filter(Boolean), width, maxWidth));
}

export interface GreenScreenCaptionLine extends GreenScreenRect {
  text: string;
  /** y of the line's alphabetic baseline (draw the text at x, baseline). */
  baseline: number;
}

export interface GreenScreenCaptionLayout {
  fontSize: number;
  /** Line pitch, px. */
  lineHeight: number;
  /** Each line's box (as wide as its text, centred) and baseline. */
  lines: GreenScreenCaptionLine[];
  /** The block of lines. */
  text: GreenScreenRect;
  /** The white band behind it: the full width, from the top edge; an even number of pixels high. */
  band: GreenScreenRect;
}

function layoutAt(lines: readonly string[], measure: MeasureText, fontSize: number): GreenScreenCaptionLayout {
  const c = GREEN_SCREEN_CAPTION;
  const lineHeight = fontSize * c.lineHeight;
  const placed = lines.map((text, i) => {
    const width = measure(text, fontSize);
    const y = c.textTop + i * lineHeight;
    return {
      text,
      x: (GREEN_SCREEN_FRAME.width - width) / 2,
      y,
      width,
      height: lineHeight,
      baseline: y + lineHeight / 2 + (c.capHeight * fontSize) / 2,
    };
  });
  const widest = Math.max(0, ...placed.map((l) => l.width));
  const bottom = c.textTop + placed.length * lineHeight;
  const bandHeight = 2 * Math.ceil((bottom + c.bandPaddingBottom * fontSize) / 2);
  return {
    fontSize,
    lineHeight,
    lines: placed,
    text: { x: (GREEN_SCREEN_FRAME.width - widest) / 2, y: c.textTop, width: widest, height: bottom - c.textTop },
    band: { x: 0, y: 0, width: GREEN_SCREEN_FRAME.width, height: bandHeight },
  };
}

/**
 * Where the caption goes: the largest font size whose lines end above `maxTextBottom`; a caption
 * too long for that at the smallest size is set narrower (`narrowMaxWidth`) instead.
 */
export function greenScreenCaptionLayout(text: string, measure: MeasureText): GreenScreenCaptionLayout {
  const c = GREEN_SCREEN_CAPTION;
  for (const size of c.fontSizes) {
    const lines = greenScreenCaptionLines(text, measure, size, c.maxWidth);
    if (c.textTop + lines.length * size * c.lineHeight <= c.maxTextBottom) return layoutAt(lines, measure, size);
  }
  const smallest = c.fontSizes[c.fontSizes.length - 1] as number;
  return layoutAt(greenScreenCaptionLines(text, measure, smallest, c.narrowMaxWidth), measure, smallest);
}

// ---------------------------------------------------------------------------------------------
// The meme's place

export type MemeTransform = NonNullable<GreenScreenInput["meme_transform"]>;

/** The area the meme is fitted into by default (below the caption, the full width). */
export const GREEN_SCREEN_MEME_AREA: GreenScreenRect = { x: 0, y: 600, width: 1080, height: 1320 };

/** The default placement: the meme fitted into GREEN_SCREEN_MEME_AREA, centred in it. */
export const DEFAULT_MEME_TRANSFORM: MemeTransform = {
  x: (GREEN_SCREEN_MEME_AREA.x + GREEN_SCREEN_MEME_AREA.width / 2) / GREEN_SCREEN_FRAME.width,
  y: (GREEN_SCREEN_MEME_AREA.y + GREEN_SCREEN_MEME_AREA.height / 2) / GREEN_SCREEN_FRAME.height,
  scale: 1,
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const evenPx = (v: number) => Math.max(2, 2 * Math.round(v / 2));

/**
 * The meme's rectangle in the frame: its default size (fitted into GREEN_SCREEN_MEME_AREA) times
 * `scale`, centred on (x * 1080, y * 1920); whole pixels, even width and height. It may reach past
 * the frame's edges (what lies outside is not seen). Out-of-range values are clamped to the
 * schema's bounds.
 */
export function memeBox(
  transform: MemeTransform | null | undefined,
  memeWidth: number,
  memeHeight: number,
): GreenScreenRect {
  const t = transform ?? DEFAULT_MEME_TRANSFORM;
  const scale = clamp(t.scale, GREEN_SCREEN_MEME_SCALE_MIN, GREEN_SCREEN_MEME_SCALE_MAX);
  const area = GREEN_SCREEN_MEME_AREA;
  const fit = Math.min(area.width / memeWidth, area.height / memeHeight);
  const width = evenPx(memeWidth * fit * scale);
  const height = evenPx(memeHeight * fit * scale);
  return {
    x: Math.round(clamp(t.x, 0, 1) * GREEN_SCREEN_FRAME.width - width / 2),
    y: Math.round(clamp(t.y, 0, 1) * GREEN_SCREEN_FRAME.height - height / 2),
    width,
    height,
  };
}

// ---------------------------------------------------------------------------------------------
// The chroma key

/** The key: the screen colour and the spec's similarity and smoothness (ffmpeg's `blend`). */
export const GREEN_SCREEN_KEY = {
  color: CHROMA_KEY_COLOR,
  similarity: CHROMA_KEY.similarity,
  blend: CHROMA_KEY.smoothness,
} as const;

const fix = (x: number) => Math.round(x * 1024);

/**
 * The key colour's U and V as ffmpeg's chromakey filter computes them from an RGB `color`
 * (vf_chromakey.c, RGB_TO_U / RGB_TO_V): full-range BT.601 in 10-bit fixed point. For #00FF00 they
 * are 44 and 21.
 */
export function ffmpegKeyUV(r: number, g: number, b: number): readonly [number, number] {
  const u = ((-fix(0.16874) * r - fix(0.33126) * g + fix(0.5) * b + 511) >> 10) + 128;
  const v = ((fix(0.5) * r - fix(0.41869) * g - fix(0.08131) * b + 511) >> 10) + 128;
  return [u, v];
}

const keyRgb = [1, 3, 5].map((i) => Number.parseInt(GREEN_SCREEN_KEY.color.slice(i, i + 2), 16)) as [
  number,
  number,
  number,
];
export const CHROMA_KEY_UV = ffmpegKeyUV(...keyRgb);

/**
 * A chroma key as the render applies it: the screen's U and V (8-bit, as the video holds them; ffmpeg's
 * chromakey takes them as they are with `yuv=1`), and the ramp from `similarity` over `blend`.
 */
export interface ScreenKey {
  u: number;
  v: number;
  similarity: number;
  blend: number;
  /** Whether the screen is green or blue (which cast the render's despill removes). */
  screen: "green" | "blue";
}

/** The key of the library's memes: drawn on pure #00FF00, keyed with the spec's similarity and smoothness. */
export const LIBRARY_SCREEN_KEY: ScreenKey = {
  u: CHROMA_KEY_UV[0],
  v: CHROMA_KEY_UV[1],
  similarity: GREEN_SCREEN_KEY.similarity,
  blend: GREEN_SCREEN_KEY.blend,
  screen: "green",
};

/**
 * The U and V (8-bit, limited range, BT.709) a video holds for an RGB colour (0-255): what the
 * filter reads from the meme files, which are BT.709 limited range, as the browser's RGB came from.
 */
export function videoChroma(r: number, g: number, b: number): { u: number; v: number } {
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return { u: 128 + ((224 / 255) * (b - y)) / 1.8556, v: 128 + ((224 / 255) * (r - y)) / 1.5748 };
}

/** ffmpeg's distance of one chroma sample from the key: sqrt((du² + dv²) / (255² · 2)), 0 to 1. */
export function chromaKeyDistance(u: number, v: number, key: Pick<ScreenKey, "u" | "v"> = LIBRARY_SCREEN_KEY): number {
  const du = u - key.u;
  const dv = v - key.v;
  return Math.sqrt((du * du + dv * dv) / (255 * 255 * 2));
}

/** Opacity (0 keyed out, 1 kept) for a distance: a ramp from `similarity` over `blend`. */
export function chromaKeyAlphaFromDistance(
  distance: number,
  key: Pick<ScreenKey, "similarity" | "blend"> = LIBRARY_SCREEN_KEY,
): number {
  const { similarity, blend } = key;
  if (blend > 0.0001) return clamp((distance - similarity) / blend, 0, 1);
  return distance > similarity ? 1 : 0;
}

/**
 * Opacity (0-1) the render's chroma key gives a pixel of the meme, from its RGB (0-255, as the
 * browser decodes the BT.709 file). ffmpeg's filter (5.1, 8-bit yuva420p) does exactly this, with
 * one difference: it averages the distance over the 3x3 neighbourhood of the pixel (the chroma
 * samples of pixels x-1..x+1, y-1..y+1; at 4:2:0 two chroma samples each way) before the ramp, and
 * stores floor(alpha * 255). Inside flat colour both agree; within a pixel or two of an edge the
 * filter's alpha is the average's. A shader that wants the edges exact averages chromaKeyDistance
 * over the nine neighbours (one-pixel offsets) and passes the mean to chromaKeyAlphaFromDistance.
 */
export function chromaKeyAlpha(r: number, g: number, b: number, key: ScreenKey = LIBRARY_SCREEN_KEY): number {
  const { u, v } = videoChroma(r, g, b);
  return chromaKeyAlphaFromDistance(chromaKeyDistance(u, v, key), key);
}

// ---------------------------------------------------------------------------------------------
// A creator's own green-screen clip: finding its screen

/** Frames of a clip, small, as their chroma: U and V per pixel (8-bit, as the video holds them), row by row. */
export interface ChromaFrame {
  width: number;
  height: number;
  u: ArrayLike<number>;
  v: ArrayLike<number>;
}

/**
 * How a screen is told from the rest of a clip. Edge samples come from the left, right and top bands
 * (`edgeShare` of the frame; the bottom is where a subject stands). A sample is screen-coloured when its
 * chroma lies at least `minSaturation` from grey in the green quadrant (U and V both under 128) or the blue
 * one (U over 128, V under it). At least `minScreenShare` of the edge samples must be of one screen colour.
 * The key's similarity covers `coverQuantile` of those samples with `margin` to spare, within
 * `similarity`; a real screen's chroma spreads wider than a drawn one's, so its blend is narrower than the
 * library's, to keep skin and warm colours clear of the key. Greys, blacks and whites (hair, a T-shirt)
 * have the chroma of grey (128, 128): the key's reach (similarity + blend) stays within `greySafety` of
 * its distance from grey, and a screen too pale for that (nearer grey than `minGreyDistance`) is no screen.
 */
/**
 * How a clip is sampled to find its screen, by the server and the builder's preview alike: this many
 * frames, the first of each equal part of the clip, drawn this wide (height in proportion).
 */
export const SCREEN_SAMPLE = { frames: 3, width: 96 } as const;

export const SCREEN_DETECTION = {
  edgeShare: 0.1,
  minSaturation: 18,
  minScreenShare: 0.5,
  coverQuantile: 0.95,
  margin: 0.02,
  similarity: { min: 0.05, max: 0.14 },
  blend: 0.05,
  greySafety: 0.75,
  minGreyDistance: 0.135,
} as const;

/**
 * The key that lifts a clip's screen: the median chroma of its screen-coloured edge samples, and a
 * similarity that covers how far they spread (see SCREEN_DETECTION). Null when its edges are not mostly
 * one green or blue: a clip not filmed on a screen, which would key away nothing or the wrong things.
 * The upload check, the render and the builder's preview all find the key with this one rule.
 */
export function screenKeyOf(frames: readonly ChromaFrame[]): ScreenKey | null {
  const d = SCREEN_DETECTION;
  const green: [number, number][] = [];
  const blue: [number, number][] = [];
  let edge = 0;
  for (const frame of frames) {
    const bandX = Math.max(1, Math.round(frame.width * d.edgeShare));
    const bandY = Math.max(1, Math.round(frame.height * d.edgeShare));
    for (let y = 0; y < frame.height; y++) {
      for (let x = 0; x < frame.width; x++) {
        if (y >= bandY && x >= bandX && x < frame.width - bandX) continue;
        const i = y * frame.width + x;
        const u = frame.u[i] as number;
        const v = frame.v[i] as number;
        edge++;
        if (Math.hypot(u - 128, v - 128) < d.minSaturation) continue;
        if (u < 128 && v < 128) green.push([u, v]);
        else if (u > 128 && v < 128) blue.push([u, v]);
      }
    }
  }
  const [samples, screen] = green.length >= blue.length ? [green, "green" as const] : [blue, "blue" as const];
  if (edge === 0 || samples.length < d.minScreenShare * edge) return null;
  const median = (values: number[]) => {
    const sorted = values.sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  const u = median(samples.map((s) => s[0]));
  const v = median(samples.map((s) => s[1]));
  // A pale screen cannot be keyed without keying greys, blacks and whites with it.
  const grey = chromaKeyDistance(128, 128, { u, v });
  if (grey < d.minGreyDistance) return null;
  const distances = samples.map(([su, sv]) => chromaKeyDistance(su, sv, { u, v })).sort((a, b) => a - b);
  const spread = distances[Math.min(distances.length - 1, Math.floor(distances.length * d.coverQuantile))] as number;
  const reach = Math.min(d.similarity.max, grey * d.greySafety - d.blend);
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    u,
    v,
    similarity: round3(clamp(spread + d.margin, d.similarity.min, reach)),
    blend: d.blend,
    screen,
  };
}

/** The chroma of RGBA pixels (a canvas's image data) as a frame screenKeyOf reads (see videoChroma). */
export function chromaFrameOfRgba(rgba: ArrayLike<number>, width: number, height: number): ChromaFrame {
  const u = new Float32Array(width * height);
  const v = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const c = videoChroma(rgba[i * 4] as number, rgba[i * 4 + 1] as number, rgba[i * 4 + 2] as number);
    u[i] = c.u;
    v[i] = c.v;
  }
  return { width, height, u, v };
}

// ---------------------------------------------------------------------------------------------
// Length and motion

/** Reading time: 2 s plus a quarter second a word. */
export const GREEN_SCREEN_READING = { baseS: 2, perWordS: 0.25 } as const;

/** A picture background is pushed in slowly, from scale 1 to this, over the whole video. */
export const GREEN_SCREEN_PICTURE_PUSH = 1.08;

export function greenScreenWordCount(caption: string): number {
  return caption.trim().split(/\s+/).filter(Boolean).length;
}

/**
 * The video's length: long enough to read the caption (GREEN_SCREEN_READING), at least
 * GREEN_SCREEN_MIN_S, rounded up to whole plays of the meme (it repeats, so the video ends where a
 * play ends) unless that passes GREEN_SCREEN_MAX_S, where it stops at the reading time instead.
 */
export function greenScreenDurationS(caption: string, memeDurationS: number): number {
  const words = greenScreenWordCount(caption);
  const need = clamp(
    GREEN_SCREEN_READING.baseS + GREEN_SCREEN_READING.perWordS * words,
    GREEN_SCREEN_MIN_S,
    GREEN_SCREEN_MAX_S,
  );
  const round = (s: number) => Math.round(s * 1000) / 1000;
  if (!(memeDurationS > 0)) return round(need);
  const whole = Math.ceil(need / memeDurationS - 1e-6) * memeDurationS;
  return round(whole <= GREEN_SCREEN_MAX_S + 1e-6 ? whole : need);
}
