import { type Canvas, createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { hsl, type Tone } from "./palette.ts";

/**
 * Places a product can stand in, drawn by code at 1080x1920: a bathroom shelf, a desk, a kitchen
 * counter and a studio sweep. Soft light, depth (the wall behind out of focus), no text. Each has a
 * surface whose middle is at SETTING_BASE_Y, where the product's base stands. Deterministic: the same
 * setting and tone always draw the same picture.
 */

export const SETTING_IDS = ["bathroom-shelf", "desk", "kitchen-counter", "studio-sweep"] as const;
export type SettingId = (typeof SETTING_IDS)[number];

export const SETTING_SIZE = { width: 1080, height: 1920 } as const;
/** Where a product's base stands, in every setting. */
export const SETTING_BASE_Y = 1290;

export interface SettingLook {
  id: SettingId;
  /** Opacity of the product's reflection in the surface (0 for a matt one). */
  gloss: number;
  /** Darkness of the contact shadow under the product (0-1). */
  shadow: number;
  /** Colour of the light falling on the scene (the sheen of a light sweep). */
  light: string;
}

export const SETTING_LOOKS: Record<SettingId, SettingLook> = {
  "bathroom-shelf": { id: "bathroom-shelf", gloss: 0.32, shadow: 0.5, light: "#F4FBFF" },
  desk: { id: "desk", gloss: 0.14, shadow: 0.62, light: "#FFF4E0" },
  "kitchen-counter": { id: "kitchen-counter", gloss: 0.26, shadow: 0.55, light: "#FFFAF0" },
  "studio-sweep": { id: "studio-sweep", gloss: 0.12, shadow: 0.5, light: "#FFFFFF" },
};

/**
 * The setting that suits a product's colours: warm ambers and browns on wood, yellows and greens on a
 * stone counter, blues and purples on bathroom tiles, reds, pinks and greys in a studio.
 */
export function chooseSetting(tone: Tone): SettingId {
  if (tone.chroma < 0.08) return "studio-sweep";
  const h = tone.hue;
  if (h >= 15 && h < 50) return "desk";
  if (h >= 50 && h < 160) return "kitchen-counter";
  if (h >= 160 && h < 290) return "bathroom-shelf";
  return "studio-sweep";
}

/** A small seeded generator, so the drawings are the same every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = SETTING_SIZE.width;
const H = SETTING_SIZE.height;

function blurred(draw: (ctx: SKRSContext2D) => void, radius: number): Canvas {
  const layer = createCanvas(W, H);
  draw(layer.getContext("2d"));
  const out = createCanvas(W, H);
  const ctx = out.getContext("2d");
  // The sharp picture under the blurred one, so the blur does not fade out at the frame's edges.
  ctx.drawImage(layer, 0, 0);
  ctx.filter = `blur(${radius}px)`;
  ctx.drawImage(layer, 0, 0);
  ctx.filter = "none";
  return out;
}

function radial(ctx: SKRSContext2D, x: number, y: number, r: number, color: string, alpha: number, sy = 1) {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(1, sy);
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  g.addColorStop(0, color.replace("A", String(alpha)));
  g.addColorStop(1, color.replace("A", "0"));
  ctx.fillStyle = g;
  ctx.fillRect(-r, -r, 2 * r, 2 * r);
  ctx.restore();
}

function vignette(ctx: SKRSContext2D, strength: number) {
  const v = ctx.createRadialGradient(W / 2, H * 0.48, H * 0.3, W / 2, H * 0.48, H * 0.78);
  v.addColorStop(0, "rgba(0,0,0,0)");
  v.addColorStop(1, `rgba(0,0,0,${strength})`);
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, W, H);
}

/** Fine film grain (a drawn picture without it looks flat and bands after encoding), from a seeded tile. */
function grain(ctx: SKRSContext2D, amount: number, seed: number) {
  const size = 256;
  const tile = createCanvas(size, size);
  const t = tile.getContext("2d");
  const img = t.createImageData(size, size);
  const rand = random(seed);
  for (let i = 0; i < img.data.length; i += 4) {
    const v = 128 + (rand() - 0.5) * 2 * amount * 8;
    img.data[i] = v;
    img.data[i + 1] = v;
    img.data[i + 2] = v;
    img.data[i + 3] = 255;
  }
  t.putImageData(img, 0, 0);
  const pattern = ctx.createPattern(tile, "repeat");
  ctx.save();
  ctx.globalCompositeOperation = "overlay";
  ctx.globalAlpha = 0.12;
  ctx.fillStyle = pattern;
  ctx.fillRect(0, 0, W, H);
  ctx.restore();
}

function linear(ctx: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, stops: [number, string][]) {
  const g = ctx.createLinearGradient(x0, y0, x1, y1);
  for (const [at, c] of stops) g.addColorStop(at, c);
  return g;
}

/** The wall colours: pale when the product is dark or mid, deeper when the product itself is light. */
function wallLightness(tone: Tone, pale: number, deep: number) {
  return tone.lightness > 0.68 ? deep : pale;
}

function bathroomShelf(ctx: SKRSContext2D, tone: Tone) {
  const hue = tone.chroma < 0.08 ? 195 : tone.hue;
  const l = wallLightness(tone, 0.8, 0.5);
  const tile = 172;
  const wall = blurred((c) => {
    c.fillStyle = hsl(hue, 0.22, l - 0.1);
    c.fillRect(0, 0, W, H);
    for (let row = 0; row * tile < H + tile; row++) {
      for (let col = -1; col * tile < W + tile; col++) {
        const x = col * tile + 4;
        const y = row * tile - 40;
        const shade = ((row * 7 + col * 3) % 5) * 0.006;
        c.fillStyle = linear(c, x, y, x + tile, y + tile, [
          [0, hsl(hue, 0.26, Math.min(0.95, l + 0.06 - shade))],
          [1, hsl(hue, 0.24, l - 0.03 - shade)],
        ]);
        c.fillRect(x, y, tile - 7, tile - 7);
        // The glaze catches the light along each tile's upper edge.
        c.fillStyle = "rgba(255,255,255,0.22)";
        c.fillRect(x + 6, y + 5, tile - 20, 4);
      }
    }
  }, 3);
  ctx.drawImage(wall, 0, 0);
  // Light from a window above and to the left.
  radial(ctx, 300, 520, 900, "rgba(255,255,250,A)", 0.45);
  radial(ctx, 540, 1000, 620, "rgba(255,255,255,A)", 0.25);
  const back = 1205;
  const front = 1335;
  // The shelf's shadow and a caustic on the wall beneath it.
  ctx.save();
  ctx.filter = "blur(26px)";
  ctx.fillStyle = "rgba(20,40,50,0.38)";
  ctx.fillRect(60, front + 20, W - 120, 90);
  ctx.fillStyle = "rgba(190,255,235,0.22)";
  ctx.fillRect(120, front + 150, W - 240, 40);
  ctx.restore();
  // Chrome brackets.
  for (const x of [118, W - 158]) {
    ctx.fillStyle = linear(ctx, x, 0, x + 40, 0, [
      [0, "#8C969C"],
      [0.45, "#F4F8FA"],
      [1, "#6E787E"],
    ]);
    ctx.beginPath();
    ctx.roundRect(x, front - 6, 40, 70, 8);
    ctx.fill();
  }
  // The glass top, seen from a little above: faintly green, lighter towards the front.
  ctx.fillStyle = linear(ctx, 0, back, 0, front, [
    [0, "rgba(210,240,230,0.16)"],
    [1, "rgba(235,255,248,0.34)"],
  ]);
  ctx.beginPath();
  ctx.moveTo(90, back);
  ctx.lineTo(W - 90, back);
  ctx.lineTo(W - 40, front);
  ctx.lineTo(40, front);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = "rgba(255,255,255,0.5)";
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(90, back);
  ctx.lineTo(W - 90, back);
  ctx.stroke();
  // The thick front edge of the glass, green as glass edges are, with a bright line of light.
  ctx.fillStyle = linear(ctx, 0, front, 0, front + 22, [
    [0, "rgba(200,245,225,0.95)"],
    [0.3, "rgba(120,190,165,0.9)"],
    [1, "rgba(70,130,110,0.85)"],
  ]);
  ctx.fillRect(40, front, W - 80, 22);
  ctx.fillStyle = "rgba(255,255,255,0.85)";
  ctx.fillRect(40, front, W - 80, 3);
  vignette(ctx, 0.42);
}

function desk(ctx: SKRSContext2D, tone: Tone) {
  const top = 1165;
  const wl = wallLightness(tone, 0.82, 0.46);
  // The wall and a window, far behind and out of focus.
  const wall = blurred((c) => {
    c.fillStyle = linear(c, 0, 0, 0, top, [
      [0, hsl(34, 0.22, wl - 0.08)],
      [1, hsl(30, 0.2, wl - 0.14)],
    ]);
    c.fillRect(0, 0, W, H);
    // The window: daylight with a soft green outside, split by its frame.
    c.fillStyle = linear(c, 0, 150, 0, 980, [
      [0, "#FFFDF6"],
      [0.6, "#F3F6E4"],
      [1, "#D9E6C6"],
    ]);
    c.fillRect(40, 150, 470, 830);
    c.fillStyle = "rgba(120,100,80,0.55)";
    c.fillRect(262, 150, 24, 830);
    c.fillRect(40, 540, 470, 22);
    // A plant on the sill.
    c.fillStyle = "rgba(70,105,60,0.75)";
    for (let k = 0; k < 7; k++) {
      c.beginPath();
      c.ellipse(170 + k * 26, 870 - (k % 3) * 40, 28, 90, (k - 3) * 0.35, 0, Math.PI * 2);
      c.fill();
    }
    // A lamp on the right with a warm shade.
    c.fillStyle = "rgba(60,40,30,0.7)";
    c.fillRect(868, 640, 10, top - 640);
    c.fillStyle = "#E9C89A";
    c.beginPath();
    c.moveTo(790, 470);
    c.lineTo(960, 470);
    c.lineTo(1010, 650);
    c.lineTo(740, 650);
    c.closePath();
    c.fill();
  }, 22);
  ctx.drawImage(wall, 0, 0);
  radial(ctx, 880, 600, 330, "rgba(255,196,120,A)", 0.55);
  radial(ctx, 275, 560, 700, "rgba(255,252,235,A)", 0.5);
  // Bokeh from the window.
  const rand = random(7);
  for (let k = 0; k < 9; k++) {
    radial(ctx, 60 + rand() * 520, 180 + rand() * 800, 26 + rand() * 40, "rgba(255,255,240,A)", 0.35);
  }
  // The desk top: wood in perspective, the grain running towards the back.
  const wood = hsl(27, 0.5, 0.36);
  ctx.fillStyle = linear(ctx, 0, top, 0, H, [
    [0, hsl(28, 0.42, 0.5)],
    [0.35, wood],
    [1, hsl(24, 0.5, 0.24)],
  ]);
  ctx.fillRect(0, top, W, H - top);
  const vanish = { x: W / 2, y: -1500 };
  const along = (xBottom: number, y: number) => vanish.x + ((xBottom - vanish.x) * (y - vanish.y)) / (H - vanish.y);
  // Boards.
  for (let b = -3; b <= 6; b++) {
    const x0 = b * 330 - 120;
    const shade = ((b * 5 + 11) % 4) * 0.025;
    ctx.fillStyle = `rgba(${b % 2 ? "255,220,170" : "60,30,10"},${0.04 + shade})`;
    ctx.beginPath();
    ctx.moveTo(along(x0, top), top);
    ctx.lineTo(along(x0 + 330, top), top);
    ctx.lineTo(x0 + 330, H);
    ctx.lineTo(x0, H);
    ctx.closePath();
    ctx.fill();
    ctx.strokeStyle = "rgba(40,20,8,0.22)";
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(along(x0, top), top);
    ctx.lineTo(x0, H);
    ctx.stroke();
  }
  // Grain: fine wavy lines.
  const g = random(21);
  for (let k = 0; k < 260; k++) {
    const xb = -700 + g() * 2480;
    const phase = g() * 6;
    ctx.strokeStyle = `rgba(${g() < 0.5 ? "50,25,8" : "255,225,180"},${0.05 + g() * 0.09})`;
    ctx.lineWidth = 0.8 + g() * 1.8;
    ctx.beginPath();
    for (let y = top; y <= H; y += 24) {
      const x = along(xb, y) + Math.sin(phase + y / 90) * 6 * ((y - top) / (H - top) + 0.2);
      if (y === top) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  // Window light on the varnish, and the shade where the desk meets the wall.
  radial(ctx, 330, top + 140, 520, "rgba(255,245,220,A)", 0.34, 0.3);
  ctx.fillStyle = linear(ctx, 0, top, 0, top + 40, [
    [0, "rgba(30,15,5,0.45)"],
    [1, "rgba(30,15,5,0)"],
  ]);
  ctx.fillRect(0, top, W, 40);
  // The far part of the desk a little out of focus.
  const far = createCanvas(W, 120);
  far.getContext("2d").drawImage(ctx.canvas, 0, top, W, 120, 0, 0, W, 120);
  ctx.save();
  ctx.filter = "blur(3px)";
  ctx.drawImage(far, 0, top);
  ctx.restore();
  vignette(ctx, 0.5);
}

function kitchenCounter(ctx: SKRSContext2D, tone: Tone) {
  // Pale tiles of the product's opposite hue make it stand out; the stone is a cool neutral.
  const hue = tone.chroma < 0.08 ? 40 : (tone.hue + 150) % 360;
  const stone = 210;
  const top = 1150;
  const front = 1560;
  const wl = wallLightness(tone, 0.9, 0.52);
  // Subway tiles behind, glossy and a little out of focus.
  const splash = blurred((c) => {
    c.fillStyle = hsl(hue, 0.1, wl - 0.2);
    c.fillRect(0, 0, W, top + 20);
    const tw = 180;
    const th = 90;
    for (let row = 0; row * th < top + th; row++) {
      const offset = row % 2 ? -tw / 2 : 0;
      for (let col = -1; col * tw < W + tw; col++) {
        const x = col * tw + offset + 3;
        const y = row * th + 3;
        c.fillStyle = linear(c, 0, y, 0, y + th, [
          [0, hsl(hue, 0.24, Math.min(0.95, wl + 0.02))],
          [1, hsl(hue, 0.2, wl - 0.07)],
        ]);
        c.beginPath();
        c.roundRect(x, y, tw - 6, th - 6, 6);
        c.fill();
        c.fillStyle = "rgba(255,255,255,0.35)";
        c.fillRect(x + 10, y + 6, tw - 30, 5);
      }
    }
  }, 4);
  ctx.drawImage(splash, 0, 0);
  // Light from under the cabinets above, falling off down the wall.
  ctx.fillStyle = linear(ctx, 0, 0, 0, top, [
    [0, "rgba(255,250,235,0.55)"],
    [0.5, "rgba(255,250,235,0.12)"],
    [1, "rgba(0,0,0,0.12)"],
  ]);
  ctx.fillRect(0, 0, W, top);
  radial(ctx, 540, 760, 700, "rgba(255,248,230,A)", 0.3);
  // The stone top: light marble with soft veins.
  ctx.fillStyle = linear(ctx, 0, top, 0, front, [
    [0, hsl(stone, 0.05, 0.72)],
    [0.5, hsl(stone, 0.05, 0.82)],
    [1, hsl(stone, 0.05, 0.78)],
  ]);
  ctx.fillRect(0, top, W, front - top);
  // Veins drawn on a flat slab, then laid down in perspective (squashed towards the back).
  const slab = createCanvas(W * 1.4, (front - top) * 2.2);
  const m = slab.getContext("2d");
  const rand = random(11);
  for (let k = 0; k < 11; k++) {
    const main = k < 4;
    const shade = 95 + rand() * 45;
    m.strokeStyle = `rgba(${shade},${shade + 4},${shade + 12},${main ? 0.32 : 0.16})`;
    m.lineWidth = main ? 2.5 + rand() * 3 : 0.8 + rand() * 1.4;
    m.beginPath();
    let x = -100 + rand() * slab.width * 0.6;
    let y = rand() * slab.height;
    m.moveTo(x, y);
    const heading = -0.5 + rand() * 0.6;
    for (let seg = 0; seg < 5; seg++) {
      const length = 160 + rand() * 160;
      const nx = x + Math.cos(heading + (rand() - 0.5) * 0.5) * length;
      const ny = y + Math.sin(heading + (rand() - 0.5) * 0.5) * length;
      m.bezierCurveTo(x + length * 0.3, y + (rand() - 0.5) * 50, nx - length * 0.3, ny + (rand() - 0.5) * 50, nx, ny);
      x = nx;
      y = ny;
    }
    m.stroke();
  }
  const marble = createCanvas(W, front - top);
  const mc = marble.getContext("2d");
  mc.filter = "blur(1.2px)";
  mc.drawImage(slab, -W * 0.2, 0, slab.width, front - top);
  ctx.save();
  ctx.filter = "blur(1.5px)";
  ctx.drawImage(marble, 0, top);
  ctx.restore();
  // The shade along the backsplash and the light pooled on the stone.
  ctx.fillStyle = linear(ctx, 0, top, 0, top + 36, [
    [0, "rgba(40,35,30,0.4)"],
    [1, "rgba(40,35,30,0)"],
  ]);
  ctx.fillRect(0, top, W, 36);
  radial(ctx, 540, 1300, 560, "rgba(255,255,250,A)", 0.35, 0.3);
  // The rounded front edge and the cabinet doors beneath it.
  ctx.fillStyle = linear(ctx, 0, front, 0, front + 46, [
    [0, "rgba(255,255,255,0.95)"],
    [0.25, hsl(hue, 0.05, 0.8)],
    [1, hsl(hue, 0.06, 0.55)],
  ]);
  ctx.fillRect(0, front, W, 46);
  const door = hsl((hue + 170) % 360, 0.16, 0.34);
  ctx.fillStyle = linear(ctx, 0, front + 46, 0, H, [
    [0, "rgba(0,0,0,0.9)"],
    [0.08, door],
    [1, hsl((hue + 170) % 360, 0.16, 0.22)],
  ]);
  ctx.fillRect(0, front + 46, W, H - front - 46);
  ctx.strokeStyle = "rgba(0,0,0,0.35)";
  ctx.lineWidth = 6;
  for (const x of [30, 550]) {
    ctx.beginPath();
    ctx.roundRect(x, front + 96, 500, 400, 8);
    ctx.stroke();
  }
  ctx.fillStyle = linear(ctx, 0, 0, W, 0, [
    [0, "#9AA0A4"],
    [0.5, "#EEF2F4"],
    [1, "#8A9094"],
  ]);
  ctx.fillRect(380, front + 130, 130, 14);
  ctx.fillRect(570, front + 130, 130, 14);
  vignette(ctx, 0.42);
}

function studioSweep(ctx: SKRSContext2D, tone: Tone) {
  const hue = tone.chroma < 0.08 ? 30 : (tone.hue + 25) % 360;
  const sat = tone.chroma < 0.08 ? 0.08 : 0.3;
  const l = wallLightness(tone, 0.74, 0.42);
  // One sheet of paper from the wall to the floor: no edge, only light.
  ctx.fillStyle = linear(ctx, 0, 0, 0, H, [
    [0, hsl(hue, sat, l - 0.2)],
    [0.45, hsl(hue, sat, l - 0.04)],
    [0.62, hsl(hue, sat * 0.9, l + 0.02)],
    [0.7, hsl(hue, sat * 0.9, l + 0.06)],
    [1, hsl(hue, sat, l - 0.12)],
  ]);
  ctx.fillRect(0, 0, W, H);
  // The spotlight behind the product, and its pool on the floor.
  radial(ctx, 540, 860, 760, "rgba(255,252,245,A)", 0.5);
  radial(ctx, 540, SETTING_BASE_Y + 30, 640, "rgba(255,255,255,A)", 0.4, 0.3);
  // Where the paper curves: a faint, wide band of shade.
  ctx.fillStyle = linear(ctx, 0, 1040, 0, 1240, [
    [0, "rgba(0,0,0,0)"],
    [0.6, "rgba(0,0,0,0.05)"],
    [1, "rgba(0,0,0,0)"],
  ]);
  ctx.fillRect(0, 1040, W, 200);
  vignette(ctx, 0.5);
}

const DRAW: Record<SettingId, (ctx: SKRSContext2D, tone: Tone) => void> = {
  "bathroom-shelf": bathroomShelf,
  desk,
  "kitchen-counter": kitchenCounter,
  "studio-sweep": studioSweep,
};

/** Draws a setting (1080x1920) for a product of this tone. */
export function renderSetting(id: SettingId, tone: Tone): Canvas {
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");
  DRAW[id](ctx, tone);
  grain(ctx, 3, 97);
  return canvas;
}
