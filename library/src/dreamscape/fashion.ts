/** Fashion dreamscape: layers of flowing silk in blush and lilac, pearls drifting, a runway glow. */

import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import type { VideoGenerator } from "../kit/video.ts";

const generator: VideoGenerator = {
  source: "library/src/dreamscape/fashion.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.3),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const rng = createRng("pearls");
    const pearls = Array.from({ length: 26 }, () => ({
      x: rng() * w,
      o: rng(),
      r: 4 + rng() * 9,
      s: 1 + Math.floor(rng() * 2),
    }));
    return {
      draw(ctx, f) {
        const bg = ctx.createLinearGradient(0, 0, w, h);
        bg.addColorStop(0, "#2b1036");
        bg.addColorStop(1, "#5c2a5e");
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, w, h);
        for (let layer = 0; layer < 7; layer++) {
          const hue = 320 + layer * 9;
          const base = h * (0.15 + layer * 0.12);
          const g = ctx.createLinearGradient(0, base - 120, 0, base + 160);
          g.addColorStop(0, hsl(hue, 70, 82, 0.0));
          g.addColorStop(0.4, hsl(hue, 70, 78, 0.85));
          g.addColorStop(1, hsl(hue + 20, 60, 45, 0.9));
          ctx.fillStyle = g;
          ctx.beginPath();
          ctx.moveTo(0, h);
          for (let x = 0; x <= w; x += 8) {
            const y =
              base +
              Math.sin((x / w) * TAU * 1.5 + TAU * f.phase * (layer % 2 ? 1 : -1) + layer) * 60 +
              Math.sin((x / w) * TAU * 3 - TAU * f.phase * 2 + layer * 2) * 20;
            ctx.lineTo(x, y);
          }
          ctx.lineTo(w, h);
          ctx.fill();
        }
        for (const p of pearls) {
          const y = h + 40 - mod(f.phase * p.s + p.o, 1) * (h + 80);
          const g = ctx.createRadialGradient(p.x - p.r * 0.3, y - p.r * 0.3, 1, p.x, y, p.r);
          g.addColorStop(0, "#ffffff");
          g.addColorStop(1, "#e8d5e0");
          ctx.fillStyle = g;
          ctx.beginPath();
          ctx.arc(p.x + Math.sin(TAU * (f.phase * 2 + p.o)) * 12, y, p.r, 0, TAU);
          ctx.fill();
        }
      },
    };
  },
};

export default generator;
