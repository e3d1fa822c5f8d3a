import type { CaptionAnimation, CaptionStyle } from "@reelsmith/core";
import { safeArea } from "../canvas.ts";
import type { TimedWord } from "../composition/schema.ts";
import { type FontFace, styleFace } from "./fonts.ts";
import type { Measure } from "./measure.ts";
import { type Sanitised, stripEmoji } from "./text-safety.ts";

/**
 * Captions -> ASS subtitles for libass. Pure: word timings and a style in, the subtitle file out.
 * Every word is its own event placed at a position this module computes (measured with the same
 * font files), so highlight pills, gradients and glows line up with their word, and nothing leaves
 * the safe area: within 90 % of the width and clear of the bottom 20 % of the frame.
 */

export const PLAY_RES = { width: 1080, height: 1920 } as const;

/** Longest pause inside a group; a longer one starts a new group. */
const MAX_GAP_S = 0.45;
/** How long the last group of a phrase lingers after its last word. */
const HOLD_S = 0.5;
/** Groups closer than this are joined end to start (no blink between them). */
const JOIN_S = 0.3;
const MIN_GROUP_S = 0.25;

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
  measure: Measure;
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

/** Extra room a word needs around its advance width: outline, glow, shadow, box. */
function bleed(style: CaptionStyle): number {
  const outline = style.outline?.width ?? 0;
  const glow = style.glow ? style.glow.radius * 0.6 : 0;
  const shadow = style.shadow ? Math.abs(style.shadow.x) + style.shadow.blur * 0.5 : 0;
  const box = style.box ? style.box.padding : 0;
  return 2 * Math.max(outline, glow, box) + shadow;
}

/** The widest a line may be at the style's size, so that even at its animation peak it stays inside. */
export function maxLineWidth(style: CaptionStyle): number {
  return (safeArea(PLAY_RES).width - bleed(style)) / PEAK_SCALE[style.animation];
}

/**
 * Splits timed words into on-screen groups: at most `wordsPerGroup` words, one line wide, broken at
 * sentence ends and pauses; placed centred at `y`, scaled down when a single word is too wide.
 */
export function layoutCaptions(
  words: readonly TimedWord[],
  style: CaptionStyle,
  measure: Measure,
  y: number,
): CaptionGroup[] {
  const face = styleFace(style);
  const limit = maxLineWidth(style);
  const width = (t: string) => measure(t, face, style.fontSize, style.letterSpacing);
  // A word's outline and its emphasis (karaoke growth) reach into the space between words.
  const space =
    width(" ") + 2 * (style.outline?.width ?? 0) + style.fontSize * (PEAK_SCALE[style.animation] - 1 + 0.04);
  const groups: { words: TimedWord[]; widths: number[] }[] = [];
  let current: { words: TimedWord[]; widths: number[] } | null = null;
  let previous: TimedWord | null = null;
  for (const word of words) {
    const w = width(displayText(word.text, style));
    const lineWidth = current ? current.widths.reduce((a, b) => a + b, 0) + space * current.words.length + w : w;
    const breakBefore =
      !current ||
      current.words.length >= style.wordsPerGroup ||
      (previous && /[.!?…]["')\]]*$/u.test(previous.text)) ||
      (previous && current.words.length >= 2 && /[,;:]["')\]]*$/u.test(previous.text)) ||
      (previous && word.start - previous.end > MAX_GAP_S) ||
      lineWidth > limit;
    if (breakBefore) {
      current = { words: [], widths: [] };
      groups.push(current);
    }
    current?.words.push(word);
    current?.widths.push(w);
    previous = word;
  }
  const cx = PLAY_RES.width / 2;
  return groups.map((g, i) => {
    const natural = g.widths.reduce((a, b) => a + b, 0) + space * (g.words.length - 1);
    const scale = natural > limit ? limit / natural : 1;
    let x = cx - (natural * scale) / 2;
    const placed = g.words.map((word, j) => {
      const w = (g.widths[j] ?? 0) * scale;
      const p: PlacedWord = { text: word.text, start: word.start, end: word.end, x: x + w / 2, y, width: w };
      x += w + space * scale;
      return p;
    });
    const first = g.words[0] as TimedWord;
    const last = g.words.at(-1) as TimedWord;
    const nextStart = groups[i + 1]?.words[0]?.start ?? Number.POSITIVE_INFINITY;
    let end = Math.min(last.end + HOLD_S, nextStart);
    if (nextStart - end < JOIN_S) end = Math.min(nextStart, Math.max(end, nextStart));
    end = Math.max(end, first.start + MIN_GROUP_S);
    if (Number.isFinite(nextStart)) end = Math.min(end, nextStart);
    return { start: first.start, end, words: placed, scale, width: natural * scale, y };
  });
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

function typewriterText(text: string, duration: number): string {
  const chars = [...text];
  const per = Math.max(1, Math.round(Math.min(0.06, duration / Math.max(1, chars.length)) * 100));
  return chars.map((c) => `{\\ko${per}}${c}`).join("");
}

/** Visible windows of a flickering neon tube, relative to its start (seconds). */
const FLICKER_ON: readonly [number, number][] = [
  [0, 0.07],
  [0.13, 0.17],
  [0.23, Number.POSITIVE_INFINITY],
];

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
  const body = style.animation === "typewriter" ? typewriterText(text, word.end - word.start) : text;
  const windows: [number, number][] =
    style.animation === "flicker"
      ? FLICKER_ON.map(([a, b]) => [start + a, Math.min(end, start + b)] as [number, number]).filter(
          ([a, b]) => b - a > 0.005,
        )
      : [[start, end]];

  const push = (layer: number, tags: string, content = body) => {
    for (const [a, b] of windows) {
      // Transform times are relative to each event's own start.
      const shifted =
        a === start
          ? tags
          : tags.replace(/\\t\((\d+),(\d+),/g, (_m, t1, t2) => {
              const d = ms(a - start);
              return `\\t(${Math.max(0, Number(t1) - d)},${Math.max(0, Number(t2) - d)},`;
            });
      events.push({ layer, start: a, end: b, text: `{${shifted}}${content}` });
    }
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
      push(5, `${common}${motion}\\1c${c.color}\\bord0\\shad0\\clip(0,${y1},${PLAY_RES.width},${y2})${anim}`);
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
        end: Math.min(end, start + 0.2),
        text: `{${common}\\move(${r1(x + dx)},${y},${x},${y},0,150)\\1c${color}\\1a&H40&\\bord0\\shad0\\t(60,200,\\1a&HFF&)}${body}`,
      });
    }
  }
  // Highlight pill behind the word being spoken.
  if (style.animation === "highlight-box" && ctx.highlight) {
    const pillEnd = nextStart ?? end;
    if (pillEnd - word.start > 0.01) {
      const padX = style.fontSize * scale * 0.22;
      const w = word.width + 2 * padX;
      const h = style.fontSize * scale * 1.12;
      events.push({
        layer: 1,
        start: word.start,
        end: pillEnd,
        text: `{\\an5\\pos(${x},${r1(y + style.fontSize * scale * 0.02)})\\1c${ctx.highlight.color}\\1a${ctx.highlight.alpha}\\bord0\\shad0\\fscx85\\fscy85\\t(0,80,\\fscx100\\fscy100)\\p1}${roundedRect(w, h, h * 0.32)}{\\p0}`,
      });
    }
  }
  return events;
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
  const groups = layoutCaptions(words, style, measure, y);
  const ctx: Ctx = {
    style,
    fill: style.fill ? assColor(style.gradient?.[0] ?? style.fill) : null,
    highlight: style.highlight ? assColor(style.highlight) : null,
  };
  if (style.gradient && ctx.fill) ctx.fill = assColor(gradientBands(style.gradient, 8)[0] as string);
  const events: Event[] = [];
  for (const group of groups) {
    const box = groupBoxEvent(style, group);
    if (box) events.push(box);
    group.words.forEach((word, i) => {
      const next = group.words[i + 1];
      events.push(...wordEvents(ctx, group, word, i, next ? next.start : null, group.scale));
    });
  }
  events.sort((a, b) => a.start - b.start || a.layer - b.layer);
  return { ass: `${header(style, face)}\n${events.map(dialogue).join("\n")}\n`, groups, face };
}
