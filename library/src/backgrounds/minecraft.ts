/**
 * Blocky voxel parkour: a first-person run along floating blocks over a voxel valley with a river,
 * trees and square clouds. The world repeats every PERIOD blocks along the run, the camera covers a
 * whole number of periods per loop, and its jumps land on the loop's rhythm, so the clip loops.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { mod, shade, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import { QUICK_SECONDS, type VideoGenerator, verticalSpec } from "../kit/video.ts";

const PERIOD = 48;
const HALF_WIDTH = 10;
const VIEW = 30;
const STEP = 4;
/** Outer columns first, so the ones nearer the run line paint over them. */
const ORDER = Array.from({ length: HALF_WIDTH * 2 + 1 }, (_, i) => i - HALF_WIDTH).sort(
  (a, b) => Math.abs(b) - Math.abs(a),
);

interface Column {
  h: number;
  top: string;
  side: string;
  tree: boolean;
  water: boolean;
}

function buildWorld(): Column[][] {
  const rng = createRng("minecraft-world");
  const world: Column[][] = [];
  const phases = Array.from({ length: 4 }, () => rng() * TAU);
  for (let z = 0; z < PERIOD; z++) {
    const row: Column[] = [];
    for (let x = -HALF_WIDTH; x <= HALF_WIDTH; x++) {
      const valley = Math.abs(x) / HALF_WIDTH;
      const wave =
        Math.sin((TAU * z * 2) / PERIOD + (phases[0] as number) + x * 0.35) * 1.2 +
        Math.sin((TAU * z * 3) / PERIOD + (phases[1] as number) - x * 0.2) * 0.8 +
        Math.cos((TAU * z) / PERIOD + (phases[2] as number) + x * 0.5) * 0.6;
      let h = Math.round(-3 + valley * valley * 9 + wave);
      const water = h < -2;
      if (water) h = -2;
      const sand = !water && h <= -1;
      const snow = h >= 6;
      const top = water ? "#3f76e4" : sand ? "#dbcf8e" : snow ? "#f4f8fb" : "#5fae3a";
      const side = water ? "#2f5fc4" : sand ? "#c8b877" : snow ? "#9a9a9a" : "#8b5a35";
      const tree = !water && !sand && !snow && Math.abs(x) > 2 && rng() < 0.1;
      row.push({ h, top, side, tree, water });
    }
    world.push(row);
  }
  return world;
}

/** Floating parkour blocks on the run line, one every STEP blocks. */
const PARKOUR_COLORS = ["#e8c33a", "#d94a4a", "#5a8de0", "#f0f0f0", "#b455d6", "#ee8a2f"];
function parkourHeight(index: number): number {
  return 3 + ((index * 7) % 3);
}

const generator: VideoGenerator = {
  source: "library/src/backgrounds/minecraft.ts",
  spec: (mode) => verticalSpec(mode === "quick" ? QUICK_SECONDS : 30, { scaleFlags: "neighbor", thumbnailAt: 0.37 }),
  createScene({ spec }) {
    const world = buildWorld();
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const focal = w * 0.95;
    const cx = w / 2;
    const horizon = h * 0.36;
    const duration = spec.durationS;
    // Cover whole periods: about 8 blocks a second.
    const periods = Math.max(1, Math.round((duration * 8) / PERIOD));
    const fog = "#a9d3ff";
    const fogCache = new Map<string, string>();
    const fogged = (color: string, t: number) => {
      const q = Math.round(t * 12) / 12;
      const id = `${color}${q}`;
      let c = fogCache.get(id);
      if (!c) {
        c = shadeToward(color, fog, q);
        fogCache.set(id, c);
      }
      return c;
    };
    return {
      draw(ctx, f) {
        const camZ = f.phase * periods * PERIOD;
        // Jump arc between parkour blocks: land on each block as the camera passes it.
        const hop = mod(camZ, STEP) / STEP;
        const blockIndex = Math.floor(camZ / STEP);
        const fromH = parkourHeight(mod(blockIndex, PERIOD / STEP));
        const toH = parkourHeight(mod(blockIndex + 1, PERIOD / STEP));
        const camY = fromH + (toH - fromH) * hop + 2.6 + Math.sin(Math.PI * hop) * 1.6;
        const sway = Math.sin(TAU * f.phase * periods * 2) * 0.3;
        // Sky.
        const sky = ctx.createLinearGradient(0, 0, 0, horizon + 40);
        sky.addColorStop(0, "#4a90e8");
        sky.addColorStop(1, fog);
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, h);
        drawSun(ctx, w * 0.78, h * 0.12, w * 0.09);
        drawClouds(ctx, f.phase, w, horizon);
        const project = (x: number, y: number, z: number) => {
          const dz = z - camZ;
          return { sx: cx + ((x - sway) * focal) / dz, sy: horizon - ((y - camY) * focal) / dz };
        };
        ctx.lineWidth = 1;
        for (let dzi = VIEW; dzi >= 1; dzi--) {
          const zAbs = Math.floor(camZ) + dzi;
          const row = world[mod(zAbs, PERIOD)] as Column[];
          const fogT = Math.min(1, Math.max(0, (dzi - 8) / (VIEW - 8)));
          const dz = zAbs - camZ;
          for (const x of ORDER) {
            // Columns entirely off screen are skipped.
            const edge = Math.min(Math.abs(x - 0.5 - sway), Math.abs(x + 0.5 - sway));
            if ((edge * focal) / dz > cx + 4 && Math.sign(x - sway) === Math.sign(x)) continue;
            const col = row[x + HALF_WIDTH] as Column;
            drawColumn(ctx, project, x, col.h, zAbs, col, fogT, fogged, x < 0 ? 1 : -1, camZ);
            if (col.tree) drawTree(ctx, project, x, col.h, zAbs, fogT, fogged, camZ);
          }
          if (mod(zAbs, STEP) === 0) {
            const idx = mod(zAbs / STEP, PERIOD / STEP);
            const color = PARKOUR_COLORS[idx % PARKOUR_COLORS.length] as string;
            const ph = parkourHeight(idx);
            drawBox(
              ctx,
              project,
              -0.5,
              ph - 1,
              zAbs,
              1,
              1,
              color,
              shade(color, 0.7),
              shade(color, 0.85),
              fogT,
              fogged,
              0,
              camZ,
            );
          }
        }
        // The game's hotbar, at the bottom. No crosshair: captions sit at the frame's centre.
        drawHotbar(ctx, w, h, mod(blockIndex, PERIOD / STEP) % PARKOUR_COLORS.length);
      },
    };
  },
};

type Projector = (x: number, y: number, z: number) => { sx: number; sy: number };

function shadeToward(color: string, target: string, t: number): string {
  const a = Number.parseInt(color.slice(1), 16);
  const b = Number.parseInt(target.slice(1), 16);
  const m = (s: number) => Math.round(((a >> s) & 255) * (1 - t) + ((b >> s) & 255) * t);
  return `#${((m(16) << 16) | (m(8) << 8) | m(0)).toString(16).padStart(6, "0")}`;
}

function quad(ctx: SKRSContext2D, pts: { sx: number; sy: number }[], fill: string): void {
  ctx.beginPath();
  ctx.moveTo(pts[0]!.sx, pts[0]!.sy);
  for (let i = 1; i < pts.length; i++) ctx.lineTo(pts[i]!.sx, pts[i]!.sy);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
}

function drawBox(
  ctx: SKRSContext2D,
  p: Projector,
  x: number,
  y: number,
  z: number,
  size: number,
  height: number,
  top: string,
  side: string,
  front: string,
  fogT: number,
  fogged: (c: string, t: number) => string,
  sideDir: number,
  camZ: number,
): void {
  if (z - camZ < 0.3) return;
  const x0 = x;
  const x1 = x + size;
  const y0 = y;
  const y1 = y + height;
  // Side face toward the run line.
  if (sideDir !== 0) {
    const sx = sideDir > 0 ? x1 : x0;
    quad(ctx, [p(sx, y0, z), p(sx, y1, z), p(sx, y1, z + size), p(sx, y0, z + size)], fogged(side, fogT));
  }
  quad(ctx, [p(x0, y1, z), p(x1, y1, z), p(x1, y1, z + size), p(x0, y1, z + size)], fogged(top, fogT));
  quad(ctx, [p(x0, y0, z), p(x1, y0, z), p(x1, y1, z), p(x0, y1, z)], fogged(front, fogT));
}

function drawColumn(
  ctx: SKRSContext2D,
  p: Projector,
  x: number,
  h: number,
  z: number,
  col: Column,
  fogT: number,
  fogged: (c: string, t: number) => string,
  sideDir: number,
  camZ: number,
): void {
  const base = -6;
  const front = col.water ? col.side : shade(col.side, 0.9);
  drawBox(ctx, p, x - 0.5, base, z, 1, h - base, col.top, shade(col.side, 0.75), front, fogT, fogged, sideDir, camZ);
  if (!col.water && col.top === "#5fae3a" && z - camZ > 0.3) {
    // The grass overhang on the front face, and block seams.
    const a = p(x - 0.5, h, z);
    const b = p(x + 0.5, h - 0.22, z);
    ctx.fillStyle = fogged("#4e9a2e", fogT);
    ctx.fillRect(a.sx, a.sy, b.sx - a.sx, b.sy - a.sy);
  }
  if (z - camZ < 14 && !col.water) {
    ctx.strokeStyle = "rgba(0,0,0,0.18)";
    const a = p(x - 0.5, h, z);
    const b = p(x + 0.5, h, z);
    ctx.beginPath();
    for (let yy = h; yy > h - 4; yy--) {
      const l = p(x - 0.5, yy, z);
      ctx.moveTo(a.sx, l.sy);
      ctx.lineTo(b.sx, l.sy);
    }
    ctx.stroke();
  }
}

function drawTree(
  ctx: SKRSContext2D,
  p: Projector,
  x: number,
  h: number,
  z: number,
  fogT: number,
  fogged: (c: string, t: number) => string,
  camZ: number,
): void {
  const dir = x < 0 ? 1 : -1;
  drawBox(ctx, p, x - 0.2, h, z + 0.3, 0.4, 3, "#6b4a2b", "#5a3c22", "#6b4a2b", fogT, fogged, dir, camZ);
  drawBox(ctx, p, x - 1.2, h + 2.6, z - 0.7, 2.4, 1.8, "#3f8f2a", "#2f6f1f", "#377f25", fogT, fogged, dir, camZ);
}

function drawSun(ctx: SKRSContext2D, x: number, y: number, r: number): void {
  ctx.fillStyle = "#fff7c2";
  ctx.fillRect(x - r, y - r, r * 2, r * 2);
  ctx.fillStyle = "#fffbe0";
  ctx.fillRect(x - r * 0.6, y - r * 0.6, r * 1.2, r * 1.2);
}

function drawClouds(ctx: SKRSContext2D, phase: number, w: number, horizon: number): void {
  const rng = createRng("clouds");
  ctx.fillStyle = "rgba(255,255,255,0.92)";
  for (let i = 0; i < 7; i++) {
    const y = rng() * horizon * 0.7 + 20;
    const size = 30 + rng() * 50;
    const x = mod(rng() * (w + 200) + phase * (w + 200), w + 200) - 100;
    const cells = 3 + Math.floor(rng() * 3);
    for (let c = 0; c < cells; c++) ctx.fillRect(x + c * size * 0.6, y + (c % 2) * size * 0.2, size, size * 0.45);
  }
}

function drawHotbar(ctx: SKRSContext2D, w: number, h: number, active: number): void {
  const slots = 9;
  const size = Math.round(w / 12);
  const x0 = Math.round((w - slots * size) / 2);
  const y = Math.round(h - size * 1.6);
  ctx.fillStyle = "rgba(40,40,40,0.75)";
  ctx.fillRect(x0 - 3, y - 3, slots * size + 6, size + 6);
  for (let i = 0; i < slots; i++) {
    const color = PARKOUR_COLORS[i % PARKOUR_COLORS.length] as string;
    ctx.fillStyle = shade(color, 0.9);
    ctx.fillRect(x0 + i * size + size * 0.25, y + size * 0.25, size * 0.5, size * 0.5);
    ctx.strokeStyle = i === mod(active, slots) ? "#ffffff" : "rgba(140,140,140,0.9)";
    ctx.lineWidth = i === mod(active, slots) ? 3 : 1.5;
    ctx.strokeRect(x0 + i * size + 1, y + 1, size - 2, size - 2);
  }
}

export default generator;
