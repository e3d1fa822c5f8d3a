/**
 * Environment cube cutting: an isometric cube holding a little world (grass, soil, rock strata,
 * a lake and trees on top) glides into a knife; each cut slab tips over and shows the layered
 * cross-section. Slabs are identical, so sliding by one slab per cut loops seamlessly.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { clamp, easeInOut, shade, TAU } from "../kit/draw.ts";
import type { VideoGenerator } from "../kit/video.ts";
import { drawKnife } from "./kitchen.ts";

const LAYERS = [
  { color: "#5cb85c", depth: 0.1 },
  { color: "#8b5a2b", depth: 0.22 },
  { color: "#b07a45", depth: 0.2 },
  { color: "#9e9e9e", depth: 0.18 },
  { color: "#6d6d6d", depth: 0.15 },
  { color: "#ff8f1f", depth: 0.15 },
];

const generator: VideoGenerator = {
  source: "library/src/asmr/cube.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.3),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const cuts = spec.durationS <= 2 ? 1 : 4;
    const size = w * 0.44;
    const slab = size / 4;
    // Isometric axes.
    const ix = { x: Math.cos(Math.PI / 6), y: Math.sin(Math.PI / 6) };
    const iz = { x: -Math.cos(Math.PI / 6), y: Math.sin(Math.PI / 6) };
    const origin = { x: w * 0.62, y: h * 0.5 };
    const P = (x: number, y: number, z: number) => ({
      x: origin.x + x * ix.x + z * iz.x,
      y: origin.y + x * ix.y + z * iz.y - y,
    });
    const poly = (ctx: SKRSContext2D, pts: { x: number; y: number }[], fill: string) => {
      ctx.beginPath();
      ctx.moveTo(pts[0]!.x, pts[0]!.y);
      for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
      ctx.closePath();
      ctx.fillStyle = fill;
      ctx.fill();
    };
    const frontFace = (ctx: SKRSContext2D, x: number) => {
      let y = size;
      for (const layer of LAYERS) {
        const y1 = y - layer.depth * size;
        poly(ctx, [P(x, y, 0), P(x, y, size), P(x, y1, size), P(x, y1, 0)], shade(layer.color, 1.05));
        y = y1;
      }
    };
    return {
      draw(ctx, f) {
        const bg = ctx.createLinearGradient(0, 0, 0, h);
        bg.addColorStop(0, "#1d2b53");
        bg.addColorStop(1, "#7e57c2");
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, w, h);
        ctx.fillStyle = "rgba(255,255,255,0.08)";
        for (let i = 0; i < 12; i++) {
          ctx.beginPath();
          ctx.arc((w * ((i * 37) % 100)) / 100, (h * ((i * 53) % 100)) / 100, 20 + (i % 4) * 14, 0, TAU);
          ctx.fill();
        }
        const local = (f.phase * cuts) % 1;
        const slide = easeInOut(clamp(local / 0.3)) * slab;
        const knife = clamp((local - 0.35) / 0.25);
        const fall = clamp((local - 0.6) / 0.4);
        // Cube body (x from -slide .. size-slide along ix, z 0..size).
        // The block slides one slab past the knife plane (x = 0), the knife cuts, the slab falls away.
        const x0 = local < 0.6 ? -slide : 0;
        const x1 = size;
        const top = [P(x0, size, 0), P(x1, size, 0), P(x1, size, size), P(x0, size, size)];
        poly(ctx, top, "#5cb85c");
        // Lake and trees on top.
        const lake = P(x0 + (x1 - x0) * 0.55, size, size * 0.5);
        ctx.fillStyle = "#3aa0ff";
        ctx.beginPath();
        ctx.ellipse(lake.x, lake.y, size * 0.22, size * 0.11, 0, 0, TAU);
        ctx.fill();
        for (let k = 0; k < 5; k++) {
          const p = P(x0 + ((k * 0.19 + 0.1) % 1) * (x1 - x0), size, size * ((k * 0.37 + 0.15) % 1));
          ctx.fillStyle = "#6b4a2b";
          ctx.fillRect(p.x - 3, p.y - 22, 6, 22);
          ctx.fillStyle = "#2e7d32";
          ctx.beginPath();
          ctx.moveTo(p.x, p.y - 60);
          ctx.lineTo(p.x + 18, p.y - 18);
          ctx.lineTo(p.x - 18, p.y - 18);
          ctx.fill();
        }
        // Right face (z = size side) shows strata along x.
        let y = size;
        for (const layer of LAYERS) {
          const y1 = y - layer.depth * size;
          poly(ctx, [P(x0, y, size), P(x1, y, size), P(x1, y1, size), P(x0, y1, size)], shade(layer.color, 0.7));
          y = y1;
        }
        // Front face (x = x0) is the fresh cut.
        frontFace(ctx, x0);
        // The falling slab in front.
        if (local > 0.6 || local < 0.05) {
          const a = local > 0.6 ? fall : 1;
          ctx.save();
          const pivot = P(-slab, 0, size / 2);
          ctx.translate(pivot.x - a * 40, pivot.y + a * 30);
          ctx.rotate(-a * 1.2);
          ctx.globalAlpha = local < 0.05 ? 1 - local / 0.05 : 1;
          ctx.translate(-pivot.x, -pivot.y);
          frontFace(ctx, -slab);
          ctx.restore();
        }
        const knifeDown = local < 0.6 ? knife : 1 - easeInOut(clamp((local - 0.6) / 0.4));
        drawKnife(ctx, P(0, size, size / 2).x + 10, P(0, size, 0).y - 80 + knifeDown * size * 1.2, w * 0.9);
      },
    };
  },
};

export default generator;
