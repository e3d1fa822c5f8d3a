/**
 * Epic nature: a sunrise over layered mountain ranges gliding in parallax, a mirror lake, drifting
 * clouds and birds. Each layer shifts a whole number of its own widths per loop.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import type { VideoGenerator } from "../kit/video.ts";

function ridge(
  ctx: SKRSContext2D,
  w: number,
  base: number,
  amp: number,
  shift: number,
  seed: number,
  fill: string,
  snow: boolean,
): void {
  const height = (x: number) => {
    const u = (x + shift) / w;
    return (
      base -
      amp *
        (0.55 +
          0.3 * Math.sin(TAU * u * 2 + seed) +
          0.15 * Math.sin(TAU * u * 5 + seed * 2) +
          0.08 * Math.abs(Math.sin(TAU * u * 11 + seed)))
    );
  };
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.moveTo(0, base + 400);
  for (let x = 0; x <= w; x += 4) ctx.lineTo(x, height(x));
  ctx.lineTo(w, base + 400);
  ctx.fill();
  if (snow) {
    ctx.fillStyle = "rgba(255,255,255,0.85)";
    for (let x = 0; x <= w; x += 4) {
      const y = height(x);
      if (y < base - amp * 0.75) ctx.fillRect(x, y, 4, (base - amp * 0.75 - y) * 0.6 + 2);
    }
  }
}

const generator: VideoGenerator = {
  source: "library/src/hook-footage/nature.ts",
  spec: (mode) => styleClipSpec(mode, 12, 0.5),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const rng = createRng("birds");
    const birds = Array.from({ length: 7 }, () => ({ x: rng(), y: 0.15 + rng() * 0.15, o: rng() }));
    return {
      draw(ctx, f) {
        const sky = ctx.createLinearGradient(0, 0, 0, h * 0.55);
        sky.addColorStop(0, "#1d2671");
        sky.addColorStop(0.55, "#c33764");
        sky.addColorStop(1, "#ffb347");
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, h * 0.6);
        const sun = ctx.createRadialGradient(w / 2, h * 0.42, 5, w / 2, h * 0.42, 140);
        sun.addColorStop(0, "#fff8e1");
        sun.addColorStop(0.3, "#ffe082");
        sun.addColorStop(1, "rgba(255,224,130,0)");
        ctx.fillStyle = sun;
        ctx.fillRect(0, 0, w, h);
        ctx.fillStyle = "rgba(255,230,240,0.5)";
        for (let i = 0; i < 6; i++) {
          const x = mod(i * 120 + f.phase * (w + 200), w + 200) - 100;
          ctx.beginPath();
          ctx.ellipse(x, h * (0.1 + (i % 3) * 0.06), 90, 14, 0, 0, TAU);
          ctx.fill();
        }
        const layers = [
          { base: h * 0.5, amp: h * 0.22, speed: 1, color: hsl(260, 30, 45), snow: true },
          { base: h * 0.54, amp: h * 0.16, speed: 2, color: hsl(250, 35, 32), snow: false },
          { base: h * 0.58, amp: h * 0.1, speed: 3, color: hsl(240, 40, 20), snow: false },
        ];
        layers.forEach((l, i) => {
          ridge(ctx, w, l.base, l.amp, f.phase * w * l.speed, i * 1.7, l.color, l.snow);
        });
        // Lake mirroring the sky and the ridges (flipped copy of the upper half).
        const lakeTop = h * 0.6;
        ctx.save();
        ctx.beginPath();
        ctx.rect(0, lakeTop, w, h - lakeTop);
        ctx.clip();
        ctx.translate(0, lakeTop * 2);
        ctx.scale(1, -1);
        const mirror = ctx.createLinearGradient(0, 0, 0, lakeTop);
        mirror.addColorStop(0, "#1d2671");
        mirror.addColorStop(1, "#ffb347");
        ctx.fillStyle = mirror;
        ctx.fillRect(0, 0, w, lakeTop);
        layers.forEach((l, i) => {
          ridge(ctx, w, l.base, l.amp, f.phase * w * l.speed, i * 1.7, l.color, false);
        });
        ctx.restore();
        ctx.fillStyle = "rgba(20,20,60,0.25)";
        ctx.fillRect(0, lakeTop, w, h - lakeTop);
        ctx.strokeStyle = "rgba(255,240,220,0.35)";
        ctx.lineWidth = 2;
        for (let i = 0; i < 14; i++) {
          const y = lakeTop + 10 + i * 24;
          const x = w / 2 + Math.sin(TAU * (f.phase * 2 + i * 0.3)) * 30;
          ctx.beginPath();
          ctx.moveTo(x - 60 + i * 2, y);
          ctx.lineTo(x + 60 - i * 2, y);
          ctx.stroke();
        }
        // Birds gliding across.
        ctx.strokeStyle = "#1a1a2e";
        ctx.lineWidth = 3;
        for (const b of birds) {
          const x = mod(b.x + f.phase, 1) * (w + 80) - 40;
          const y = h * b.y + Math.sin(TAU * (f.phase * 3 + b.o)) * 10;
          const flap = Math.sin(TAU * (f.phase * 12 + b.o)) * 6;
          ctx.beginPath();
          ctx.moveTo(x - 14, y - flap);
          ctx.quadraticCurveTo(x - 6, y - 6, x, y);
          ctx.quadraticCurveTo(x + 6, y - 6, x + 14, y - flap);
          ctx.stroke();
        }
      },
    };
  },
};

export default generator;
