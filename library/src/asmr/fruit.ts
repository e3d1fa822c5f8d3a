/**
 * Fruit cutting: a chef's knife slices through fruit on a wooden board, halves fall apart to show
 * the juicy cross-section, the next fruit slides in (orange, kiwi, watermelon, dragon fruit).
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { clamp, easeInOut, easeOutBack, easeOutCubic, TAU } from "../kit/draw.ts";
import type { VideoGenerator } from "../kit/video.ts";
import { drawBoard, drawKnife } from "./kitchen.ts";

interface Fruit {
  skin: string;
  rind: string;
  flesh: string;
  core: string;
  seeds: string;
  r: number;
}
const FRUITS: Fruit[] = [
  { skin: "#f28c18", rind: "#fff1d6", flesh: "#ffa62b", core: "#fff5e0", seeds: "#fff5e0", r: 120 },
  { skin: "#7a5a2e", rind: "#c9e265", flesh: "#8cc63f", core: "#f4f7d0", seeds: "#1a1a1a", r: 105 },
  { skin: "#2e7d32", rind: "#f1f8e9", flesh: "#ff4d5e", core: "#ff7a86", seeds: "#1a1a1a", r: 150 },
  { skin: "#e91e78", rind: "#ff9ac9", flesh: "#fafafa", core: "#ffffff", seeds: "#1a1a1a", r: 125 },
];

function drawHalf(ctx: SKRSContext2D, fruit: Fruit, x: number, y: number, side: number, open: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(side * open * 0.5);
  // Skin (back of the half).
  ctx.fillStyle = fruit.skin;
  ctx.beginPath();
  ctx.ellipse(
    side * 10,
    0,
    fruit.r * 0.9,
    fruit.r,
    0,
    side > 0 ? -Math.PI / 2 : Math.PI / 2,
    side > 0 ? Math.PI / 2 : (3 * Math.PI) / 2,
  );
  ctx.fill();
  // Cut face, revealed as the half turns.
  const face = Math.max(0.08, open);
  ctx.save();
  ctx.scale(face, 1);
  ctx.fillStyle = fruit.rind;
  ctx.beginPath();
  ctx.ellipse(0, 0, fruit.r * 0.95, fruit.r * 0.97, 0, 0, TAU);
  ctx.fill();
  ctx.fillStyle = fruit.flesh;
  ctx.beginPath();
  ctx.ellipse(0, 0, fruit.r * 0.85, fruit.r * 0.87, 0, 0, TAU);
  ctx.fill();
  // Segments / seeds.
  ctx.strokeStyle = fruit.core;
  ctx.lineWidth = 4;
  for (let k = 0; k < 10; k++) {
    const a = (k / 10) * TAU;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(Math.cos(a) * fruit.r * 0.8, Math.sin(a) * fruit.r * 0.82);
    ctx.stroke();
  }
  ctx.fillStyle = fruit.core;
  ctx.beginPath();
  ctx.ellipse(0, 0, fruit.r * 0.22, fruit.r * 0.24, 0, 0, TAU);
  ctx.fill();
  ctx.fillStyle = fruit.seeds;
  for (let k = 0; k < 12; k++) {
    const a = (k / 12) * TAU;
    ctx.beginPath();
    ctx.ellipse(Math.cos(a) * fruit.r * 0.35, Math.sin(a) * fruit.r * 0.37, 5, 9, a, 0, TAU);
    ctx.fill();
  }
  // Juicy gloss.
  ctx.fillStyle = "rgba(255,255,255,0.35)";
  ctx.beginPath();
  ctx.ellipse(-fruit.r * 0.3, -fruit.r * 0.4, fruit.r * 0.25, fruit.r * 0.12, -0.5, 0, TAU);
  ctx.fill();
  ctx.restore();
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/asmr/fruit.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.16),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    return {
      draw(ctx, f) {
        drawBoard(ctx, w, h);
        const n = FRUITS.length;
        const slot = f.phase * n;
        const fruit = FRUITS[Math.floor(slot) % n] as Fruit;
        const t = slot - Math.floor(slot);
        const cx = w / 2;
        const cy = h * 0.56;
        // Slide in (0-0.15), knife cut (0.15-0.45), open (0.45-0.7), slide out (0.8-1).
        const enter = 1 - easeOutCubic(clamp(t / 0.15));
        const leave = easeInOut(clamp((t - 0.8) / 0.2));
        const x = cx - enter * w + leave * w;
        const cut = clamp((t - 0.15) / 0.3);
        const open = easeOutBack(clamp((t - 0.45) / 0.25));
        ctx.fillStyle = "rgba(60,30,10,0.25)";
        ctx.beginPath();
        ctx.ellipse(x, cy + fruit.r * 0.95, fruit.r * (1.1 + open * 0.6), fruit.r * 0.2, 0, 0, TAU);
        ctx.fill();
        if (open <= 0) {
          ctx.fillStyle = fruit.skin;
          ctx.beginPath();
          ctx.ellipse(x, cy, fruit.r, fruit.r, 0, 0, TAU);
          ctx.fill();
          ctx.fillStyle = "rgba(255,255,255,0.3)";
          ctx.beginPath();
          ctx.ellipse(x - fruit.r * 0.35, cy - fruit.r * 0.4, fruit.r * 0.3, fruit.r * 0.15, -0.6, 0, TAU);
          ctx.fill();
          if (cut > 0) {
            ctx.fillStyle = fruit.flesh;
            ctx.fillRect(x - 3, cy - fruit.r, 6, fruit.r * 2 * cut);
          }
        } else {
          drawHalf(ctx, fruit, x - open * 70, cy, -1, open);
          drawHalf(ctx, fruit, x + open * 70, cy, 1, open);
        }
        const knifeY =
          t < 0.15 ? -0.2 : t < 0.45 ? easeInOut(cut) : t < 0.6 ? 1 - easeInOut((t - 0.45) / 0.15) * 1.2 : -0.2;
        drawKnife(ctx, cx, cy - fruit.r * 1.6 + knifeY * fruit.r * 2.2, w);
      },
    };
  },
};

export default generator;
