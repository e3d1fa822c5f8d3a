/** Alternate realities: a swirling portal over an endless checkerboard, floating islands and planets. */

import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import type { VideoGenerator } from "../kit/video.ts";

const generator: VideoGenerator = {
  source: "library/src/dreamscape/alternate-realities.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.3),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const horizon = h * 0.55;
    return {
      draw(ctx, f) {
        const sky = ctx.createLinearGradient(0, 0, 0, horizon);
        sky.addColorStop(0, "#140038");
        sky.addColorStop(1, "#ff7eb3");
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, horizon);
        // Checkerboard floor rushing forward (one tile per loop step).
        ctx.fillStyle = "#1a1a2e";
        ctx.fillRect(0, horizon, w, h - horizon);
        const focal = w * 0.8;
        const steps = Math.max(1, Math.round(spec.durationS / 2));
        const camZ = f.phase * steps * 2;
        for (let zi = 40; zi >= 0; zi--) {
          const z0 = Math.floor(camZ) + zi - camZ + 1;
          const z1 = z0 + 1;
          if (z0 <= 0.05) continue;
          const y0 = horizon + (2 * focal) / z1;
          const y1 = horizon + (2 * focal) / z0;
          for (let xi = -12; xi < 12; xi++) {
            if (mod(xi + Math.floor(camZ) + zi, 2) === 0) continue;
            const xa0 = w / 2 + (xi * focal) / z1;
            const xa1 = w / 2 + ((xi + 1) * focal) / z1;
            const xb0 = w / 2 + (xi * focal) / z0;
            const xb1 = w / 2 + ((xi + 1) * focal) / z0;
            ctx.fillStyle = "#f2e9ff";
            ctx.beginPath();
            ctx.moveTo(xa0, y0);
            ctx.lineTo(xa1, y0);
            ctx.lineTo(xb1, y1);
            ctx.lineTo(xb0, y1);
            ctx.fill();
          }
        }
        // Portal.
        const px = w / 2;
        const py = h * 0.32;
        for (let ring = 14; ring > 0; ring--) {
          ctx.fillStyle = hsl(ring * 25 + f.phase * 360, 90, 50 + ring * 2);
          ctx.beginPath();
          ctx.ellipse(px, py, ring * 14, ring * 19, TAU * f.phase * (ring % 2 ? 1 : -1) * 0.5, 0, TAU);
          ctx.fill();
        }
        ctx.fillStyle = "#050010";
        ctx.beginPath();
        ctx.ellipse(px, py, 28, 38, 0, 0, TAU);
        ctx.fill();
        // Floating upside-down islands and planets orbiting.
        for (let i = 0; i < 3; i++) {
          const a = TAU * (f.phase + i / 3);
          const x = px + Math.cos(a) * w * 0.38;
          const y = py + Math.sin(a) * h * 0.12;
          ctx.fillStyle = "#7b4f2c";
          ctx.beginPath();
          ctx.moveTo(x - 40, y);
          ctx.lineTo(x + 40, y);
          ctx.lineTo(x, y - 60);
          ctx.fill();
          ctx.fillStyle = "#4caf50";
          ctx.fillRect(x - 42, y, 84, 10);
        }
        const planet = ctx.createRadialGradient(w * 0.8 - 20, h * 0.1 - 20, 5, w * 0.8, h * 0.1, 60);
        planet.addColorStop(0, "#ffd59e");
        planet.addColorStop(1, "#ff6f61");
        ctx.fillStyle = planet;
        ctx.beginPath();
        ctx.arc(w * 0.8, h * 0.1 + Math.sin(TAU * f.phase) * 10, 60, 0, TAU);
        ctx.fill();
      },
    };
  },
};

export default generator;
