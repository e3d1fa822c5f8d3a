import { CAPTION_STYLE_IDS, type CaptionStyleId } from "./media.ts";

/**
 * The look of the spec's 24 caption styles, as data. The render engine compiles it to ASS subtitles
 * (packages/render/src/captions); the web reads names, font labels and colours from here, so what a
 * user picks is what they get. Sizes are pixels on the 1080x1920 frame; colours are `#RRGGBB` or
 * `#RRGGBBAA` (AA = opacity, FF opaque).
 */

/** How words come and go on screen. */
export type CaptionAnimation =
  /** The word pops in: scaled up past full size, then settles. */
  | "pop"
  /** A group of words stays up; the word being spoken changes colour (karaoke). */
  | "karaoke"
  /** A group of words stays up; the word being spoken sits on a coloured rounded pill. */
  | "highlight-box"
  /** Words of a group appear one by one as they are spoken and stay until the group ends. */
  | "word-by-word"
  /** Letters are typed out as the word is spoken. */
  | "typewriter"
  /** The group fades in and out. */
  | "fade"
  /** A neon glow breathes around the word. */
  | "glow-pulse"
  /** The word flickers on like a neon tube. */
  | "flicker"
  /** The word bounces in from below with an overshoot. */
  | "bounce"
  /** The word lands with a rough shake. */
  | "shake"
  /** Red and cyan copies snap together into the word. */
  | "glitch"
  /** The word appears in hard 8-bit steps. */
  | "step"
  /** The group slides up into place. */
  | "slide-up";

export interface CaptionStroke {
  color: string;
  width: number;
}

export interface CaptionShadow {
  color: string;
  x: number;
  y: number;
  /** Softness in pixels; 0 is a hard shadow. */
  blur: number;
}

export interface CaptionGlow {
  color: string;
  radius: number;
}

export interface CaptionBox {
  color: string;
  padding: number;
  radius: number;
}

export interface CaptionStyle {
  id: CaptionStyleId;
  /** Display name shown in the picker. */
  name: string;
  /** Font label shown in the picker, e.g. "Montserrat Black". */
  fontLabel: string;
  /** The font family as the font file names it (ASS Fontname, CSS font-family). */
  fontFamily: string;
  fontWeight: number;
  italic: boolean;
  fontSize: number;
  /** Extra space between letters, in pixels. */
  letterSpacing: number;
  textCase: "upper" | "lower" | "none";
  /** Letter fill; `null` draws hollow letters (outline only). */
  fill: string | null;
  /** Vertical gradient of the fill, top to bottom; overrides `fill` when set. */
  gradient: string[] | null;
  /** Colour of the word being spoken (karaoke text, or the pill of highlight-box). */
  highlight: string | null;
  outline: CaptionStroke | null;
  shadow: CaptionShadow | null;
  glow: CaptionGlow | null;
  /** A rounded box behind the whole group. */
  box: CaptionBox | null;
  animation: CaptionAnimation;
  /** How many words are on screen at once (at most). */
  wordsPerGroup: 1 | 2 | 3 | 4;
  /** Vertical centre of the caption as a share of the frame height. */
  position: number;
  /** Short description for the picker. */
  description: string;
}

type StyleData = Omit<CaptionStyle, "id">;

const DEFAULTS = {
  italic: false,
  letterSpacing: 0,
  textCase: "none",
  gradient: null,
  highlight: null,
  outline: null,
  shadow: null,
  glow: null,
  box: null,
  position: 0.6,
} as const satisfies Partial<StyleData>;

const styles: Record<CaptionStyleId, StyleData> = {
  "modern-bold": {
    ...DEFAULTS,
    name: "Modern Bold",
    fontLabel: "Montserrat Black",
    fontFamily: "Montserrat Black",
    fontWeight: 900,
    fontSize: 150,
    textCase: "upper",
    fill: "#FFFFFF",
    highlight: "#FFE500",
    outline: { color: "#000000", width: 9 },
    shadow: { color: "#000000B0", x: 0, y: 7, blur: 0 },
    animation: "karaoke",
    wordsPerGroup: 3,
    description: "Heavy white caps with the spoken word in yellow",
  },
  "neon-glow": {
    ...DEFAULTS,
    name: "Neon Glow",
    fontLabel: "Tilt Neon",
    fontFamily: "Tilt Neon",
    fontWeight: 400,
    fontSize: 160,
    fill: "#FFF0FB",
    outline: { color: "#2E0428", width: 5 },
    glow: { color: "#FF2BD6", radius: 22 },
    animation: "glow-pulse",
    wordsPerGroup: 2,
    description: "Pink neon tube letters with a dark rim and a breathing glow",
  },
  typewriter: {
    ...DEFAULTS,
    name: "Typewriter",
    fontLabel: "Courier Prime Bold",
    fontFamily: "Courier Prime",
    fontWeight: 700,
    fontSize: 112,
    fill: "#1C1A17",
    box: { color: "#F4EBD0", padding: 26, radius: 10 },
    shadow: { color: "#00000066", x: 0, y: 8, blur: 14 },
    animation: "typewriter",
    wordsPerGroup: 4,
    description: "Typed letter by letter on a paper label",
  },
  bubble: {
    ...DEFAULTS,
    name: "Bubble",
    fontLabel: "Fredoka Bold",
    fontFamily: "Fredoka",
    fontWeight: 700,
    fontSize: 140,
    fill: "#FFFFFF",
    highlight: "#FF4FA3",
    outline: { color: "#2A1440", width: 7 },
    shadow: { color: "#2A144099", x: 0, y: 6, blur: 0 },
    animation: "highlight-box",
    wordsPerGroup: 3,
    description: "Round friendly letters, the spoken word on a pink bubble",
  },
  minimal: {
    ...DEFAULTS,
    name: "Minimal",
    fontLabel: "Inter SemiBold",
    fontFamily: "Inter SemiBold",
    fontWeight: 600,
    fontSize: 112,
    fill: "#FFFFFF",
    outline: { color: "#000000", width: 4 },
    shadow: { color: "#000000A0", x: 0, y: 3, blur: 10 },
    animation: "fade",
    wordsPerGroup: 4,
    description: "Clean sentence-case text with a thin dark edge and a soft shadow",
  },
  retro: {
    ...DEFAULTS,
    name: "Retro",
    fontLabel: "Shrikhand",
    fontFamily: "Shrikhand",
    fontWeight: 400,
    fontSize: 150,
    fill: "#FFD23F",
    outline: { color: "#3D1A6E", width: 5 },
    shadow: { color: "#EE4266", x: 9, y: 9, blur: 0 },
    animation: "bounce",
    wordsPerGroup: 2,
    description: "Seventies script in sunny yellow with a hot-pink drop",
  },
  cinematic: {
    ...DEFAULTS,
    name: "Cinematic",
    fontLabel: "Cinzel Bold",
    fontFamily: "Cinzel",
    fontWeight: 700,
    fontSize: 112,
    letterSpacing: 6,
    textCase: "upper",
    fill: "#F5F1E8",
    outline: { color: "#0B0A08", width: 3 },
    shadow: { color: "#000000C0", x: 0, y: 4, blur: 16 },
    animation: "word-by-word",
    wordsPerGroup: 4,
    position: 0.7,
    description: "Film-title capitals that appear word by word",
  },
  gaming: {
    ...DEFAULTS,
    name: "Gaming",
    fontLabel: "Russo One",
    fontFamily: "Russo One",
    fontWeight: 400,
    fontSize: 140,
    textCase: "upper",
    fill: "#FFFFFF",
    highlight: "#39FF14",
    outline: { color: "#000000", width: 8 },
    shadow: { color: "#000000", x: 5, y: 7, blur: 0 },
    animation: "karaoke",
    wordsPerGroup: 2,
    description: "Chunky esports caps, the spoken word in toxic green",
  },
  handwritten: {
    ...DEFAULTS,
    name: "Handwritten",
    fontLabel: "Kalam Bold",
    fontFamily: "Kalam",
    fontWeight: 700,
    fontSize: 150,
    fill: "#FFFFFF",
    outline: { color: "#1E1E1E", width: 5 },
    shadow: { color: "#00000080", x: 3, y: 6, blur: 4 },
    animation: "word-by-word",
    wordsPerGroup: 3,
    description: "Marker handwriting that writes itself word by word",
  },
  gradient: {
    ...DEFAULTS,
    name: "Gradient",
    fontLabel: "Poppins Black",
    fontFamily: "Poppins Black",
    fontWeight: 900,
    fontSize: 155,
    textCase: "upper",
    fill: "#FF5F6D",
    gradient: ["#FF3CAC", "#FF6B6B", "#FFA94D", "#FFD43B"],
    outline: { color: "#1A0B2E", width: 7 },
    shadow: { color: "#1A0B2E99", x: 0, y: 8, blur: 0 },
    animation: "pop",
    wordsPerGroup: 1,
    description: "Pink-to-gold gradient letters that pop",
  },
  outline: {
    ...DEFAULTS,
    name: "Outline",
    fontLabel: "Anton",
    fontFamily: "Anton",
    fontWeight: 400,
    fontSize: 170,
    textCase: "upper",
    fill: null,
    highlight: "#FFFFFF",
    outline: { color: "#FFFFFF", width: 5 },
    shadow: { color: "#000000E0", x: 0, y: 3, blur: 5 },
    animation: "karaoke",
    wordsPerGroup: 3,
    description: "Hollow condensed caps on a dark halo; the spoken word fills in",
  },
  shadow: {
    ...DEFAULTS,
    name: "Shadow",
    fontLabel: "Archivo Black",
    fontFamily: "Archivo Black",
    fontWeight: 400,
    fontSize: 145,
    textCase: "upper",
    fill: "#FFFFFF",
    outline: { color: "#000000", width: 5 },
    shadow: { color: "#000000D0", x: 12, y: 12, blur: 0 },
    animation: "pop",
    wordsPerGroup: 1,
    description: "Bold white words on a long hard shadow",
  },
  script: {
    ...DEFAULTS,
    name: "Script",
    fontLabel: "Pacifico",
    fontFamily: "Pacifico",
    fontWeight: 400,
    fontSize: 150,
    fill: "#FFFFFF",
    outline: { color: "#4A0D33", width: 4 },
    glow: { color: "#FF6EC7", radius: 12 },
    shadow: { color: "#5A0F3C99", x: 0, y: 6, blur: 8 },
    animation: "fade",
    wordsPerGroup: 2,
    description: "Flowing brush script with a rosy glow",
  },
  pixel: {
    ...DEFAULTS,
    name: "Pixel",
    fontLabel: "Press Start 2P",
    fontFamily: "Press Start 2P",
    fontWeight: 400,
    fontSize: 84,
    textCase: "upper",
    fill: "#FFFFFF",
    highlight: "#FFD400",
    outline: { color: "#000000", width: 6 },
    shadow: { color: "#000000", x: 7, y: 7, blur: 0 },
    animation: "step",
    wordsPerGroup: 2,
    description: "8-bit arcade letters that step in",
  },
  corporate: {
    ...DEFAULTS,
    name: "Corporate",
    fontLabel: "IBM Plex Sans SemiBold",
    fontFamily: "IBM Plex Sans SemiBold",
    fontWeight: 600,
    fontSize: 112,
    fill: "#FFFFFF",
    box: { color: "#0B3D91", padding: 28, radius: 16 },
    shadow: { color: "#00000055", x: 0, y: 8, blur: 16 },
    animation: "slide-up",
    wordsPerGroup: 4,
    description: "Crisp sans on a navy lower-third box",
  },
  comic: {
    ...DEFAULTS,
    name: "Comic",
    fontLabel: "Bangers",
    fontFamily: "Bangers",
    fontWeight: 400,
    fontSize: 175,
    letterSpacing: 3,
    textCase: "upper",
    fill: "#FFE600",
    outline: { color: "#000000", width: 9 },
    shadow: { color: "#E4252B", x: 8, y: 9, blur: 0 },
    animation: "pop",
    wordsPerGroup: 1,
    description: "Comic-book yellow with a red drop, tilted pop",
  },
  elegant: {
    ...DEFAULTS,
    name: "Elegant",
    fontLabel: "Playfair Display Bold Italic",
    fontFamily: "Playfair Display",
    fontWeight: 700,
    italic: true,
    fontSize: 145,
    fill: "#F7E7C6",
    highlight: "#E8C15A",
    outline: { color: "#21160A", width: 3 },
    shadow: { color: "#000000A0", x: 0, y: 5, blur: 12 },
    animation: "word-by-word",
    wordsPerGroup: 3,
    description: "Champagne serif italics revealed word by word",
  },
  techno: {
    ...DEFAULTS,
    name: "Techno",
    fontLabel: "Orbitron Black",
    fontFamily: "Orbitron Black",
    fontWeight: 900,
    fontSize: 128,
    letterSpacing: 2,
    textCase: "upper",
    fill: "#00E5FF",
    outline: { color: "#001826", width: 5 },
    glow: { color: "#00B8FF", radius: 12 },
    animation: "glitch",
    wordsPerGroup: 1,
    description: "Cyan sci-fi caps that glitch into place",
  },
  vintage: {
    ...DEFAULTS,
    name: "Vintage",
    fontLabel: "Abril Fatface",
    fontFamily: "Abril Fatface",
    fontWeight: 400,
    fontSize: 140,
    fill: "#F3E2C0",
    outline: { color: "#5A3A22", width: 5 },
    shadow: { color: "#2B1A0E", x: 6, y: 6, blur: 0 },
    animation: "fade",
    wordsPerGroup: 2,
    description: "Old-print display serif in cream and sepia",
  },
  grunge: {
    ...DEFAULTS,
    name: "Grunge",
    fontLabel: "Rubik Dirt",
    fontFamily: "Rubik Dirt",
    fontWeight: 400,
    fontSize: 150,
    textCase: "upper",
    fill: "#EDEDED",
    outline: { color: "#111111", width: 6 },
    shadow: { color: "#000000C0", x: 4, y: 6, blur: 3 },
    animation: "shake",
    wordsPerGroup: 1,
    description: "Distressed caps that land with a shake",
  },
  "neon-outline": {
    ...DEFAULTS,
    name: "Neon Outline",
    fontLabel: "Bebas Neue",
    fontFamily: "Bebas Neue",
    fontWeight: 400,
    fontSize: 200,
    letterSpacing: 4,
    textCase: "upper",
    fill: "#041820",
    outline: { color: "#29F0FF", width: 5 },
    glow: { color: "#29F0FF", radius: 18 },
    animation: "flicker",
    wordsPerGroup: 2,
    description: "Cyan neon tubes around dark glass that flicker on",
  },
  glass: {
    ...DEFAULTS,
    name: "Glass",
    fontLabel: "Outfit SemiBold",
    fontFamily: "Outfit SemiBold",
    fontWeight: 600,
    fontSize: 124,
    fill: "#FFFFFF",
    box: { color: "#161B24B3", padding: 30, radius: 44 },
    shadow: { color: "#00000066", x: 0, y: 3, blur: 8 },
    animation: "slide-up",
    wordsPerGroup: 3,
    description: "White text on a smoked glass pill",
  },
  metal: {
    ...DEFAULTS,
    name: "Metal",
    fontLabel: "Black Ops One",
    fontFamily: "Black Ops One",
    fontWeight: 400,
    fontSize: 150,
    textCase: "upper",
    fill: "#C9CED6",
    gradient: ["#FFFFFF", "#AEB6C2", "#EEF1F5", "#8A93A0"],
    outline: { color: "#15181D", width: 6 },
    shadow: { color: "#000000B0", x: 0, y: 8, blur: 2 },
    animation: "pop",
    wordsPerGroup: 1,
    description: "Brushed-chrome stencil letters",
  },
  fire: {
    ...DEFAULTS,
    name: "Fire",
    fontLabel: "Lilita One",
    fontFamily: "Lilita One",
    fontWeight: 400,
    fontSize: 165,
    textCase: "upper",
    fill: "#FF9800",
    gradient: ["#FFF59D", "#FFC107", "#FF7A00", "#F4511E"],
    outline: { color: "#3E0A00", width: 6 },
    glow: { color: "#FF5722", radius: 18 },
    animation: "bounce",
    wordsPerGroup: 1,
    description: "Blazing yellow-to-red letters with an ember glow",
  },
};

/** Every caption style, in the spec's order. */
export const CAPTION_STYLES: readonly CaptionStyle[] = CAPTION_STYLE_IDS.map((id) => ({ id, ...styles[id] }));

/** WCAG relative luminance of an `#RRGGBB` colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two `#RRGGBB` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `#RRGGBB[AA]` laid over an opaque `#RRGGBB` backdrop. */
function over(color: string, backdrop: string): string {
  const alpha = color.length === 9 ? Number.parseInt(color.slice(7, 9), 16) / 255 : 1;
  const mix = [0, 1, 2].map((i) => {
    const c = Number.parseInt(color.slice(1 + 2 * i, 3 + 2 * i), 16);
    const b = Number.parseInt(backdrop.slice(1 + 2 * i, 3 + 2 * i), 16);
    return Math.round(c * alpha + b * (1 - alpha))
      .toString(16)
      .padStart(2, "0");
  });
  return `#${mix.join("")}`.toUpperCase();
}

/** The corners of the colour cube: the extremes any footage can put behind a caption. */
const FOOTAGE_EXTREMES = ["#000000", "#FFFFFF", "#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#FF00FF", "#00FFFF"];

/**
 * What a style draws right around its letters: its outline; for hollow letters (drawn by their
 * outline), the shadow when it surrounds them (offset no larger than its blur); otherwise its box.
 * Null when the letters meet the footage directly.
 */
export function captionEdge(style: CaptionStyle): string | null {
  if (style.fill === null) {
    const s = style.shadow;
    return s && Math.abs(s.x) <= s.blur && Math.abs(s.y) <= s.blur ? s.color : null;
  }
  return style.outline?.color ?? style.box?.color ?? null;
}

/** The colours a style's letters take: fill or gradient (the outline for hollow letters), and the spoken word's. */
export function captionLetterColors(style: CaptionStyle): string[] {
  const letters = style.fill === null ? [style.outline?.color ?? "#FFFFFF"] : (style.gradient ?? [style.fill]);
  const spoken = style.highlight && style.animation !== "highlight-box" ? [style.highlight] : [];
  return [...letters, ...spoken];
}

/**
 * The lowest WCAG contrast between a style's letters and the edge drawn around them, over any
 * footage (translucent edges and boxes are laid over the extremes of the colour cube).
 */
export function captionContrast(style: CaptionStyle): number {
  const edge = captionEdge(style);
  let lowest = Number.POSITIVE_INFINITY;
  for (const footage of FOOTAGE_EXTREMES) {
    const around = edge ? over(edge, footage) : footage;
    for (const letter of captionLetterColors(style)) {
      lowest = Math.min(lowest, contrastRatio(over(letter, footage), around));
    }
  }
  return lowest;
}

export function captionStyle(id: CaptionStyleId): CaptionStyle {
  const style = CAPTION_STYLES.find((s) => s.id === id);
  if (!style) throw new RangeError(`unknown caption style ${id}`);
  return style;
}
