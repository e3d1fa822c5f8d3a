import { type CaptionAnimation, type CaptionStyle, languageOf } from "@reelsmith/core";
import type { TimedWord } from "../composition/schema.ts";
import type { FontFallback } from "./fallback.ts";
import { type FontFace, styleFace } from "./fonts.ts";
import type { Measure } from "./measure.ts";
import { centredLineMaxWidth, PLATFORM_ZONES, type Rect, type SafeAreaZone, safeAreaZones } from "./safe-area.ts";
import { type Sanitised, stripEmoji } from "./text-safety.ts";

/**
 * Captions -> ASS subtitles for libass. Pure: word timings and a style in, the subtitle file out.
 * Every word is its own event placed at a position this module computes (measured with the same
 * font files), so highlight pills, gradients and glows line up with their word, and nothing leaves
 * the platforms' safe area: clear of the bottom 20 % of the frame and, in its lower two thirds, of
 * the button column on the right (see safe-area.ts).
 */

export const PLAY_RES = { width: 1080, height: 1920 } as const;

/** Longest pause inside a group; a longer one starts a new group. */
const MAX_GAP_S = 0.45;
/** How long the last group of a phrase lingers after its last word. */
const HOLD_S = 0.5;
/** Groups closer than this are joined end to start (no blink between them). */
const JOIN_S = 0.3;
/** Shortest time any word (and any caption event) is on screen. */
export const MIN_SHOW_S = 0.25;
/** How far a line may shrink to take in a word that would otherwise flash by. */
const MIN_FIT_SCALE = 0.6;
/** The minimum the layout aims for: ASS times are rounded to centiseconds. */
const MIN_TARGET_S = MIN_SHOW_S + 0.011;

export interface PlacedWord {
  text: string;
  start: number;
  end: number;
  /** Centre of the word, script pixels. */
  x: number;
  y: number;
  width: number;
}

export interface CaptionGroup {
  start: number;
  end: number;
  words: PlacedWord[];
  /** Font scale (1 = the style's size) applied so the group fits. */
  scale: number;
  width: number;
  y: number;
}

export interface CaptionOptions {
  style: CaptionStyle;
  words: readonly TimedWord[];
  /** Vertical centre, share of the height (default the style's). */
  position?: number;
  /** The words' language (a catalogue id; default english). */
  language?: string;
  measure: Measure;
  /** Which family draws each letter the style's face lacks (see fallback.ts); absent: libass's own choice. */
  fallback?: FontFallback;
  /** Cleans each word (default: drops emoji only). */
  sanitise?: (text: string) => Sanitised;
  onWarning?: (message: string) => void;
}

export interface CompiledCaptions {
  ass: string;
  groups: CaptionGroup[];
  face: FontFace;
}

/** How much a word grows past its size while animating in. */
const PEAK_SCALE: Record<CaptionAnimation, number> = {
  pop: 1.15,
  karaoke: 1.08,
  "highlight-box": 1.06,
  "word-by-word": 1,
  typewriter: 1,
  fade: 1,
  "glow-pulse": 1,
  flicker: 1,
  bounce: 1.18,
  shake: 1.06,
  glitch: 1,
  step: 1.2,
  "slide-up": 1,
};

/** Words appear one by one (each at its own start) rather than the whole group at once. */
const ACCUMULATES: ReadonlySet<CaptionAnimation> = new Set([
  "word-by-word",
  "typewriter",
  "pop",
  "bounce",
  "shake",
  "glitch",
  "step",
  "flicker",
  "glow-pulse",
]);

export function displayText(text: string, style: Pick<CaptionStyle, "textCase">): string {
  let t = text
    .replace(/[{}\\]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  t = t.replace(/[.,;:]+$/u, "");
  if (style.textCase === "upper") t = t.toLocaleUpperCase("en");
  if (style.textCase === "lower") t = t.toLocaleLowerCase("en");
  return t;
}

/** Share of the font size a highlight pill reaches past its word on each side. */
const PILL_PAD = 0.22;

/** Extra room a line needs around its advance width: outline, glow, shadow, box, highlight pill. */
function bleed(style: CaptionStyle): number {
  const outline = style.outline?.width ?? 0;
  const glow = style.glow ? style.glow.radius * 0.6 : 0;
  const shadow = style.shadow ? Math.abs(style.shadow.x) + style.shadow.blur * 0.5 : 0;
  const box = style.box ? style.box.padding : 0;
  const pill = style.animation === "highlight-box" ? style.fontSize * PILL_PAD : 0;
  return 2 * Math.max(outline, glow, box, pill) + shadow;
}

/** How far a line reaches below (and above) its centre at `scale`, animation and decoration included. */
function halfHeights(style: CaptionStyle, scale = 1): { above: number; below: number } {
  const size = style.fontSize * scale;
  const text = (size * PEAK_SCALE[style.animation]) / 2;
  const box = style.box ? size * 0.575 + (style.box.padding * scale) / 2 : 0;
  const pill = style.animation === "highlight-box" ? size * 0.58 : 0;
  const edge = bleed(style) / 2;
  const half = Math.max(text, box, pill) + edge;
  // Entrances that move up into place start lower.
  const entrance = style.animation === "slide-up" ? 40 : style.animation === "bounce" ? 36 : 0;
  const shadowDown = style.shadow ? Math.max(0, style.shadow.y) + style.shadow.blur * 0.5 : 0;
  return { above: half, below: half + Math.max(entrance, shadowDown) };
}

/** The vertical centre a line of the style may have at most, so it stays clear of the bottom 20 %. */
export function lowestCaptionY(style: CaptionStyle): number {
  return PLATFORM_ZONES.bottomY - halfHeights(style).below;
}

/**
 * The widest a line centred at `y` may be at the style's size, so that even at its animation peak,
 * with its outline, glow and pill, it stays inside the safe area (narrower where it can reach the
 * height of the platforms' button column).
 */
export function maxLineWidth(style: CaptionStyle, y = style.position * PLAY_RES.height): number {
  const bottom = y + halfHeights(style).below;
  return (centredLineMaxWidth(bottom) - bleed(style)) / PEAK_SCALE[style.animation];
}

/** The rectangle a caption group can cover while it is on screen (animation peak and entrance included). */
export function captionGroupRect(group: Pick<CaptionGroup, "words" | "scale" | "y">, style: CaptionStyle): Rect {
  const peak = PEAK_SCALE[style.animation];
  const edge = bleed(style) / 2;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const w of group.words) {
    left = Math.min(left, w.x - (w.width * peak) / 2 - edge);
    right = Math.max(right, w.x + (w.width * peak) / 2 + edge);
  }
  const { above, below } = halfHeights(style, group.scale);
  return { left, top: group.y - above, right, bottom: group.y + below };
}

/** The groups that reach into a platform zone (bottom 20 %, button column, side margins); empty when none. */
export function captionSafeAreaViolations(
  groups: readonly CaptionGroup[],
  style: CaptionStyle,
): { group: CaptionGroup; rect: Rect; zones: SafeAreaZone[] }[] {
  return groups.flatMap((group) => {
    const rect = captionGroupRect(group, style);
    const zones = safeAreaZones(rect);
    return zones.length ? [{ group, rect, zones }] : [];
  });
}

/** Ends a group where the next begins, lingering after a phrase; joins it to the next across short gaps. */
function groupEnd(lastEnd: number, nextStart: number): number {
  const end = Math.min(lastEnd + HOLD_S, nextStart);
  return nextStart - end < JOIN_S ? nextStart : end;
}

/**
 * Splits timed words into on-screen groups: at most `wordsPerGroup` words, one line wide, broken at
 * sentence ends and pauses; placed centred at `y`, scaled down when a single word is too wide. Every
 * word stays on screen at least MIN_SHOW_S: a word that would flash by joins a neighbour's group
 * (so a one-word style may show two short words together).
 */
export function layoutCaptions(
  words: readonly TimedWord[],
  style: CaptionStyle,
  measure: Measure,
  y: number,
  language?: string,
): CaptionGroup[] {
  const { rtl, spaced } = languageOf(language);
  const face = styleFace(style);
  const cy = Math.min(y, lowestCaptionY(style));
  const limit = maxLineWidth(style, cy);
  const accumulates = ACCUMULATES.has(style.animation);
  const width = (t: string) => measure(t, face, style.fontSize, style.letterSpacing);
  // A word's outline and its emphasis (karaoke growth) reach into the space between words.
  // Words of a language written without spaces sit closer, with only that reach between them.
  const space =
    (spaced === false ? 0 : width(" ")) +
    2 * (style.outline?.width ?? 0) +
    style.fontSize * (PEAK_SCALE[style.animation] - 1 + 0.04);
  const widths = words.map((w) => width(displayText(w.text, style)));
  const natural = (from: number, to: number) => {
    let sum = 0;
    for (let k = from; k <= to; k++) sum += widths[k] ?? 0;
    return sum + space * (to - from);
  };
  /** How long the words of group [from..to] would show if the next group began with word `next`. */
  const shownFor = (from: number, to: number, next: number) => {
    const nextStart = words[next]?.start ?? Number.POSITIVE_INFINITY;
    const last = words[to] as TimedWord;
    const shownFrom = accumulates ? last.start : (words[from] as TimedWord).start;
    return groupEnd(last.end, nextStart) - shownFrom;
  };

  // Groups as [first, last] word indices.
  const spans: [number, number][] = [];
  let first = 0;
  for (let i = 1; i <= words.length; i++) {
    if (i === words.length) {
      spans.push([first, i - 1]);
      break;
    }
    const word = words[i] as TimedWord;
    const previous = words[i - 1] as TimedWord;
    const count = i - first;
    const tooWide = natural(first, i) > limit;
    const breakBefore =
      count >= style.wordsPerGroup ||
      /[.!?…。！？।؟]["')\]」』）]*$/u.test(previous.text) ||
      (count >= 2 && /[,;:，、；：،]["')\]」』）]*$/u.test(previous.text)) ||
      word.start - previous.end > MAX_GAP_S ||
      tooWide;
    if (!breakBefore) continue;
    if (shownFor(first, i - 1, i) >= MIN_TARGET_S) {
      spans.push([first, i - 1]);
      first = i;
    } else if (natural(first, i) <= limit / MIN_FIT_SCALE) {
      // The group would flash by: this word joins it (set a little smaller if the line is full).
    } else if (count >= 2 && shownFor(first, i - 2, i - 1) >= MIN_TARGET_S) {
      // No room for one more: the short last word moves on to the next group instead.
      spans.push([first, i - 2]);
      first = i - 1;
    } else {
      spans.push([first, i - 1]);
      first = i;
    }
  }

  const cx = PLAY_RES.width / 2;
  const groups: CaptionGroup[] = [];
  spans.forEach(([from, to], gi) => {
    const span = natural(from, to);
    const scale = span > limit ? limit / span : 1;
    const previousEnd = groups.at(-1)?.end ?? 0;
    // A group never starts before the previous one is gone (the rare case it had to be held longer).
    const start = Math.max((words[from] as TimedWord).start, previousEnd);
    // A right-to-left line reads from its right edge: its first word is placed there.
    const direction = rtl ? -1 : 1;
    let x = cx - (direction * span * scale) / 2;
    const placed: PlacedWord[] = [];
    for (let k = from; k <= to; k++) {
      const word = words[k] as TimedWord;
      const w = (widths[k] ?? 0) * scale;
      placed.push({
        text: word.text,
        start: Math.max(word.start, start),
        end: word.end,
        x: x + (direction * w) / 2,
        y: cy,
        width: w,
      });
      x += direction * (w + space * scale);
    }
    const next = spans[gi + 1];
    const nextStart = next ? (words[next[0]] as TimedWord).start : Number.POSITIVE_INFINITY;
    const shownFrom = accumulates ? (placed.at(-1) as PlacedWord).start : start;
    const end = Math.max(groupEnd((words[to] as TimedWord).end, nextStart), shownFrom + MIN_TARGET_S);
    groups.push({ start, end, words: placed, scale, width: span * scale, y: cy });
  });
  return groups;
}

// ---------- ASS text ----------

/** `#RRGGBB[AA]` (AA = opacity) -> ASS colour `&HBBGGRR&` and alpha `&HXX&` (00 = opaque). */
export function assColor(hex: string): { color: string; alpha: string } {
  const r = hex.slice(1, 3);
  const g = hex.slice(3, 5);
  const b = hex.slice(5, 7);
  const opacity = hex.length === 9 ? Number.parseInt(hex.slice(7, 9), 16) : 255;
  const alpha = (255 - opacity).toString(16).toUpperCase().padStart(2, "0");
  return { color: `&H${b}${g}${r}&`.toUpperCase(), alpha: `&H${alpha}&` };
}

export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(c).padStart(2, "0")}`;
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const ms = (s: number) => Math.max(0, Math.round(s * 1000));

/** A rounded rectangle as an ASS drawing (\p1), w x h with corner radius r, origin top-left. */
export function roundedRect(w: number, h: number, radius: number): string {
  const r = Math.max(0, Math.min(radius, w / 2, h / 2));
  const k = r * 0.4477; // bezier handle for a quarter circle
  const f = (n: number) => String(Math.round(n));
  return [
    `m ${f(r)} 0`,
    `l ${f(w - r)} 0`,
    `b ${f(w - k)} 0 ${f(w)} ${f(k)} ${f(w)} ${f(r)}`,
    `l ${f(w)} ${f(h - r)}`,
    `b ${f(w)} ${f(h - k)} ${f(w - k)} ${f(h)} ${f(w - r)} ${f(h)}`,
    `l ${f(r)} ${f(h)}`,
    `b ${f(k)} ${f(h)} 0 ${f(h - k)} 0 ${f(h - r)}`,
    `l 0 ${f(r)}`,
    `b 0 ${f(k)} ${f(k)} 0 ${f(r)} 0`,
  ].join(" ");
}

interface Event {
  layer: number;
  start: number;
  end: number;
  text: string;
}

function dialogue(e: Event): string {
  return `Dialogue: ${e.layer},${assTime(e.start)},${assTime(e.end)},Caption,,0,0,0,,${e.text}`;
}

function hexLerp(a: string, b: string, t: number): string {
  const ch = (h: string, i: number) => Number.parseInt(h.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) =>
    Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * t)
      .toString(16)
      .padStart(2, "0"),
  );
  return `#${out.join("")}`.toUpperCase();
}

/** Colours of `count` bands sampled evenly along the gradient stops. */
export function gradientBands(stops: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const t = count === 1 ? 0 : i / (count - 1);
    const pos = t * (stops.length - 1);
    const k = Math.min(stops.length - 2, Math.floor(pos));
    return hexLerp(stops[k] as string, stops[k + 1] as string, pos - k);
  });
}

/** Entrance tags of a word (times in ms from the event start). */
function entrance(anim: CaptionAnimation, seed: number): string {
  switch (anim) {
    case "pop":
      return "\\fscx70\\fscy70\\t(0,80,\\fscx115\\fscy115)\\t(80,160,\\fscx100\\fscy100)";
    case "bounce":
      return "\\fscx55\\fscy55\\t(0,90,\\fscx118\\fscy118)\\t(90,170,\\fscx94\\fscy94)\\t(170,240,\\fscx100\\fscy100)";
    case "step":
      return "\\fscx40\\fscy40\\t(60,61,\\fscx120\\fscy120)\\t(120,121,\\fscx100\\fscy100)";
    case "shake": {
      const dir = seed % 2 === 0 ? 1 : -1;
      return `\\frz${-6 * dir}\\fscx106\\fscy106\\t(0,60,\\frz${5 * dir})\\t(60,120,\\frz${-3 * dir})\\t(120,200,\\frz${1 * dir}\\fscx100\\fscy100)`;
    }
    case "word-by-word":
    case "typewriter":
      return "\\fad(90,0)";
    case "glow-pulse":
      return "\\fad(120,0)";
    case "glitch":
      return "\\fscx104\\t(0,140,\\fscx100)";
    default:
      return "";
  }
}

interface Ctx {
  style: CaptionStyle;
  fill: { color: string; alpha: string } | null;
  highlight: { color: string; alpha: string } | null;
  /** Which family draws each letter; absent: the face, and libass's own fallback. */
  fallback?: FontFallback | undefined;
}

/**
 * A word's text as the event draws it: each stretch the face lacks set in its fallback family at the fallback weight,
 * then back to the style's face; a typewriter word gets its letters one by one.
 */
function wordBody(ctx: Ctx, text: string, duration: number, size: number): string {
  const face = styleFace(ctx.style);
  const runs = ctx.fallback?.runs(text) ?? [{ text, family: null }];
  const per = Math.max(1, Math.round(Math.min(0.06, duration / Math.max(1, [...text].length)) * 100));
  const weight = ctx.fallback?.weight === 700 ? 1 : 0;
  let body = "";
  let current: string | null = null;
  for (const run of runs) {
    if (run.family !== current) {
      body += run.family
        ? `{\\fn${run.family}\\b${weight}\\fs${r1(size * (ctx.fallback?.sizeScale(run.family) ?? 1))}}`
        : `{\\fn${face.family}\\b${face.bold ? 1 : 0}\\fs${size}}`;
      current = run.family;
    }
    body += ctx.style.animation === "typewriter" ? [...run.text].map((c) => `{\\ko${per}}${c}`).join("") : run.text;
  }
  return body;
}

/** Colour changes while this word is the one being spoken (relative ms within the event). */
function highlightTags(ctx: Ctx, from: number, to: number | null, layerKind: "text" | "other"): string {
  const { style, fill, highlight } = ctx;
  if (!highlight || layerKind !== "text" || style.animation === "highlight-box") return "";
  const grow = style.animation === "karaoke" ? "\\fscx108\\fscy108" : "";
  const shrink = style.animation === "karaoke" ? "\\fscx100\\fscy100" : "";
  // Hollow letters fill in, and their outline turns dark so the filled word stays crisp.
  const outline = style.outline ? assColor(style.outline.color).color : "&HFFFFFF&";
  const on = fill ? `\\1c${highlight.color}` : `\\1c${highlight.color}\\1a&H00&\\3c&H141414&`;
  const off = fill ? `\\1c${fill.color}` : `\\1a&HFF&\\3c${outline}`;
  const start = from <= 0 ? `${on}${grow}` : `\\t(${from},${from + 1},${on}${grow})`;
  return to === null ? start : `${start}\\t(${to},${to + 1},${off}${shrink})`;
}

/** Moments a flickering neon tube goes dark and lights again (ms from its start). */
const FLICKER_SWITCHES: readonly [off: number, on: number][] = [
  [70, 130],
  [170, 230],
];

/**
 * A flicker as clip switches inside one event (a word never splits into events shorter than
 * MIN_SHOW_S): the clip closes to nothing and opens again to `open`.
 */
function flickerTags(open: string): string {
  const on = `\\clip(${open})`;
  const off = "\\clip(0,0,0,0)";
  return `${on}${FLICKER_SWITCHES.map(([a, b]) => `\\t(${a},${a + 1},${off})\\t(${b},${b + 1},${on})`).join("")}`;
}

const FULL_CLIP = `0,0,${PLAY_RES.width},${PLAY_RES.height}`;

function wordEvents(
  ctx: Ctx,
  group: CaptionGroup,
  word: PlacedWord,
  index: number,
  nextStart: number | null,
  scale: number,
): Event[] {
  const { style } = ctx;
  const accumulates = ACCUMULATES.has(style.animation);
  const start = accumulates ? word.start : group.start;
  const end = group.end;
  if (end - start < 0.01) return [];
  const rel = (t: number) => ms(t - start);
  const from = rel(word.start);
  const to = nextStart === null ? null : rel(nextStart);
  const x = r1(word.x);
  const y = r1(word.y);
  const size = r1(style.fontSize * scale);
  const events: Event[] = [];
  const common = `\\an5\\fs${size}`;
  let motion = `\\pos(${x},${y})`;
  const groupEntrance =
    style.animation === "karaoke" || style.animation === "highlight-box"
      ? "\\fscx88\\fscy88\\t(0,90,\\fscx100\\fscy100)"
      : style.animation === "fade"
        ? "\\fad(140,90)"
        : style.animation === "slide-up"
          ? "\\fad(150,0)"
          : "";
  if (style.animation === "slide-up") motion = `\\move(${x},${r1(y + 40)},${x},${y},0,200)`;
  if (style.animation === "bounce") motion = `\\move(${x},${r1(y + 36)},${x},${y},0,130)`;
  const anim = accumulates ? entrance(style.animation, index) : groupEntrance;
  const text = displayText(word.text, style);
  const body = wordBody(ctx, text, word.end - word.start, size);
  const flicker = style.animation === "flicker";

  const push = (layer: number, tags: string, content = body, clip = FULL_CLIP) => {
    const clipTags = flicker ? flickerTags(clip) : clip === FULL_CLIP ? "" : `\\clip(${clip})`;
    events.push({ layer, start, end, text: `{${tags}${clipTags}}${content}` });
  };

  // Soft shadow: a blurred copy underneath, offset.
  if (style.shadow && style.shadow.blur > 0) {
    const c = assColor(style.shadow.color);
    const sx = r1(x + style.shadow.x * scale);
    const sy = r1(y + style.shadow.y * scale);
    const m =
      style.animation === "slide-up"
        ? `\\move(${sx},${r1(sy + 40)},${sx},${sy},0,200)`
        : style.animation === "bounce"
          ? `\\move(${sx},${r1(sy + 36)},${sx},${sy},0,130)`
          : `\\pos(${sx},${sy})`;
    const bord = style.outline ? style.outline.width : 0;
    push(
      2,
      `${common}${m}\\1c${c.color}\\3c${c.color}\\1a${ctx.fill ? c.alpha : "&HFF&"}\\3a${c.alpha}\\bord${bord}\\shad0\\blur${style.shadow.blur}${style.animation === "typewriter" ? `\\2a&HFF&` : ""}${anim}`,
    );
  }
  // Glow: a thick blurred outline in the glow colour.
  if (style.glow) {
    const c = assColor(style.glow.color);
    const r = style.glow.radius;
    const pulse =
      style.animation === "glow-pulse"
        ? `\\t(0,260,\\blur${r1(r * 1.7)}\\bord${r1(r * 1.5)})\\t(260,700,\\blur${r}\\bord${r1(r * 0.9)})`
        : "";
    const fillAlpha = ctx.fill ? "&H60&" : "&HFF&";
    push(
      3,
      `${common}${motion}\\1c${c.color}\\3c${c.color}\\1a${fillAlpha}\\3a&H50&\\bord${r1(r * 0.9)}\\shad0\\blur${r}${anim}${pulse}`,
    );
  }
  // The word itself.
  const fillTags = ctx.fill ? `\\1c${ctx.fill.color}\\1a${ctx.fill.alpha}` : "\\1a&HFF&";
  const outlineTags = style.outline
    ? `\\3c${assColor(style.outline.color).color}\\3a${assColor(style.outline.color).alpha}\\bord${style.outline.width}`
    : "\\bord0";
  const hardShadow =
    style.shadow && style.shadow.blur === 0
      ? `\\4c${assColor(style.shadow.color).color}\\4a${assColor(style.shadow.color).alpha}\\xshad${style.shadow.x}\\yshad${style.shadow.y}`
      : "\\shad0";
  const typeHide = style.animation === "typewriter" ? "\\2a&HFF&" : "";
  const main = `${common}${motion}${fillTags}${outlineTags}${hardShadow}${typeHide}${anim}${highlightTags(ctx, from, to, "text")}`;
  push(4, main);
  // Gradient fill: the word again in horizontal bands, each clipped to its strip.
  if (style.gradient && ctx.fill) {
    const bands = gradientBands(style.gradient, 8);
    const half = style.fontSize * scale * 0.42;
    const top = y - half;
    const step = (2 * half) / bands.length;
    bands.forEach((color, i) => {
      const c = assColor(color);
      const y1 = i === 0 ? 0 : Math.round(top + i * step);
      const y2 = i === bands.length - 1 ? PLAY_RES.height : Math.round(top + (i + 1) * step);
      push(5, `${common}${motion}\\1c${c.color}\\bord0\\shad0${anim}`, body, `0,${y1},${PLAY_RES.width},${y2}`);
    });
  }
  // Glitch: red and cyan copies that snap onto the word.
  if (style.animation === "glitch") {
    for (const [dx, color] of [
      [-16, "&H3B30FF&"],
      [16, "&HFFE600&"],
    ] as const) {
      events.push({
        layer: 1,
        start,
        end: Math.min(end, start + MIN_TARGET_S),
        text: `{${common}\\move(${r1(x + dx)},${y},${x},${y},0,150)\\1c${color}\\1a&H40&\\bord0\\shad0\\t(60,200,\\1a&HFF&)}${body}`,
      });
    }
  }
  return events;
}

/**
 * Highlight pills behind the words being spoken. A pill that would flash by (a fast word) also
 * covers the words after it until it has been up MIN_SHOW_S.
 */
function pillEvents(ctx: Ctx, group: CaptionGroup): Event[] {
  const { style, highlight } = ctx;
  if (style.animation !== "highlight-box" || !highlight) return [];
  const words = group.words;
  const runs: { from: number; to: number; start: number; end: number }[] = [];
  let from = 0;
  while (from < words.length) {
    const start = Math.max(group.start, (words[from] as PlacedWord).start);
    let to = from;
    const endOf = (k: number) => words[k + 1]?.start ?? group.end;
    while (endOf(to) - start < MIN_TARGET_S && to + 1 < words.length) to++;
    runs.push({ from, to, start, end: endOf(to) });
    from = to + 1;
  }
  // A last pill still too short joins the one before it.
  const last = runs.at(-1);
  const before = runs.at(-2);
  if (last && before && last.end - last.start < MIN_TARGET_S) {
    before.to = last.to;
    before.end = last.end;
    runs.pop();
  }
  return runs
    .filter((r) => r.end - r.start > 0.01)
    .map((r) => {
      const a = words[r.from] as PlacedWord;
      const b = words[r.to] as PlacedWord;
      const left = a.x - a.width / 2;
      const right = b.x + b.width / 2;
      const size = style.fontSize * group.scale;
      const w = right - left + 2 * size * PILL_PAD;
      const h = size * 1.12;
      return {
        layer: 1,
        start: r.start,
        end: r.end,
        text: `{\\an5\\pos(${r1((left + right) / 2)},${r1(group.y + size * 0.02)})\\1c${highlight.color}\\1a${highlight.alpha}\\bord0\\shad0\\fscx85\\fscy85\\t(0,80,\\fscx100\\fscy100)\\p1}${roundedRect(w, h, h * 0.32)}{\\p0}`,
      };
    });
}

function groupBoxEvent(style: CaptionStyle, group: CaptionGroup): Event | null {
  if (!style.box) return null;
  const c = assColor(style.box.color);
  const pad = style.box.padding * group.scale;
  const w = group.width + 2 * pad;
  const h = style.fontSize * group.scale * 1.15 + pad;
  const x = r1(PLAY_RES.width / 2);
  const y = r1(group.y);
  const m =
    style.animation === "slide-up"
      ? `\\move(${x},${r1(y + 40)},${x},${y},0,200)\\fad(150,0)`
      : `\\pos(${x},${y})\\fad(80,0)`;
  return {
    layer: 0,
    start: group.start,
    end: group.end,
    text: `{\\an5${m}\\1c${c.color}\\1a${c.alpha}\\bord0\\shad0\\blur1.5\\p1}${roundedRect(w, h, style.box.radius)}{\\p0}`,
  };
}

function header(style: CaptionStyle, face: FontFace): string {
  const fill = assColor(style.fill ?? "#FFFFFF");
  const primary = `&H${fill.alpha.slice(2, 4)}${fill.color.slice(2, 8)}`;
  return [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${PLAY_RES.width}`,
    `PlayResY: ${PLAY_RES.height}`,
    "WrapStyle: 2",
    "ScaledBorderAndShadow: yes",
    "YCbCr Matrix: TV.709",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    `Style: Caption,${face.family},${style.fontSize},${primary},&HFF000000,&H00000000,&H00000000,${face.bold ? -1 : 0},${face.italic ? -1 : 0},0,0,100,100,${style.letterSpacing},0,1,0,0,5,0,0,0,1`,
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ].join("\n");
}

/** Compiles timed words in a caption style to an ASS subtitle file. */
export function compileCaptions(options: CaptionOptions): CompiledCaptions {
  const { style, measure } = options;
  const face = styleFace(style);
  const sanitise = options.sanitise ?? ((t: string) => ({ ...stripEmoji(t), dropped: stripEmoji(t).removed }));
  const dropped = new Set<string>();
  const words: TimedWord[] = [];
  for (const w of options.words) {
    const clean = sanitise(w.text);
    for (const d of clean.dropped) dropped.add(d);
    if (displayText(clean.text, style).length > 0) words.push({ ...w, text: clean.text });
  }
  if (dropped.size > 0) {
    options.onWarning?.(`Captions skip characters the caption font cannot draw: ${[...dropped].join(" ")}`);
  }
  const y = (options.position ?? style.position) * PLAY_RES.height;
  const groups = layoutCaptions(words, style, measure, y, options.language);
  const ctx: Ctx = {
    style,
    fill: style.fill ? assColor(style.gradient?.[0] ?? style.fill) : null,
    highlight: style.highlight ? assColor(style.highlight) : null,
    fallback: options.fallback,
  };
  if (style.gradient && ctx.fill) ctx.fill = assColor(gradientBands(style.gradient, 8)[0] as string);
  const events: Event[] = [];
  for (const group of groups) {
    const box = groupBoxEvent(style, group);
    if (box) events.push(box);
    events.push(...pillEvents(ctx, group));
    group.words.forEach((word, i) => {
      const next = group.words[i + 1];
      events.push(...wordEvents(ctx, group, word, i, next ? next.start : null, group.scale));
    });
  }
  events.sort((a, b) => a.start - b.start || a.layer - b.layer);
  return { ass: `${header(style, face)}\n${events.map(dialogue).join("\n")}\n`, groups, face };
}
