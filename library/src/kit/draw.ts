/** Drawing helpers shared by the generators: fonts, vector emoji as cached bitmaps, easing, colour. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Canvas, createCanvas, GlobalFonts, Image, type SKRSContext2D } from "@napi-rs/canvas";

const require = createRequire(import.meta.url);

export const FONT_DISPLAY = "Anton";
export const FONT_CARTOON = "Luckiest Guy";
let fontsRegistered = false;

/** Registers the OFL/Apache display fonts shipped by registry packages. */
export function registerFonts(): void {
  if (fontsRegistered) return;
  GlobalFonts.registerFromPath(
    require.resolve("@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf"),
    FONT_DISPLAY,
  );
  GlobalFonts.registerFromPath(
    require.resolve("@expo-google-fonts/luckiest-guy/400Regular/LuckiestGuy_400Regular.ttf"),
    FONT_CARTOON,
  );
  fontsRegistered = true;
}

interface IconSet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}
let noto: IconSet | undefined;
const emojiCache = new Map<string, Canvas>();

/** Noto Emoji (Apache-2.0) as SVG from @iconify-json/noto. */
export function emojiSvg(name: string): string {
  noto ??= JSON.parse(readFileSync(require.resolve("@iconify-json/noto/icons.json"), "utf8")) as IconSet;
  const resolved = noto.icons[name] ? name : noto.aliases?.[name]?.parent;
  const icon = resolved ? noto.icons[resolved] : undefined;
  if (!icon) throw new Error(`unknown emoji ${name}`);
  const w = icon.width ?? noto.width ?? 128;
  const h = icon.height ?? noto.height ?? 128;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${icon.body}</svg>`;
}

/** An emoji rasterised once at `size` px (square canvas), crisp at any size. */
export function emoji(name: string, size: number): Canvas {
  const id = `${name}@${size}`;
  let canvas = emojiCache.get(id);
  if (!canvas) {
    const svg = emojiSvg(name).replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
    const img = new Image();
    img.src = Buffer.from(svg);
    canvas = createCanvas(size, size);
    canvas.getContext("2d").drawImage(img, 0, 0, size, size);
    emojiCache.set(id, canvas);
  }
  return canvas;
}

/** Draws an image centred at (x, y) with scale, rotation (radians) and alpha. */
export function drawCentered(
  ctx: SKRSContext2D,
  img: Canvas,
  x: number,
  y: number,
  size: number,
  rotation = 0,
  alpha = 1,
  scaleX = 1,
  scaleY = 1,
): void {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(x, y);
  ctx.rotate(rotation);
  ctx.scale(scaleX, scaleY);
  ctx.drawImage(img, -size / 2, -size / 2, size, size);
  ctx.restore();
}

export const TAU = Math.PI * 2;
export const clamp = (x: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));
export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
export const easeOutBack = (t: number) => {
  const c = 1.70158;
  return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2;
};
export const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
export const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;
/** Positive modulo. */
export const mod = (a: number, n: number) => ((a % n) + n) % n;

export function hsl(h: number, s: number, l: number, a = 1): string {
  return a === 1
    ? `hsl(${mod(h, 360).toFixed(1)},${s.toFixed(1)}%,${l.toFixed(1)}%)`
    : `hsla(${mod(h, 360).toFixed(1)},${s.toFixed(1)}%,${l.toFixed(1)}%,${a.toFixed(3)})`;
}

/** "#rrggbb" mixed with another colour by t. */
export function mix(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const ch = (p: number, s: number) => (p >> s) & 255;
  const m = (s: number) => Math.round(lerp(ch(pa, s), ch(pb, s), clamp(t)));
  return `#${((m(16) << 16) | (m(8) << 8) | m(0)).toString(16).padStart(6, "0")}`;
}

export function shade(color: string, factor: number): string {
  return factor >= 1 ? mix(color, "#ffffff", factor - 1) : mix(color, "#000000", 1 - factor);
}

/** Text with a thick outline, centred at (x, y). */
export function outlinedText(
  ctx: SKRSContext2D,
  text: string,
  x: number,
  y: number,
  size: number,
  o: { font?: string; fill?: string; stroke?: string; lineWidth?: number; rotation?: number; scale?: number } = {},
): void {
  registerFonts();
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(o.rotation ?? 0);
  ctx.scale(o.scale ?? 1, o.scale ?? 1);
  ctx.font = `${size}px "${o.font ?? FONT_DISPLAY}"`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineJoin = "round";
  ctx.lineWidth = o.lineWidth ?? size * 0.16;
  ctx.strokeStyle = o.stroke ?? "#000000";
  ctx.strokeText(text, 0, 0);
  ctx.fillStyle = o.fill ?? "#ffffff";
  ctx.fillText(text, 0, 0);
  ctx.restore();
}
