/**
 * An endless three-lane runner in perspective: rails and sleepers rush toward the camera, trains
 * stand and roll in the lanes, coin lines hover over the track, graffiti walls line the sides, and
 * a hooded runner switches lanes and jumps. Everything is laid out along a track that repeats every
 * PERIOD metres; the run covers whole periods per loop.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { hsl, shade, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import { QUICK_SECONDS, type VideoGenerator, verticalSpec } from "../kit/video.ts";

const PERIOD = 120;
const LANE = 2.6;
const VIEW = 70;

interface Train {
  lane: number;
  z: number;
  length: number;
  color: string;
}

const generator: VideoGenerator = {
  source: "library/src/backgrounds/subway-surfers.ts",
  spec: (mode) => verticalSpec(mode === "quick" ? QUICK_SECONDS : 30, { thumbnailAt: 0.15 }),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const rng = createRng("subway");
    const trains: Train[] = [];
    const colors = ["#e74c3c", "#2980b9", "#f39c12", "#16a085", "#8e44ad"];
    for (let z = 20; z < PERIOD - 10; z += 22 + Math.floor(rng() * 10)) {
      trains.push({ lane: rng.int(-1, 1), z, length: 10 + rng() * 8, color: rng.pick(colors) });
    }
    const coins: { lane: number; z: number }[] = [];
    for (let z = 6; z < PERIOD; z += 3) {
      const lane = Math.round(Math.sin((z / PERIOD) * TAU * 3) * 1.2);
      if (!trains.some((t) => t.lane === lane && z > t.z - 2 && z < t.z + t.length + 2)) coins.push({ lane, z });
    }
    const graffiti = Array.from({ length: 24 }, (_, i) => ({
      z: (i * PERIOD) / 24,
      hue: rng() * 360,
      side: i % 2 ? 1 : -1,
    }));
    const periods = Math.max(1, Math.round((spec.durationS * 16) / PERIOD));
    const horizon = h * 0.3;
    const focal = w * 1.1;
    const camH = 3.2;
    return {
      draw(ctx: SKRSContext2D, f) {
        const camZ = f.phase * periods * PERIOD;
        const proj = (x: number, y: number, z: number) => {
          const dz = Math.max(0.5, z - camZ + 4);
          return { x: w / 2 + (x * focal) / dz, y: horizon + ((camH - y) * focal) / dz, s: focal / dz };
        };
        const sky = ctx.createLinearGradient(0, 0, 0, horizon);
        sky.addColorStop(0, "#5ec8ff");
        sky.addColorStop(1, "#c8f0ff");
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, horizon + 2);
        // City skyline.
        const sk = createRng("skyline");
        for (let i = 0; i < 14; i++) {
          const bw = 30 + sk() * 50;
          const bh = 40 + sk() * 120;
          ctx.fillStyle = hsl(210 + sk() * 30, 25, 70 + sk() * 10);
          ctx.fillRect((i * w) / 13 - 10, horizon - bh, bw, bh);
        }
        // Ground gravel.
        ctx.fillStyle = "#8a7f73";
        ctx.fillRect(0, horizon, w, h - horizon);
        // Low brick walls along the tracks, with seams every 4 m and graffiti panels.
        const quad = (pts: { x: number; y: number }[], fill: string) => {
          ctx.fillStyle = fill;
          ctx.beginPath();
          ctx.moveTo(pts[0]!.x, pts[0]!.y);
          for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
          ctx.closePath();
          ctx.fill();
        };
        const wallH = 2.4;
        for (const side of [-1, 1]) {
          const x = side * 5.5;
          quad(
            [proj(x, 0, camZ + VIEW), proj(x, 0, camZ - 3.5), proj(x, wallH, camZ - 3.5), proj(x, wallH, camZ + VIEW)],
            side < 0 ? "#b4573a" : "#a24e34",
          );
          quad(
            [
              proj(x, wallH, camZ + VIEW),
              proj(x, wallH, camZ - 3.5),
              proj(x + side * 1.5, wallH, camZ - 3.5),
              proj(x + side * 1.5, wallH, camZ + VIEW),
            ],
            "#8f8579",
          );
          ctx.strokeStyle = "rgba(60,20,10,0.35)";
          ctx.lineWidth = 1.5;
          for (let z = Math.ceil(camZ / 4) * 4; z < camZ + VIEW; z += 4) {
            const a = proj(x, 0, z);
            const b = proj(x, wallH, z);
            ctx.beginPath();
            ctx.moveTo(a.x, a.y);
            ctx.lineTo(b.x, b.y);
            ctx.stroke();
          }
        }
        for (const g of graffiti) {
          for (const z0 of [g.z + Math.floor(camZ / PERIOD) * PERIOD, g.z + Math.floor(camZ / PERIOD + 1) * PERIOD]) {
            if (z0 < camZ - 3 || z0 > camZ + VIEW) continue;
            const x = g.side * 5.49;
            quad([proj(x, 0.3, z0), proj(x, 0.3, z0 + 3), proj(x, 2.1, z0 + 3), proj(x, 2.1, z0)], hsl(g.hue, 85, 55));
            quad(
              [proj(x, 0.9, z0 + 0.4), proj(x, 0.9, z0 + 2.6), proj(x, 1.5, z0 + 2.6), proj(x, 1.5, z0 + 0.4)],
              hsl(g.hue + 150, 90, 70),
            );
          }
        }
        // Sleepers and rails per lane.
        for (let z = Math.ceil(camZ) + VIEW; z > camZ - 4; z -= 1) {
          for (const lane of [-1, 0, 1]) {
            const a = proj(lane * LANE - 1, 0, z);
            const b = proj(lane * LANE + 1, 0, z + 0.35);
            ctx.fillStyle = "#5b4636";
            ctx.fillRect(a.x, b.y, b.x - a.x, Math.max(1, a.y - b.y));
          }
        }
        ctx.strokeStyle = "#d0d4d8";
        for (const lane of [-1, 0, 1]) {
          for (const off of [-0.7, 0.7]) {
            const a = proj(lane * LANE + off, 0.1, camZ + VIEW);
            const b = proj(lane * LANE + off, 0.1, camZ - 3.9);
            ctx.lineWidth = 3;
            ctx.beginPath();
            ctx.moveTo(a.x, a.y);
            ctx.lineTo(b.x, b.y);
            ctx.stroke();
          }
        }
        // Trains and coins, far to near.
        type Item = { z: number; draw: () => void };
        const items: Item[] = [];
        const base = Math.floor(camZ / PERIOD) * PERIOD;
        for (const offset of [base, base + PERIOD]) {
          for (const t of trains) {
            const z0 = t.z + offset;
            if (z0 + t.length < camZ - 3 || z0 > camZ + VIEW) continue;
            items.push({
              z: Math.max(z0, camZ - 3),
              draw: () => drawTrain(ctx, proj, t, Math.max(z0, camZ - 3), z0 + t.length),
            });
          }
          for (const c of coins) {
            const z0 = c.z + offset;
            if (z0 < camZ - 2 || z0 > camZ + VIEW) continue;
            items.push({
              z: z0,
              draw: () => {
                const p = proj(c.lane * LANE, 1.2, z0);
                const spin = Math.abs(Math.cos(TAU * (f.phase * periods * 8 + z0 * 0.1)));
                ctx.fillStyle = "#b8860b";
                ctx.beginPath();
                ctx.ellipse(p.x, p.y, p.s * 0.4 * spin + 1, p.s * 0.4, 0, 0, TAU);
                ctx.fill();
                ctx.fillStyle = "#ffd700";
                ctx.beginPath();
                ctx.ellipse(p.x, p.y, p.s * 0.3 * spin + 0.5, p.s * 0.3, 0, 0, TAU);
                ctx.fill();
              },
            });
          }
        }
        items.sort((a, b) => b.z - a.z);
        for (const it of items) it.draw();
        // The runner: lane follows the coin line ahead, with a jump over trains.
        const laneNow = Math.sin(((camZ + 6) / PERIOD) * TAU * 3) * 1.2;
        const jump = Math.abs(Math.sin(TAU * f.phase * periods * 6)) * 40;
        drawRunner(ctx, w / 2 + laneNow * 70, h * 0.83 - jump, f.phase * periods * 40);
        // Score HUD.
        ctx.fillStyle = "rgba(0,0,0,0.35)";
        ctx.beginPath();
        ctx.roundRect(w - 150, 20, 130, 40, 10);
        ctx.fill();
        ctx.fillStyle = "#ffd700";
        ctx.beginPath();
        ctx.arc(w - 128, 40, 11, 0, TAU);
        ctx.fill();
      },
    };
  },
};

type Projector = (x: number, y: number, z: number) => { x: number; y: number; s: number };

function drawTrain(ctx: SKRSContext2D, proj: Projector, t: Train, z0: number, z1: number): void {
  const x0 = t.lane * LANE - 1.2;
  const x1 = t.lane * LANE + 1.2;
  const top = 3.6;
  const fb = proj(x0, 0, z0);
  const ft = proj(x1, top, z0);
  const bt = proj(x1, top, z1);
  const bb = proj(x0, top, z1);
  // Roof.
  ctx.fillStyle = shade(t.color, 0.8);
  ctx.beginPath();
  ctx.moveTo(fb.x, ft.y);
  ctx.lineTo(ft.x, ft.y);
  ctx.lineTo(bt.x, bt.y);
  ctx.lineTo(bb.x, bb.y);
  ctx.fill();
  // Side facing the centre.
  const sideX = t.lane <= 0 ? x1 : x0;
  const s0 = proj(sideX, 0, z0);
  const s1 = proj(sideX, top, z0);
  const s2 = proj(sideX, top, z1);
  const s3 = proj(sideX, 0, z1);
  ctx.fillStyle = shade(t.color, 0.65);
  ctx.beginPath();
  ctx.moveTo(s0.x, s0.y);
  ctx.lineTo(s1.x, s1.y);
  ctx.lineTo(s2.x, s2.y);
  ctx.lineTo(s3.x, s3.y);
  ctx.fill();
  // Front.
  ctx.fillStyle = t.color;
  ctx.fillRect(fb.x, ft.y, ft.x - fb.x, fb.y - ft.y);
  const fw = ft.x - fb.x;
  const fh = fb.y - ft.y;
  ctx.fillStyle = "#1d2b3a";
  ctx.fillRect(fb.x + fw * 0.12, ft.y + fh * 0.12, fw * 0.76, fh * 0.3);
  ctx.fillStyle = "#fff6b0";
  ctx.fillRect(fb.x + fw * 0.1, ft.y + fh * 0.7, fw * 0.18, fh * 0.08);
  ctx.fillRect(fb.x + fw * 0.72, ft.y + fh * 0.7, fw * 0.18, fh * 0.08);
  ctx.fillStyle = "#f5f5f5";
  ctx.fillRect(fb.x, ft.y + fh * 0.5, fw, fh * 0.06);
}

function drawRunner(ctx: SKRSContext2D, x: number, y: number, cycle: number): void {
  const legs = Math.sin(TAU * cycle);
  ctx.lineCap = "round";
  ctx.strokeStyle = "#1f3b73";
  ctx.lineWidth = 14;
  ctx.beginPath();
  ctx.moveTo(x - 8, y + 10);
  ctx.lineTo(x - 10 + legs * 10, y + 55);
  ctx.moveTo(x + 8, y + 10);
  ctx.lineTo(x + 10 - legs * 10, y + 55);
  ctx.stroke();
  ctx.fillStyle = "#ff5a36";
  ctx.beginPath();
  ctx.roundRect(x - 24, y - 45, 48, 60, 14);
  ctx.fill();
  ctx.strokeStyle = "#ff5a36";
  ctx.lineWidth = 11;
  ctx.beginPath();
  ctx.moveTo(x - 22, y - 30);
  ctx.lineTo(x - 34 - legs * 8, y);
  ctx.moveTo(x + 22, y - 30);
  ctx.lineTo(x + 34 + legs * 8, y);
  ctx.stroke();
  ctx.fillStyle = "#e04a28";
  ctx.beginPath();
  ctx.arc(x, y - 62, 22, 0, TAU);
  ctx.fill();
  ctx.fillStyle = "#ffd23f";
  ctx.fillRect(x - 20, y - 30, 40, 10);
}

export default generator;
