/**
 * Toast spreading: a butter knife sweeps golden butter, then strawberry jam, across crisp toast in
 * glossy ribbons; a fresh slice slides in for the next spread.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { clamp, easeInOut, TAU } from "../kit/draw.ts";
import type { VideoGenerator } from "../kit/video.ts";

const SPREADS = [
  { color: "#ffe27a", light: "#fff4c2", name: "butter" },
  { color: "#d7263d", light: "#ff6b81", name: "jam" },
  { color: "#8d5524", light: "#c68642", name: "chocolate" },
  { color: "#f6c453", light: "#fde7a9", name: "honey" },
];

function toastPath(ctx: SKRSContext2D, x: number, y: number, s: number): void {
  ctx.beginPath();
  ctx.moveTo(x - s * 0.5, y + s * 0.55);
  ctx.lineTo(x - s * 0.5, y - s * 0.2);
  ctx.bezierCurveTo(x - s * 0.65, y - s * 0.55, x - s * 0.35, y - s * 0.75, x, y - s * 0.62);
  ctx.bezierCurveTo(x + s * 0.35, y - s * 0.75, x + s * 0.65, y - s * 0.55, x + s * 0.5, y - s * 0.2);
  ctx.lineTo(x + s * 0.5, y + s * 0.55);
  ctx.closePath();
}

const generator: VideoGenerator = {
  source: "library/src/asmr/toast.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.2),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    return {
      draw(ctx, f) {
        const bg = ctx.createLinearGradient(0, 0, 0, h);
        bg.addColorStop(0, "#fdf0d5");
        bg.addColorStop(1, "#e9c46a");
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, w, h);
        // Plate.
        ctx.fillStyle = "#ffffff";
        ctx.beginPath();
        ctx.ellipse(w / 2, h * 0.55, w * 0.46, w * 0.46, 0, 0, TAU);
        ctx.fill();
        ctx.strokeStyle = "#e0e0e0";
        ctx.lineWidth = 6;
        ctx.stroke();
        const n = SPREADS.length;
        const slot = f.phase * n;
        const spread = SPREADS[Math.floor(slot) % n]!;
        const t = slot - Math.floor(slot);
        const enter = 1 - easeInOut(clamp(t / 0.15));
        const leave = easeInOut(clamp((t - 0.85) / 0.15));
        const x = w / 2 + (leave - enter) * w;
        const y = h * 0.55;
        const s = w * 0.62;
        ctx.fillStyle = "#9c6b30";
        toastPath(ctx, x, y, s * 1.06);
        ctx.fill();
        ctx.fillStyle = "#f1d08b";
        toastPath(ctx, x, y, s * 0.94);
        ctx.fill();
        // Toasted texture.
        ctx.fillStyle = "rgba(160,100,40,0.18)";
        for (let k = 0; k < 40; k++) {
          ctx.beginPath();
          ctx.arc(
            x + (((k * 37) % 100) / 100 - 0.5) * s * 0.8,
            y + (((k * 61) % 100) / 100 - 0.5) * s * 0.95,
            3 + (k % 4),
            0,
            TAU,
          );
          ctx.fill();
        }
        // The spread follows the knife in zigzag strokes.
        const progress = clamp((t - 0.15) / 0.65);
        const strokes = 5;
        ctx.save();
        toastPath(ctx, x, y, s * 0.92);
        ctx.clip();
        ctx.lineCap = "round";
        ctx.lineJoin = "round";
        let knife = { x, y: y - s * 0.5 };
        for (let k = 0; k < strokes; k++) {
          const p = clamp(progress * strokes - k);
          if (p <= 0) break;
          const yRow = y - s * 0.45 + (k / (strokes - 1)) * s * 0.9;
          const fromX = k % 2 === 0 ? x - s * 0.45 : x + s * 0.45;
          const toX = k % 2 === 0 ? x + s * 0.45 : x - s * 0.45;
          const endX = fromX + (toX - fromX) * p;
          ctx.strokeStyle = spread.color;
          ctx.lineWidth = s * 0.26;
          ctx.beginPath();
          ctx.moveTo(fromX, yRow);
          ctx.lineTo(endX, yRow + Math.sin(p * TAU) * 6);
          ctx.stroke();
          ctx.strokeStyle = spread.light;
          ctx.lineWidth = s * 0.05;
          ctx.beginPath();
          ctx.moveTo(fromX, yRow - s * 0.05);
          ctx.lineTo(endX, yRow - s * 0.05 + Math.sin(p * TAU) * 6);
          ctx.stroke();
          knife = { x: endX, y: yRow };
        }
        ctx.restore();
        // Butter knife.
        const kx = progress > 0 && progress < 1 ? knife.x : x + s * 0.7;
        const ky = progress > 0 && progress < 1 ? knife.y : y - s * 0.8;
        ctx.save();
        ctx.translate(kx, ky);
        ctx.rotate(-0.7);
        ctx.fillStyle = "#d9dde2";
        ctx.beginPath();
        ctx.roundRect(-20, -s * 0.05, s * 0.5, s * 0.1, s * 0.05);
        ctx.fill();
        ctx.fillStyle = spread.color;
        ctx.beginPath();
        ctx.roundRect(-22, -s * 0.055, s * 0.12, s * 0.11, s * 0.05);
        ctx.fill();
        ctx.fillStyle = "#f8f8f8";
        ctx.beginPath();
        ctx.roundRect(s * 0.45, -s * 0.04, s * 0.45, s * 0.08, s * 0.04);
        ctx.fill();
        ctx.restore();
      },
    };
  },
};

export default generator;
