/**
 * Rollercoaster POV: the track rushes toward the viewer, banking and dipping over a theme park far
 * below, with support towers flashing past. The track shape repeats every PERIOD metres.
 */

import { styleClipSpec } from "../kit/clip.ts";
import { mod, TAU } from "../kit/draw.ts";
import type { VideoGenerator } from "../kit/video.ts";

const PERIOD = 200;

const generator: VideoGenerator = {
  source: "library/src/hook-footage/rollercoaster.ts",
  spec: (mode) => styleClipSpec(mode, 12, 0.3),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const laps = Math.max(1, Math.round((spec.durationS * 30) / PERIOD));
    const focal = w * 0.8;
    const curveX = (z: number) => Math.sin((TAU * z) / PERIOD) * 16 + Math.sin((TAU * z * 2) / PERIOD) * 6;
    const curveY = (z: number) => Math.sin((TAU * z * 3) / PERIOD + 1) * 7;
    return {
      draw(ctx, f) {
        const camZ = f.phase * laps * PERIOD;
        const camX = curveX(camZ);
        const camY = curveY(camZ) + 2;
        const look = curveY(camZ + 10) - curveY(camZ);
        const roll = (curveX(camZ + 8) - curveX(camZ)) * 0.04;
        const horizon = h * 0.4 + look * 18;
        ctx.save();
        ctx.translate(w / 2, h / 2);
        ctx.rotate(roll);
        ctx.translate(-w / 2, -h / 2);
        const sky = ctx.createLinearGradient(0, -h, 0, horizon);
        sky.addColorStop(0, "#1e6fd9");
        sky.addColorStop(1, "#bfe6ff");
        ctx.fillStyle = sky;
        ctx.fillRect(-w, -h, w * 3, horizon + h);
        const ground = ctx.createLinearGradient(0, horizon, 0, h * 2);
        ground.addColorStop(0, "#9bc47a");
        ground.addColorStop(1, "#3f7d2a");
        ctx.fillStyle = ground;
        ctx.fillRect(-w, horizon, w * 3, h * 2);
        // Park below: rides and trees as coloured dots in rows that scroll.
        for (let zi = 0; zi < 30; zi++) {
          const z = Math.floor(camZ / 10) * 10 + 300 - zi * 10;
          const dz = z - camZ;
          if (dz < 5) continue;
          for (let xi = -6; xi <= 6; xi++) {
            const x = w / 2 + ((xi * 30 - camX) * focal) / dz;
            const y = horizon + ((camY + 40) * focal) / dz;
            const r = Math.max(1, (4 * focal) / dz);
            ctx.fillStyle = [
              "#2e7d32",
              "#1b5e20",
              "#e53935",
              "#388e3c",
              "#2e7d32",
              "#fdd835",
              "#1b5e20",
              "#43a047",
              "#1e88e5",
              "#2e7d32",
            ][mod(xi * 3 + z / 10, 10)] as string;
            ctx.beginPath();
            ctx.arc(x, y, r, 0, TAU);
            ctx.fill();
          }
        }
        // Track: rails and ties from far to near.
        const proj = (x: number, y: number, z: number) => {
          const dz = Math.max(0.3, z - camZ);
          return { x: w / 2 + ((x - camX) * focal) / dz, y: horizon + ((camY - y) * focal) / dz, s: focal / dz };
        };
        for (let zi = 120; zi >= 1; zi--) {
          const z = Math.floor(camZ) + zi;
          const cx = curveX(z);
          const cy = curveY(z);
          if (mod(z, 10) === 0) {
            const top = proj(cx, cy - 0.3, z);
            const bottom = proj(cx, cy - 40, z);
            ctx.strokeStyle = "#e0e0e0";
            ctx.lineWidth = Math.max(1, 0.4 * top.s);
            ctx.beginPath();
            ctx.moveTo(top.x, top.y);
            ctx.lineTo(bottom.x, bottom.y);
            ctx.stroke();
          }
          const l = proj(cx - 1.2, cy, z);
          const r = proj(cx + 1.2, cy, z);
          ctx.strokeStyle = "#6d4c41";
          ctx.lineWidth = Math.max(1, 0.25 * l.s);
          ctx.beginPath();
          ctx.moveTo(l.x, l.y);
          ctx.lineTo(r.x, r.y);
          ctx.stroke();
          const l2 = proj(curveX(z + 1) - 1, curveY(z + 1), z + 1);
          const r2 = proj(curveX(z + 1) + 1, curveY(z + 1), z + 1);
          ctx.strokeStyle = "#e53935";
          ctx.lineWidth = Math.max(1.5, 0.18 * l.s);
          ctx.beginPath();
          ctx.moveTo(proj(cx - 1, cy, z).x, proj(cx - 1, cy, z).y);
          ctx.lineTo(l2.x, l2.y);
          ctx.moveTo(proj(cx + 1, cy, z).x, proj(cx + 1, cy, z).y);
          ctx.lineTo(r2.x, r2.y);
          ctx.stroke();
        }
        ctx.restore();
        // The car's front bar and hands in the foreground.
        ctx.fillStyle = "#263238";
        ctx.fillRect(0, h * 0.9, w, h * 0.1);
        ctx.fillStyle = "#ffca28";
        ctx.fillRect(w * 0.1, h * 0.88, w * 0.8, 18);
        ctx.fillStyle = "#f1c27d";
        const grip = Math.sin(TAU * f.phase * laps * 4) * 6;
        ctx.beginPath();
        ctx.ellipse(w * 0.28, h * 0.885 + grip, 34, 22, 0, 0, TAU);
        ctx.ellipse(w * 0.72, h * 0.885 - grip, 34, 22, 0, 0, TAU);
        ctx.fill();
      },
    };
  },
};

export default generator;
