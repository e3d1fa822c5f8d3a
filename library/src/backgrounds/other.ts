/**
 * Neon tunnel racer: a car speeds down a glowing grid highway toward a striped sunset sun, neon
 * gates rush past, stars twinkle and mountains glide. Grid and gates repeat every GATE metres and the
 * camera covers whole gate spacings per loop.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { hsl, mod, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import { QUICK_SECONDS, type VideoGenerator, verticalSpec } from "../kit/video.ts";

const GATE = 24;

const generator: VideoGenerator = {
  source: "library/src/backgrounds/other.ts",
  spec: (mode) => verticalSpec(mode === "quick" ? QUICK_SECONDS : 30, { thumbnailAt: 0.4 }),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const horizon = h * 0.42;
    const focal = w * 0.9;
    const camH = 2.2;
    const gates = Math.max(1, Math.round((spec.durationS * 30) / GATE));
    const rng = createRng("neon-stars");
    const stars = Array.from({ length: 90 }, () => ({ x: rng() * w, y: rng() * horizon * 0.9, p: rng() }));
    return {
      draw(ctx: SKRSContext2D, f) {
        const camZ = f.phase * gates * GATE;
        const sky = ctx.createLinearGradient(0, 0, 0, horizon);
        sky.addColorStop(0, "#0b0224");
        sky.addColorStop(0.7, "#3a0a5e");
        sky.addColorStop(1, "#ff2d95");
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, horizon);
        for (const s of stars) {
          const tw = 0.4 + 0.6 * Math.abs(Math.sin(TAU * (f.phase * 3 + s.p)));
          ctx.fillStyle = `rgba(255,255,255,${tw.toFixed(2)})`;
          ctx.fillRect(s.x, s.y, 2, 2);
        }
        // Sun with stripes.
        const sunR = w * 0.3;
        const sunY = horizon - sunR * 0.35;
        const sg = ctx.createLinearGradient(0, sunY - sunR, 0, sunY + sunR);
        sg.addColorStop(0, "#ffe259");
        sg.addColorStop(1, "#ff2d95");
        ctx.save();
        ctx.beginPath();
        ctx.arc(w / 2, sunY, sunR, 0, TAU);
        ctx.clip();
        ctx.fillStyle = sg;
        ctx.fillRect(w / 2 - sunR, sunY - sunR, sunR * 2, sunR * 2);
        ctx.fillStyle = "#3a0a5e";
        for (let i = 0; i < 7; i++) {
          const y = sunY + i * 14 + mod(f.phase * 14 * gates, 14) - 10;
          ctx.fillRect(w / 2 - sunR, y, sunR * 2, 3 + i * 1.2);
        }
        ctx.restore();
        // Mountains gliding sideways (one full width per loop).
        for (const [layer, color, height] of [
          [0, "#2a0b4a", 0.16],
          [1, "#1a0636", 0.1],
        ] as const) {
          ctx.fillStyle = color;
          ctx.beginPath();
          ctx.moveTo(0, horizon);
          const shift = f.phase * w * (layer + 1);
          for (let x = 0; x <= w; x += 6) {
            const xx = x + shift;
            const y =
              horizon -
              h * height * (0.5 + 0.3 * Math.sin((TAU * xx * 3) / w) + 0.2 * Math.sin((TAU * xx * 7) / w + layer));
            ctx.lineTo(x, y);
          }
          ctx.lineTo(w, horizon);
          ctx.fill();
        }
        // Ground.
        ctx.fillStyle = "#12002b";
        ctx.fillRect(0, horizon, w, h - horizon);
        const proj = (x: number, y: number, z: number) => {
          const dz = Math.max(0.4, z - camZ);
          return { x: w / 2 + (x * focal) / dz, y: horizon + ((camH - y) * focal) / dz, s: focal / dz };
        };
        ctx.strokeStyle = "#ff2df7";
        ctx.lineWidth = 2;
        for (let x = -40; x <= 40; x += 4) {
          const a = proj(x, 0, camZ + 200);
          const b = proj(x, 0, camZ + 0.5);
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.stroke();
        }
        ctx.strokeStyle = "#21d4fd";
        for (let z = Math.floor(camZ / 4) * 4 + 4; z < camZ + 200; z += 4) {
          const a = proj(-60, 0, z);
          const b = proj(60, 0, z);
          ctx.lineWidth = Math.min(4, 0.5 + 40 / (z - camZ));
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.stroke();
        }
        // Road.
        const r0 = proj(-4, 0, camZ + 200);
        const r1 = proj(4, 0, camZ + 200);
        const r2 = proj(4, 0, camZ + 0.5);
        const r3 = proj(-4, 0, camZ + 0.5);
        ctx.fillStyle = "rgba(10,0,30,0.85)";
        ctx.beginPath();
        ctx.moveTo(r0.x, r0.y);
        ctx.lineTo(r1.x, r1.y);
        ctx.lineTo(r2.x, r2.y);
        ctx.lineTo(r3.x, r3.y);
        ctx.fill();
        // Neon gates, far to near.
        for (let z = Math.floor(camZ / GATE) * GATE + GATE * 8; z > camZ + 0.5; z -= GATE) {
          const hue = (mod(z / GATE, gates) * 360) / gates;
          const a = proj(-6, 0, z);
          const b = proj(6, 7, z);
          ctx.strokeStyle = hsl(hue, 100, 60);
          ctx.lineWidth = Math.max(1.5, 0.25 * a.s);
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(a.x, b.y);
          ctx.lineTo(b.x, b.y);
          ctx.lineTo(b.x, a.y);
          ctx.stroke();
        }
        // Lane dashes.
        ctx.fillStyle = "#ffe259";
        for (let z = Math.floor(camZ / 6) * 6 + 6; z < camZ + 120; z += 6) {
          const a = proj(-0.15, 0, z);
          const b = proj(0.15, 0, z + 2.5);
          ctx.fillRect(a.x, b.y, Math.max(1, b.x - a.x), Math.max(1, a.y - b.y));
        }
        // The car from behind.
        const cx = w / 2 + Math.sin(TAU * f.phase * Math.max(1, Math.round(gates / 2))) * 40;
        const cy = h * 0.8;
        ctx.fillStyle = "rgba(255,45,149,0.35)";
        ctx.fillRect(cx - 80, cy + 44, 160, 12);
        ctx.fillStyle = "#1c1030";
        ctx.beginPath();
        ctx.moveTo(cx - 90, cy + 40);
        ctx.lineTo(cx - 80, cy);
        ctx.lineTo(cx - 50, cy - 30);
        ctx.lineTo(cx + 50, cy - 30);
        ctx.lineTo(cx + 80, cy);
        ctx.lineTo(cx + 90, cy + 40);
        ctx.fill();
        ctx.fillStyle = "#ff2d55";
        ctx.fillRect(cx - 80, cy + 8, 55, 10);
        ctx.fillRect(cx + 25, cy + 8, 55, 10);
        ctx.fillStyle = "#21d4fd";
        ctx.fillRect(cx - 45, cy - 25, 90, 16);
        ctx.fillStyle = "#0a0614";
        ctx.fillRect(cx - 88, cy + 36, 34, 18);
        ctx.fillRect(cx + 54, cy + 36, 34, 18);
      },
    };
  },
};

export default generator;
