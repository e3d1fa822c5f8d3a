/** Surreal nature: floating islands with waterfalls, giant blooming flowers and drifting clouds at dusk. */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import type { VideoGenerator } from "../kit/video.ts";

function flower(ctx: SKRSContext2D, x: number, y: number, r: number, bloom: number, hue: number, spin: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(spin);
  for (let i = 0; i < 8; i++) {
    ctx.rotate(TAU / 8);
    ctx.fillStyle = hsl(hue, 80, 70);
    ctx.beginPath();
    ctx.ellipse(0, -r * 0.55 * bloom, r * 0.22, r * 0.5 * bloom, 0, 0, TAU);
    ctx.fill();
  }
  ctx.fillStyle = "#ffd54f";
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.2, 0, TAU);
  ctx.fill();
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/dreamscape/nature.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.4),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    return {
      draw(ctx, f) {
        const sky = ctx.createLinearGradient(0, 0, 0, h);
        sky.addColorStop(0, "#3b2667");
        sky.addColorStop(0.5, "#bc78ec");
        sky.addColorStop(1, "#ffcf99");
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, h);
        // Aurora ribbons.
        for (let k = 0; k < 3; k++) {
          ctx.strokeStyle = hsl(150 + k * 40, 90, 65, 0.35);
          ctx.lineWidth = 30;
          ctx.beginPath();
          for (let x = 0; x <= w; x += 10) {
            const y = h * (0.12 + k * 0.05) + Math.sin((x / w) * TAU + TAU * f.phase + k) * 30;
            if (x === 0) ctx.moveTo(x, y);
            else ctx.lineTo(x, y);
          }
          ctx.stroke();
        }
        // Clouds drifting one width per loop.
        ctx.fillStyle = "rgba(255,255,255,0.75)";
        for (let i = 0; i < 5; i++) {
          const x = mod(i * 130 + f.phase * (w + 200), w + 200) - 100;
          const y = h * (0.25 + (i % 3) * 0.06);
          ctx.beginPath();
          ctx.ellipse(x, y, 70, 22, 0, 0, TAU);
          ctx.ellipse(x + 40, y - 12, 45, 20, 0, 0, TAU);
          ctx.fill();
        }
        // Floating islands with waterfalls.
        for (let i = 0; i < 3; i++) {
          const x = w * (0.22 + i * 0.28);
          const y = h * (0.45 + (i % 2) * 0.1) + Math.sin(TAU * (f.phase + i / 3)) * 14;
          ctx.fillStyle = "#6d4c41";
          ctx.beginPath();
          ctx.moveTo(x - 70, y);
          ctx.lineTo(x + 70, y);
          ctx.lineTo(x + 10, y + 110);
          ctx.lineTo(x - 20, y + 90);
          ctx.fill();
          ctx.fillStyle = "#66bb6a";
          ctx.beginPath();
          ctx.ellipse(x, y, 74, 16, 0, 0, TAU);
          ctx.fill();
          for (let d = 0; d < 12; d++) {
            const p = mod(f.phase * 4 + d / 12, 1);
            ctx.fillStyle = `rgba(180,230,255,${(1 - p).toFixed(2)})`;
            ctx.fillRect(x + 40, y + p * 260, 10, 18);
          }
        }
        // Giant flowers breathing open and closed.
        const bloom = (k: number) => 0.75 + 0.25 * Math.sin(TAU * (f.phase + k));
        flower(ctx, w * 0.25, h * 0.85, 110, bloom(0), 330, TAU * f.phase * 0.5);
        flower(ctx, w * 0.75, h * 0.9, 140, bloom(0.33), 280, -TAU * f.phase * 0.5);
        flower(ctx, w * 0.5, h * 0.78, 80, bloom(0.66), 20, TAU * f.phase);
      },
    };
  },
};

export default generator;
