/** Machine experiments: interlocking gears, pumping pistons and glowing tubes carrying orbs. */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import type { VideoGenerator } from "../kit/video.ts";

function gear(ctx: SKRSContext2D, x: number, y: number, r: number, teeth: number, angle: number, color: string): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.fillStyle = color;
  ctx.beginPath();
  for (let i = 0; i < teeth * 2; i++) {
    const a = (i / (teeth * 2)) * TAU;
    const rr = i % 2 === 0 ? r : r * 0.84;
    ctx.lineTo(Math.cos(a) * rr, Math.sin(a) * rr);
    ctx.lineTo(Math.cos(a + TAU / (teeth * 2)) * rr, Math.sin(a + TAU / (teeth * 2)) * rr);
  }
  ctx.fill();
  ctx.fillStyle = "#1b1f24";
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.3, 0, TAU);
  ctx.fill();
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/dreamscape/machine-experiments.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.3),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const turns = Math.max(1, Math.round(spec.durationS / 5));
    return {
      draw(ctx, f) {
        const bg = ctx.createLinearGradient(0, 0, 0, h);
        bg.addColorStop(0, "#0f2027");
        bg.addColorStop(1, "#2c5364");
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, w, h);
        const a = TAU * f.phase * turns;
        // Gears with matching tooth counts turn at inverse speeds (whole turns per loop).
        gear(ctx, w * 0.3, h * 0.25, 110, 12, a, "#c9a227");
        gear(ctx, w * 0.3 + 186, h * 0.25 + 40, 80, 12, -a + 0.26, "#b87333");
        gear(ctx, w * 0.65, h * 0.62, 140, 16, a * 0.75, "#8a9ba8");
        gear(ctx, w * 0.2, h * 0.7, 70, 8, -a * 1.5, "#c9a227");
        // Tubes with orbs.
        ctx.lineCap = "round";
        ctx.strokeStyle = "rgba(120,255,240,0.35)";
        ctx.lineWidth = 26;
        ctx.beginPath();
        ctx.moveTo(-20, h * 0.45);
        ctx.bezierCurveTo(w * 0.3, h * 0.35, w * 0.7, h * 0.55, w + 20, h * 0.42);
        ctx.stroke();
        for (let i = 0; i < 8; i++) {
          const t = mod(f.phase * turns + i / 8, 1);
          const x = -20 + t * (w + 40);
          const y = h * 0.45 + Math.sin(t * Math.PI * 2) * -40 + h * -0.03 * t;
          const g = ctx.createRadialGradient(x, y, 1, x, y, 14);
          g.addColorStop(0, "#ffffff");
          g.addColorStop(1, hsl(170 + i * 20, 100, 55));
          ctx.fillStyle = g;
          ctx.beginPath();
          ctx.arc(x, y, 10, 0, TAU);
          ctx.fill();
        }
        // Pistons.
        for (let i = 0; i < 4; i++) {
          const x = w * (0.15 + i * 0.23);
          const ext = (Math.sin(TAU * (f.phase * turns * 2 + i / 4)) + 1) / 2;
          ctx.fillStyle = "#37474f";
          ctx.fillRect(x - 22, h * 0.86, 44, h * 0.14);
          ctx.fillStyle = "#cfd8dc";
          ctx.fillRect(x - 8, h * 0.86 - ext * 120, 16, ext * 120);
          ctx.fillStyle = hsl(20 + i * 30, 90, 55);
          ctx.fillRect(x - 30, h * 0.86 - ext * 120 - 16, 60, 16);
        }
      },
    };
  },
};

export default generator;
