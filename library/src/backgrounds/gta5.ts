/**
 * Top-down city chase: the camera follows a sports car up an avenue through blocks of buildings
 * drawn in pseudo-3D (roofs lean away from the centre), with traffic in both directions, crossings,
 * trees and parked cars. The city repeats every BLOCK px, traffic speeds are whole periods per loop.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { mod, shade, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import { QUICK_SECONDS, type VideoGenerator, verticalSpec } from "../kit/video.ts";

const BLOCK = 520;
const ROAD = 150;
const CAR_COLORS = ["#e63946", "#f1c40f", "#3498db", "#ecf0f1", "#2c3e50", "#e67e22", "#9b59b6", "#1abc9c"];

interface Building {
  x: number;
  y: number;
  w: number;
  h: number;
  height: number;
  color: string;
  roof: string;
}

function carShape(ctx: SKRSContext2D, x: number, y: number, color: string, up: boolean, scale = 1): void {
  const w = 34 * scale;
  const l = 64 * scale;
  ctx.save();
  ctx.translate(x, y);
  if (!up) ctx.rotate(Math.PI);
  ctx.fillStyle = "rgba(0,0,0,0.35)";
  ctx.fillRect(-w / 2 + 4, -l / 2 + 6, w, l);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.roundRect(-w / 2, -l / 2, w, l, 8 * scale);
  ctx.fill();
  ctx.fillStyle = "#1b2836";
  ctx.fillRect(-w / 2 + 4 * scale, -l / 2 + 12 * scale, w - 8 * scale, 12 * scale);
  ctx.fillRect(-w / 2 + 5 * scale, l / 2 - 18 * scale, w - 10 * scale, 9 * scale);
  ctx.fillStyle = shade(color, 1.25);
  ctx.fillRect(-w / 2 + 6 * scale, -l / 2 + 26 * scale, w - 12 * scale, 16 * scale);
  ctx.fillStyle = "#fff6c0";
  ctx.fillRect(-w / 2 + 3 * scale, -l / 2, 7 * scale, 4 * scale);
  ctx.fillRect(w / 2 - 10 * scale, -l / 2, 7 * scale, 4 * scale);
  ctx.fillStyle = "#ff3030";
  ctx.fillRect(-w / 2 + 3 * scale, l / 2 - 4 * scale, 7 * scale, 4 * scale);
  ctx.fillRect(w / 2 - 10 * scale, l / 2 - 4 * scale, 7 * scale, 4 * scale);
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/backgrounds/gta5.ts",
  spec: (mode) => verticalSpec(mode === "quick" ? QUICK_SECONDS : 30, { thumbnailAt: 0.2 }),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const rng = createRng("gta-city");
    const blocksPerPeriod = 4;
    const period = BLOCK * blocksPerPeriod;
    const buildings: Building[] = [];
    const palette = ["#c9b79c", "#9fa8b3", "#d98c6a", "#7d8a99", "#e0d6c2", "#a58f7a", "#6f7f8f", "#b9c4cc"];
    for (let b = 0; b < blocksPerPeriod; b++) {
      for (const side of [-1, 1]) {
        let y = b * BLOCK + 20;
        while (y < (b + 1) * BLOCK - ROAD - 40) {
          const bh = 90 + rng() * 120;
          const bw = 120 + rng() * 80;
          const color = rng.pick(palette);
          const x = side < 0 ? -ROAD / 2 - 30 - bw - rng() * 30 : ROAD / 2 + 30 + rng() * 30;
          buildings.push({
            x,
            y,
            w: bw,
            h: Math.min(bh, (b + 1) * BLOCK - ROAD - 30 - y),
            height: 30 + rng() * 90,
            color,
            roof: shade(color, 1.15),
          });
          y += bh + 16;
        }
      }
    }
    const duration = spec.durationS;
    const laps = Math.max(1, Math.round((duration * 260) / period));
    const traffic = Array.from({ length: 10 }, (_, i) => ({
      lane: i % 2 === 0 ? 1 : -1,
      offset: rng() * period,
      // Whole periods relative to the camera: speed in periods per loop.
      rel: i % 2 === 0 ? rng.pick([-1, 1]) : -2 - Math.floor(rng() * 2),
      color: CAR_COLORS[i % CAR_COLORS.length] as string,
    }));
    return {
      draw(ctx, f) {
        const camY = -f.phase * laps * period;
        const toScreen = (wy: number) => mod(wy - camY, period) - period / 2 + h * 0.55;
        ctx.fillStyle = "#4f5a4a";
        ctx.fillRect(0, 0, w, h);
        const cx = w / 2;
        // Avenue and cross streets.
        ctx.fillStyle = "#3a3d42";
        ctx.fillRect(cx - ROAD / 2, 0, ROAD, h);
        for (let b = 0; b < blocksPerPeriod * 2; b++) {
          const y = toScreen(b * BLOCK + BLOCK - ROAD);
          for (const yy of [y, y - period, y + period]) {
            if (yy < -ROAD || yy > h + ROAD) continue;
            ctx.fillStyle = "#3a3d42";
            ctx.fillRect(0, yy, w, ROAD - 20);
            ctx.fillStyle = "#e8e8e8";
            for (let s = 0; s < 8; s++) ctx.fillRect(cx - ROAD / 2 + 8 + s * 18, yy + 6, 10, 30);
            for (let s = 0; s < 8; s++) ctx.fillRect(cx - ROAD / 2 + 8 + s * 18, yy + ROAD - 56, 10, 30);
          }
        }
        // Sidewalks.
        ctx.fillStyle = "#9c9a94";
        ctx.fillRect(cx - ROAD / 2 - 24, 0, 24, h);
        ctx.fillRect(cx + ROAD / 2, 0, 24, h);
        // Lane markings.
        ctx.fillStyle = "#f4d03f";
        ctx.fillRect(cx - 3, 0, 2, h);
        ctx.fillRect(cx + 1, 0, 2, h);
        ctx.fillStyle = "#f2f2f2";
        const dash = period / 32;
        for (let y = mod(-camY, dash) - dash; y < h + dash; y += dash) {
          ctx.fillRect(cx - ROAD / 4 - 2, y, 4, dash / 2);
          ctx.fillRect(cx + ROAD / 4 - 2, y, 4, dash / 2);
        }
        // Traffic.
        for (const car of traffic) {
          const wy = car.offset + f.phase * car.rel * period;
          const sy = mod(wy, period) - period / 2 + h * 0.55;
          const x = cx + car.lane * (ROAD / 4 + 4) * (car.lane > 0 ? 1 : 1);
          if (sy > -60 && sy < h + 60) carShape(ctx, x, sy, car.color, car.lane > 0);
        }
        // The player's car, weaving a little, with a boost trail.
        const px = cx + ROAD / 4 + Math.sin(TAU * f.phase * laps * 2) * 14;
        const py = h * 0.62;
        ctx.fillStyle = "rgba(255,255,255,0.25)";
        for (let i = 1; i < 6; i++) ctx.fillRect(px - 8, py + 30 + i * 14, 16, 8);
        carShape(ctx, px, py, "#ff2d6f", true, 1.15);
        // Buildings: walls toward the centre, roofs offset away from the camera axis (pseudo 3D).
        const sorted = [...buildings];
        for (const b of sorted) {
          for (const dy of [0, -period, period]) {
            const sy = toScreen(b.y) + dy;
            if (sy > h + 60 || sy + b.h < -200) continue;
            const sx = cx + b.x;
            const lean = (b.height / 300) * ((sx + b.w / 2 - cx) / (w / 2));
            const leanY = (b.height / 300) * ((sy + b.h / 2 - h * 0.55) / (h / 2));
            const ox = lean * 80;
            const oy = leanY * 80;
            ctx.fillStyle = "rgba(0,0,0,0.3)";
            ctx.fillRect(sx + 10, sy + 10, b.w, b.h);
            ctx.fillStyle = shade(b.color, 0.7);
            ctx.beginPath();
            ctx.moveTo(sx, sy);
            ctx.lineTo(sx + b.w, sy);
            ctx.lineTo(sx + b.w + ox, sy + oy);
            ctx.lineTo(sx + b.w + ox, sy + b.h + oy);
            ctx.lineTo(sx + ox, sy + b.h + oy);
            ctx.lineTo(sx, sy + b.h);
            ctx.closePath();
            ctx.fill();
            ctx.fillStyle = b.roof;
            ctx.fillRect(sx + ox, sy + oy, b.w, b.h);
            ctx.fillStyle = shade(b.roof, 0.85);
            ctx.fillRect(sx + ox + 12, sy + oy + 12, b.w * 0.3, b.h * 0.25);
            ctx.fillRect(sx + ox + b.w * 0.55, sy + oy + b.h * 0.55, b.w * 0.3, b.h * 0.3);
          }
        }
        // Trees along the sidewalks.
        for (let i = 0; i < 16; i++) {
          const sy = toScreen(i * (period / 16) + 40);
          for (const side of [-1, 1]) {
            const sx = cx + side * (ROAD / 2 + 12);
            ctx.fillStyle = "#2e7d32";
            ctx.beginPath();
            ctx.arc(sx, sy, 16, 0, TAU);
            ctx.fill();
            ctx.fillStyle = "#43a047";
            ctx.beginPath();
            ctx.arc(sx - 4, sy - 4, 9, 0, TAU);
            ctx.fill();
          }
        }
        // Minimap and wanted stars, as in the game HUD.
        ctx.fillStyle = "rgba(10,10,10,0.6)";
        ctx.beginPath();
        ctx.arc(70, h - 150, 52, 0, TAU);
        ctx.fill();
        ctx.strokeStyle = "#ffffff";
        ctx.lineWidth = 3;
        ctx.stroke();
        ctx.fillStyle = "#ff2d6f";
        ctx.beginPath();
        ctx.moveTo(70, h - 165);
        ctx.lineTo(78, h - 140);
        ctx.lineTo(62, h - 140);
        ctx.fill();
        for (let s = 0; s < 5; s++) drawStar(ctx, w - 36 - s * 34, 40, 13, s < 3 ? "#ffffff" : "rgba(255,255,255,0.3)");
      },
    };
  },
};

function drawStar(ctx: SKRSContext2D, x: number, y: number, r: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    ctx.lineTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  ctx.fill();
}

export default generator;
