/**
 * The example product photos of the guidelines page, drawn in the browser (nothing is downloaded):
 * each example is a scene (where the product stands, how big, on what, in which light) and one
 * painter draws every scene on a square 2D canvas.
 */

/** The 2D canvas calls the painter makes (a CanvasRenderingContext2D, or a stand-in in tests). */
export type Painter = Pick<
  CanvasRenderingContext2D,
  | "save"
  | "restore"
  | "beginPath"
  | "closePath"
  | "moveTo"
  | "lineTo"
  | "quadraticCurveTo"
  | "ellipse"
  | "arc"
  | "rect"
  | "roundRect"
  | "fill"
  | "stroke"
  | "fillRect"
  | "fillText"
  | "translate"
  | "rotate"
  | "clip"
  | "createLinearGradient"
  | "createRadialGradient"
  | "fillStyle"
  | "strokeStyle"
  | "lineWidth"
  | "globalAlpha"
  | "shadowColor"
  | "shadowBlur"
  | "shadowOffsetY"
  | "font"
  | "textAlign"
  | "textBaseline"
  | "filter"
>;

export interface Scene {
  /** The product's centre (shares of the frame's width and height) and its height (share of the frame). */
  product: { x: number; y: number; height: number };
  /** A plain light backdrop, or a patterned tablecloth on a cluttered table. */
  backdrop: "plain" | "busy";
  /** 1 is bright, even light; lower is darker. */
  light: number;
  /** Words printed over the photo. */
  overlay?: string;
}

export interface PhotoExample {
  id: string;
  verdict: "good" | "bad";
  title: string;
  /** Why it works or does not. */
  caption: string;
  /** What the picture shows, for screen readers. */
  description: string;
  scene: Scene;
}

export const PHOTO_EXAMPLES: readonly PhotoExample[] = [
  {
    id: "good",
    verdict: "good",
    title: "Plain, bright and centred",
    caption:
      "A plain light backdrop and soft, even light; the whole product stands in the middle and fills most of the square. The ad can frame it any way it likes.",
    description: "A green serum bottle, centred and large, on a plain light backdrop in bright, even light.",
    scene: { product: { x: 0.5, y: 0.53, height: 0.7 }, backdrop: "plain", light: 1 },
  },
  {
    id: "busy",
    verdict: "bad",
    title: "Small, dark and busy",
    caption:
      "The product is small and off to one side, on a patterned tablecloth among other things, in dim light. It gets lost, and its colours turn muddy.",
    description: "The same bottle, small in the bottom-right corner of a dim, cluttered table with a checked cloth.",
    scene: { product: { x: 0.76, y: 0.74, height: 0.26 }, backdrop: "busy", light: 0.42 },
  },
  {
    id: "cropped",
    verdict: "bad",
    title: "Cropped",
    caption:
      "The pump and the base are cut off by the edges of the photo. Viewers never see the whole product, and the ad cannot zoom out to show it.",
    description: "The same bottle so close that its top and bottom are cut off by the frame.",
    scene: { product: { x: 0.44, y: 0.6, height: 1.3 }, backdrop: "plain", light: 1 },
  },
  {
    id: "text",
    verdict: "bad",
    title: "Text on the photo",
    caption:
      "Prices, stickers and slogans printed on the photo clash with the ad's own hook and captions, and look like a flyer instead of a creator's video.",
    description: "The same bottle on a plain backdrop, covered by a large '50% OFF' banner.",
    scene: { product: { x: 0.5, y: 0.53, height: 0.7 }, backdrop: "plain", light: 1, overlay: "50% OFF" },
  },
];

/** The bottle's proportions: width to height. */
const BOTTLE_ASPECT = 0.44;

/** Where the product lands in a frame of `size` pixels (it may reach past the edges: cropped). */
export function productBounds(
  scene: Scene,
  size: number,
): { left: number; top: number; right: number; bottom: number } {
  const height = scene.product.height * size;
  const width = height * BOTTLE_ASPECT;
  const cx = scene.product.x * size;
  const cy = scene.product.y * size;
  return { left: cx - width / 2, top: cy - height / 2, right: cx + width / 2, bottom: cy + height / 2 };
}

function plainBackdrop(p: Painter, size: number): void {
  const wall = p.createLinearGradient(0, 0, 0, size);
  wall.addColorStop(0, "#f7f4ef");
  wall.addColorStop(0.72, "#ece7df");
  wall.addColorStop(1, "#e2dcd2");
  p.fillStyle = wall;
  p.fillRect(0, 0, size, size);
  // A seamless sweep: a soft glow behind the product, as from a window on the left.
  const glow = p.createRadialGradient(size * 0.35, size * 0.3, 0, size * 0.35, size * 0.3, size * 0.8);
  glow.addColorStop(0, "rgba(255,255,255,0.75)");
  glow.addColorStop(1, "rgba(255,255,255,0)");
  p.fillStyle = glow;
  p.fillRect(0, 0, size, size);
}

function busyBackdrop(p: Painter, size: number): void {
  // Wallpaper with stripes and dots.
  p.fillStyle = "#7a5a3c";
  p.fillRect(0, 0, size, size * 0.45);
  p.fillStyle = "#8d6a48";
  for (let x = 0; x < size; x += size / 12) p.fillRect(x, 0, size / 24, size * 0.45);
  p.fillStyle = "#c9a36b";
  for (let y = size * 0.04; y < size * 0.45; y += size / 14) {
    for (let x = (y / (size / 14)) % 2 ? size / 24 : 0; x < size; x += size / 12) {
      p.beginPath();
      p.arc(x + size / 48, y, size * 0.008, 0, Math.PI * 2);
      p.fill();
    }
  }
  // A wooden table.
  p.fillStyle = "#6b3f22";
  p.fillRect(0, size * 0.45, size, size * 0.55);
  p.fillStyle = "#7d4b2a";
  for (let y = size * 0.47; y < size; y += size / 16) p.fillRect(0, y, size, size / 64);
  // A checked tablecloth across it, at an angle.
  p.save();
  p.translate(size * 0.08, size * 0.5);
  p.rotate(-0.12);
  p.beginPath();
  p.rect(0, 0, size * 1.1, size * 0.62);
  p.clip();
  p.fillStyle = "#f0e6d6";
  p.fillRect(0, 0, size * 1.1, size * 0.62);
  const cell = size / 18;
  p.fillStyle = "rgba(190,40,50,0.55)";
  for (let i = 0; i < 20; i += 2) p.fillRect(i * cell, 0, cell, size * 0.62);
  for (let j = 0; j < 12; j += 2) p.fillRect(0, j * cell, size * 1.1, cell);
  p.restore();
  // Clutter: a mug, a plate, a plant and a phone.
  p.fillStyle = "#3b6ea5";
  p.beginPath();
  p.roundRect(size * 0.1, size * 0.5, size * 0.13, size * 0.16, size * 0.015);
  p.fill();
  p.strokeStyle = "#3b6ea5";
  p.lineWidth = size * 0.018;
  p.beginPath();
  p.arc(size * 0.24, size * 0.58, size * 0.035, -Math.PI / 2, Math.PI / 2);
  p.stroke();
  p.fillStyle = "#f4f4f0";
  p.beginPath();
  p.ellipse(size * 0.42, size * 0.8, size * 0.17, size * 0.07, 0, 0, Math.PI * 2);
  p.fill();
  p.fillStyle = "#d9822b";
  p.beginPath();
  p.ellipse(size * 0.42, size * 0.79, size * 0.09, size * 0.035, 0, 0, Math.PI * 2);
  p.fill();
  p.fillStyle = "#9a5b34";
  p.beginPath();
  p.roundRect(size * 0.55, size * 0.42, size * 0.12, size * 0.13, size * 0.01);
  p.fill();
  p.fillStyle = "#3f7d3a";
  for (const [dx, dy, r] of [
    [0, -0.06, 0.06],
    [-0.05, -0.1, 0.05],
    [0.05, -0.11, 0.05],
    [0, -0.16, 0.045],
  ] as const) {
    p.beginPath();
    p.ellipse(size * (0.61 + dx), size * (0.42 + dy), size * r, size * r * 0.6, dx * 8, 0, Math.PI * 2);
    p.fill();
  }
  p.fillStyle = "#1d1d22";
  p.save();
  p.translate(size * 0.2, size * 0.86);
  p.rotate(0.35);
  p.beginPath();
  p.roundRect(0, 0, size * 0.09, size * 0.17, size * 0.012);
  p.fill();
  p.restore();
}

/** A green serum bottle with a pump, standing on its shadow, drawn in the scene's place and size. */
function bottle(p: Painter, scene: Scene, size: number): void {
  const { left, top, right, bottom } = productBounds(scene, size);
  const w = right - left;
  const h = bottom - top;
  const cx = left + w / 2;

  // Its shadow on the surface.
  p.save();
  p.fillStyle = "rgba(40,30,20,0.28)";
  p.filter = `blur(${Math.max(1, w * 0.06)}px)`;
  p.beginPath();
  p.ellipse(cx + w * 0.08, bottom - h * 0.005, w * 0.62, h * 0.035, 0, 0, Math.PI * 2);
  p.fill();
  p.restore();

  const bodyTop = top + h * 0.3;
  const bodyLeft = left;
  // The body: a rounded glass cylinder, lit from the left.
  const glass = p.createLinearGradient(bodyLeft, 0, right, 0);
  glass.addColorStop(0, "#24594b");
  glass.addColorStop(0.22, "#4c9a83");
  glass.addColorStop(0.38, "#6fb9a0");
  glass.addColorStop(0.7, "#2f7060");
  glass.addColorStop(1, "#1b4339");
  p.fillStyle = glass;
  p.beginPath();
  p.roundRect(bodyLeft, bodyTop, w, bottom - bodyTop, [w * 0.22, w * 0.22, w * 0.12, w * 0.12]);
  p.fill();
  // The shoulder and the neck.
  p.fillStyle = "#2b6353";
  p.beginPath();
  p.roundRect(cx - w * 0.2, top + h * 0.22, w * 0.4, h * 0.1, w * 0.05);
  p.fill();
  // The pump collar and head, in dark metal.
  const metal = p.createLinearGradient(cx - w * 0.3, 0, cx + w * 0.3, 0);
  metal.addColorStop(0, "#1d2129");
  metal.addColorStop(0.35, "#5b6270");
  metal.addColorStop(1, "#15181e");
  p.fillStyle = metal;
  p.beginPath();
  p.roundRect(cx - w * 0.26, top + h * 0.15, w * 0.52, h * 0.09, w * 0.04);
  p.fill();
  p.beginPath();
  p.roundRect(cx - w * 0.07, top + h * 0.05, w * 0.14, h * 0.11, w * 0.02);
  p.fill();
  p.beginPath();
  p.roundRect(cx - w * 0.2, top, w * 0.42, h * 0.06, w * 0.03);
  p.fill();
  p.beginPath();
  p.roundRect(cx + w * 0.18, top + h * 0.01, w * 0.2, h * 0.03, w * 0.015);
  p.fill();
  // The label, with its brand mark and lines of small print.
  const labelTop = bodyTop + (bottom - bodyTop) * 0.26;
  const labelHeight = (bottom - bodyTop) * 0.46;
  p.fillStyle = "#f3eee4";
  p.fillRect(bodyLeft + w * 0.1, labelTop, w * 0.8, labelHeight);
  p.fillStyle = "#1f4d41";
  p.beginPath();
  p.arc(cx, labelTop + labelHeight * 0.28, w * 0.11, 0, Math.PI * 2);
  p.fill();
  p.fillStyle = "#8aa69c";
  for (const [share, width] of [
    [0.56, 0.5],
    [0.7, 0.38],
    [0.82, 0.44],
  ] as const) {
    p.fillRect(cx - (w * width) / 2, labelTop + labelHeight * share, w * width, labelHeight * 0.05);
  }
  // A highlight down the glass.
  p.fillStyle = "rgba(255,255,255,0.28)";
  p.beginPath();
  p.roundRect(bodyLeft + w * 0.12, bodyTop + h * 0.04, w * 0.07, (bottom - bodyTop) * 0.8, w * 0.035);
  p.fill();
}

function dim(p: Painter, light: number, size: number): void {
  if (light >= 1) return;
  p.fillStyle = `rgba(12,10,18,${(1 - light) * 0.95})`;
  p.fillRect(0, 0, size, size);
  // Darker still towards the corners, as with one weak lamp.
  const vignette = p.createRadialGradient(size * 0.4, size * 0.35, size * 0.1, size * 0.5, size * 0.5, size * 0.75);
  vignette.addColorStop(0, "rgba(0,0,0,0)");
  vignette.addColorStop(1, `rgba(0,0,0,${(1 - light) * 0.9})`);
  p.fillStyle = vignette;
  p.fillRect(0, 0, size, size);
}

function overlay(p: Painter, text: string, size: number): void {
  p.save();
  p.translate(size * 0.5, size * 0.3);
  p.rotate(-0.14);
  p.fillStyle = "#e5252f";
  p.shadowColor = "rgba(0,0,0,0.3)";
  p.shadowBlur = size * 0.02;
  p.shadowOffsetY = size * 0.01;
  p.fillRect(-size * 0.62, -size * 0.09, size * 1.24, size * 0.18);
  p.shadowBlur = 0;
  p.shadowOffsetY = 0;
  p.fillStyle = "#fff";
  p.font = `900 ${Math.round(size * 0.12)}px system-ui, sans-serif`;
  p.textAlign = "center";
  p.textBaseline = "middle";
  p.fillText(text, 0, size * 0.005);
  p.restore();
  p.fillStyle = "#ffd43b";
  p.beginPath();
  p.arc(size * 0.8, size * 0.78, size * 0.12, 0, Math.PI * 2);
  p.fill();
  p.fillStyle = "#1b1b1b";
  p.font = `800 ${Math.round(size * 0.05)}px system-ui, sans-serif`;
  p.textAlign = "center";
  p.textBaseline = "middle";
  p.fillText("NEW!", size * 0.8, size * 0.78);
}

/** Paints one example scene on a square of `size` pixels. */
export function drawScene(p: Painter, scene: Scene, size: number): void {
  p.save();
  p.beginPath();
  p.rect(0, 0, size, size);
  p.clip();
  if (scene.backdrop === "busy") busyBackdrop(p, size);
  else plainBackdrop(p, size);
  bottle(p, scene, size);
  dim(p, scene.light, size);
  if (scene.overlay) overlay(p, scene.overlay, size);
  p.restore();
}
