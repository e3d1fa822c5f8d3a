/**
 * Paint squeezing: tubes press thick glossy ribbons of paint that fold onto a canvas scrolling
 * upward, layering rainbow coils. The canvas moves by one coil pitch per squeeze, so it loops.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import type { VideoGenerator } from "../kit/video.ts";

const generator: VideoGenerator = {
  source: "library/src/asmr/paint.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.5),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const pitch = 70;
    const rows = Math.ceil(h / pitch) + 3;
    const nozzleY = h * 0.8;
    const cycles = Math.max(2, Math.round(spec.durationS / 1.25));
    /** Colours go round the wheel once per loop. */
    const hueOf = (i: number) => 350 + (mod(i, cycles) * 360) / cycles;
    const coil = (ctx: SKRSContext2D, y: number, hue: number, upto: number) => {
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      const pts: [number, number][] = [];
      for (let k = 0; k <= 60 * upto; k++) {
        const u = k / 60;
        pts.push([w * 0.12 + u * w * 0.76, y + Math.sin(u * TAU * 3) * 18]);
      }
      if (pts.length < 2) return;
      for (const [width, light] of [
        [44, 30],
        [34, 52],
        [10, 78],
      ] as const) {
        ctx.strokeStyle = hsl(hue, 85, light);
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.moveTo(pts[0]![0], pts[0]![1] - (width === 10 ? 8 : 0));
        for (const [x, yy] of pts.slice(1)) ctx.lineTo(x, yy - (width === 10 ? 8 : 0));
        ctx.stroke();
      }
    };
    return {
      draw(ctx, f) {
        ctx.fillStyle = "#f7f3ea";
        ctx.fillRect(0, 0, w, h);
        const pos = f.phase * cycles;
        const current = Math.floor(pos);
        const t = pos - current;
        // Finished coils scroll up; the newest is being squeezed at the nozzle line.
        for (let r = 1; r < rows; r++) {
          const y = nozzleY + 40 - (r + t) * pitch;
          coil(ctx, y, hueOf(current - r), 1);
        }
        coil(ctx, nozzleY + 40 - t * pitch + pitch * 0, hueOf(current), t);
        // The tube following the ribbon's end.
        const u = t;
        const tx = w * 0.12 + u * w * 0.76;
        const ty = nozzleY + 40 - t * pitch + Math.sin(u * TAU * 3) * 18;
        const hue = hueOf(current);
        ctx.save();
        ctx.translate(tx, ty - 30);
        ctx.rotate(-0.35);
        ctx.fillStyle = "#d8d8d8";
        ctx.fillRect(-12, -40, 24, 40);
        ctx.fillStyle = "#f2f2f2";
        ctx.beginPath();
        ctx.moveTo(-40, -40);
        ctx.lineTo(40, -40);
        ctx.lineTo(46 - 8 * Math.sin(t * TAU * 4), -230);
        ctx.lineTo(-46 + 8 * Math.sin(t * TAU * 4), -230);
        ctx.closePath();
        ctx.fill();
        ctx.fillStyle = hsl(hue, 85, 50);
        ctx.fillRect(-44, -170, 88, 60);
        ctx.restore();
      },
    };
  },
};

export default generator;
