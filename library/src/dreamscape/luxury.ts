/** Luxury dreamscape: molten gold waves over black marble, turning diamonds and golden dust. */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { mod, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import type { VideoGenerator } from "../kit/video.ts";

function diamond(ctx: SKRSContext2D, x: number, y: number, s: number, turn: number): void {
  const k = Math.cos(turn);
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(0.35 + 0.65 * Math.abs(k), 1);
  const facets: [string, number[]][] = [
    ["#e8f7ff", [-1, -0.3, 0, -0.3, -0.5, -0.75]],
    ["#b9e6ff", [0, -0.3, 1, -0.3, 0.5, -0.75]],
    ["#ffffff", [-0.5, -0.75, 0.5, -0.75, 0, -0.3]],
    ["#7cc8f0", [-1, -0.3, 0, -0.3, 0, 1]],
    ["#a6dcf7", [0, -0.3, 1, -0.3, 0, 1]],
  ];
  for (const [color, p] of facets) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(p[0]! * s, p[1]! * s);
    ctx.lineTo(p[2]! * s, p[3]! * s);
    ctx.lineTo(p[4]! * s, p[5]! * s);
    ctx.fill();
  }
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/dreamscape/luxury.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.4),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const rng = createRng("gold-dust");
    const dust = Array.from({ length: 80 }, () => ({ x: rng() * w, y: rng() * h, o: rng(), r: 0.8 + rng() * 2.2 }));
    return {
      draw(ctx, f) {
        ctx.fillStyle = "#0b0b0d";
        ctx.fillRect(0, 0, w, h);
        ctx.strokeStyle = "rgba(255,255,255,0.06)";
        ctx.lineWidth = 2;
        for (let i = 0; i < 9; i++) {
          ctx.beginPath();
          ctx.moveTo(-20, h * (i / 9));
          ctx.bezierCurveTo(w * 0.3, h * (i / 9) + 80, w * 0.6, h * (i / 9) - 60, w + 20, h * (i / 9) + 30);
          ctx.stroke();
        }
        for (let layer = 0; layer < 4; layer++) {
          const base = h * (0.62 + layer * 0.1);
          const g = ctx.createLinearGradient(0, base - 80, 0, base + 120);
          g.addColorStop(0, "#fff1b8");
          g.addColorStop(0.3, "#f5c542");
          g.addColorStop(0.7, "#b8860b");
          g.addColorStop(1, "#5c3d00");
          ctx.fillStyle = g;
          ctx.beginPath();
          ctx.moveTo(0, h);
          for (let x = 0; x <= w; x += 8) {
            ctx.lineTo(
              x,
              base +
                Math.sin((x / w) * TAU * 1.2 + TAU * f.phase * (layer + 1) * (layer % 2 ? -1 : 1)) * (40 - layer * 6),
            );
          }
          ctx.lineTo(w, h);
          ctx.fill();
        }
        diamond(ctx, w * 0.5, h * 0.33 + Math.sin(TAU * f.phase) * 20, w * 0.2, TAU * f.phase);
        diamond(ctx, w * 0.2, h * 0.5 + Math.sin(TAU * f.phase + 2) * 15, w * 0.08, -TAU * f.phase * 2);
        diamond(ctx, w * 0.8, h * 0.46 + Math.sin(TAU * f.phase + 4) * 15, w * 0.1, TAU * f.phase * 2);
        for (const d of dust) {
          const a = 0.3 + 0.7 * Math.abs(Math.sin(TAU * (f.phase * 2 + d.o)));
          ctx.fillStyle = `rgba(255,215,120,${a.toFixed(2)})`;
          ctx.beginPath();
          ctx.arc(d.x, mod(d.y - f.phase * h, h), d.r, 0, TAU);
          ctx.fill();
        }
      },
    };
  },
};

export default generator;
