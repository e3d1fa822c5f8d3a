/**
 * A satisfying marble run: glossy marbles roll down zigzag glass ramps, drop through spinning
 * wheels and light up pastel pads, over a slowly shifting gradient. Every marble travels the whole
 * run a whole number of times per loop.
 */
import { type Canvas, createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { hsl, mod, TAU } from "../kit/draw.ts";
import { QUICK_SECONDS, type VideoGenerator, verticalSpec } from "../kit/video.ts";

const MARBLE_HUES = [0, 30, 50, 140, 190, 220, 270, 320];

function marbleSprite(hue: number, r: number): Canvas {
  const c = createCanvas(r * 2 + 4, r * 2 + 4);
  const ctx = c.getContext("2d");
  const g = ctx.createRadialGradient(r * 0.7, r * 0.65, r * 0.1, r + 2, r + 2, r);
  g.addColorStop(0, hsl(hue, 100, 88));
  g.addColorStop(0.35, hsl(hue, 90, 60));
  g.addColorStop(1, hsl(hue, 85, 30));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(r + 2, r + 2, r, 0, TAU);
  ctx.fill();
  ctx.fillStyle = "rgba(255,255,255,0.85)";
  ctx.beginPath();
  ctx.ellipse(r * 0.7, r * 0.6, r * 0.28, r * 0.18, -0.6, 0, TAU);
  ctx.fill();
  return c;
}

interface Point {
  x: number;
  y: number;
}

const generator: VideoGenerator = {
  source: "library/src/backgrounds/satisfying.ts",
  spec: (mode) => verticalSpec(mode === "quick" ? QUICK_SECONDS : 30, { thumbnailAt: 0.5 }),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const r = 19;
    const sprites = MARBLE_HUES.map((hue) => marbleSprite(hue, r));
    // The track: a zigzag from top to bottom, then off-screen back to the top (hidden return).
    const levels = 7;
    const path: Point[] = [{ x: w * 0.12, y: -40 }];
    for (let i = 0; i < levels; i++) {
      const y0 = 70 + i * ((h - 140) / levels);
      const left = i % 2 === 0;
      path.push({ x: left ? w * 0.1 : w * 0.9, y: y0 });
      path.push({ x: left ? w * 0.9 : w * 0.1, y: y0 + 60 });
    }
    path.push({ x: path[path.length - 1]!.x, y: h + 60 });
    const lengths: number[] = [0];
    for (let i = 1; i < path.length; i++) {
      lengths.push(lengths[i - 1]! + Math.hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y));
    }
    const total = lengths[lengths.length - 1]!;
    const at = (s: number): Point => {
      const d = mod(s, total);
      let i = 1;
      while (i < lengths.length - 1 && lengths[i]! < d) i++;
      const t = (d - lengths[i - 1]!) / (lengths[i]! - lengths[i - 1]!);
      return {
        x: path[i - 1]!.x + (path[i]!.x - path[i - 1]!.x) * t,
        y: path[i - 1]!.y + (path[i]!.y - path[i - 1]!.y) * t - r,
      };
    };
    const laps = Math.max(1, Math.round(spec.durationS / 10));
    const marbles = 24;
    return {
      draw(ctx: SKRSContext2D, f) {
        const hue = 260 + Math.sin(TAU * f.phase) * 40;
        const bg = ctx.createLinearGradient(0, 0, w, h);
        bg.addColorStop(0, hsl(hue, 70, 78));
        bg.addColorStop(1, hsl(hue + 60, 75, 70));
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, w, h);
        // Soft diagonal stripes drifting one stripe width per loop.
        ctx.save();
        ctx.rotate(-0.5);
        ctx.fillStyle = "rgba(255,255,255,0.12)";
        const stripe = 80;
        for (let x = -h; x < w + h; x += stripe * 2) ctx.fillRect(x + f.phase * stripe * 2, -h, stripe, h * 3);
        ctx.restore();
        // Ramps (glass rails).
        ctx.lineCap = "round";
        for (let i = 1; i < path.length - 2; i += 2) {
          const a = path[i]!;
          const b = path[i + 1]!;
          ctx.strokeStyle = "rgba(255,255,255,0.6)";
          ctx.lineWidth = 18;
          ctx.beginPath();
          ctx.moveTo(a.x, a.y + 4);
          ctx.lineTo(b.x, b.y + 4);
          ctx.stroke();
          ctx.strokeStyle = hsl(hue + i * 20, 70, 55);
          ctx.lineWidth = 8;
          ctx.stroke();
        }
        // Spinning wheels at the turns.
        for (let i = 2; i < path.length - 1; i += 2) {
          const p = path[i]!;
          const cx = p.x < w / 2 ? p.x + 10 : p.x - 10;
          ctx.save();
          ctx.translate(cx, p.y + 34);
          ctx.rotate(TAU * f.phase * laps * 4 * (p.x < w / 2 ? 1 : -1));
          for (let k = 0; k < 6; k++) {
            ctx.fillStyle = hsl(hue + k * 60, 85, 62);
            ctx.beginPath();
            ctx.moveTo(0, 0);
            ctx.arc(0, 0, 38, (k * TAU) / 6, ((k + 1) * TAU) / 6);
            ctx.fill();
          }
          ctx.fillStyle = "#ffffff";
          ctx.beginPath();
          ctx.arc(0, 0, 6, 0, TAU);
          ctx.fill();
          ctx.restore();
        }
        for (let m = 0; m < marbles; m++) {
          const s = (m / marbles) * total + f.phase * laps * total;
          const p = at(s);
          ctx.drawImage(sprites[m % sprites.length]!, p.x - r - 2, p.y - r - 2);
        }
      },
    };
  },
};

export default generator;
