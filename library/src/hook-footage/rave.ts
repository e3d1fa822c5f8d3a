/**
 * Rave / boiler room: a dark club at 128 BPM, laser fans sweeping from the booth, strobes on the
 * beat, coloured haze, and a crowd of silhouettes jumping with hands up. Beats per loop are whole.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import type { VideoGenerator } from "../kit/video.ts";

const generator: VideoGenerator = {
  source: "library/src/hook-footage/rave.ts",
  spec: (mode) => styleClipSpec(mode, 12, 0.26),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const beats = Math.max(8, Math.round((spec.durationS * 128) / 60 / 8) * 8);
    const rng = createRng("crowd");
    const people = Array.from({ length: 40 }, (_, i) => ({
      x: (i / 40) * w * 1.1 - w * 0.05 + rng() * 20,
      row: i % 3,
      offset: rng(),
      hands: rng() < 0.6,
      size: 0.8 + rng() * 0.4,
    }));
    const person = (ctx: SKRSContext2D, x: number, y: number, s: number, jump: number, hands: boolean) => {
      ctx.beginPath();
      ctx.arc(x, y - 120 * s - jump, 22 * s, 0, TAU);
      ctx.fill();
      ctx.beginPath();
      ctx.roundRect(x - 30 * s, y - 100 * s - jump, 60 * s, 140 * s, 20 * s);
      ctx.fill();
      if (hands) {
        ctx.lineWidth = 14 * s;
        ctx.lineCap = "round";
        ctx.beginPath();
        ctx.moveTo(x - 22 * s, y - 90 * s - jump);
        ctx.lineTo(x - 45 * s, y - 190 * s - jump * 1.4);
        ctx.moveTo(x + 22 * s, y - 90 * s - jump);
        ctx.lineTo(x + 45 * s, y - 190 * s - jump * 1.4);
        ctx.stroke();
      }
    };
    return {
      draw(ctx, f) {
        const beatPos = f.phase * beats;
        const inBeat = beatPos - Math.floor(beatPos);
        const hue = 280 + 80 * Math.sin((TAU * Math.floor(beatPos / 4) * 4) / beats + TAU * f.phase);
        ctx.fillStyle = "#05010a";
        ctx.fillRect(0, 0, w, h);
        const haze = ctx.createRadialGradient(w / 2, h * 0.3, 20, w / 2, h * 0.3, h * 0.6);
        haze.addColorStop(0, hsl(hue, 90, 40, 0.8));
        haze.addColorStop(1, hsl(hue + 60, 90, 10, 0));
        ctx.fillStyle = haze;
        ctx.fillRect(0, 0, w, h);
        // Laser fans from two emitters.
        ctx.lineCap = "round";
        for (const [ex, dir] of [
          [w * 0.2, 1],
          [w * 0.8, -1],
        ] as const) {
          const sweep = Math.sin(TAU * f.phase * (beats / 8)) * 0.6 * dir;
          for (let k = 0; k < 9; k++) {
            const a = Math.PI / 2 + sweep + (k - 4) * 0.12;
            ctx.strokeStyle = hsl(hue + 120 + k * 6, 100, 60, 0.75);
            ctx.lineWidth = 2.5;
            ctx.beginPath();
            ctx.moveTo(ex, h * 0.12);
            ctx.lineTo(ex + Math.cos(a) * h * 1.2, h * 0.12 + Math.sin(a) * h * 1.2);
            ctx.stroke();
          }
          ctx.fillStyle = "#ffffff";
          ctx.beginPath();
          ctx.arc(ex, h * 0.12, 6, 0, TAU);
          ctx.fill();
        }
        // Strobe flash on each beat.
        if (inBeat < 0.12) {
          ctx.fillStyle = `rgba(255,255,255,${(0.35 * (1 - inBeat / 0.12)).toFixed(3)})`;
          ctx.fillRect(0, 0, w, h);
        }
        // Booth.
        ctx.fillStyle = "#0d0d12";
        ctx.fillRect(w * 0.25, h * 0.5, w * 0.5, h * 0.08);
        ctx.fillStyle = hsl(hue + 180, 100, 55);
        for (let i = 0; i < 12; i++)
          ctx.fillRect(w * 0.27 + i * (w * 0.038), h * 0.515, 8, 4 + ((i * 7 + (Math.floor(beatPos) % 8)) % 5) * 3);
        // Crowd rows, jumping on the beat.
        for (const row of [2, 1, 0]) {
          ctx.fillStyle = row === 0 ? "#000000" : row === 1 ? "#07040d" : "#0d0815";
          ctx.strokeStyle = ctx.fillStyle;
          for (const p of people) {
            if (p.row !== row) continue;
            const jump = Math.max(0, Math.sin(Math.PI * ((beatPos + p.offset * 0.3) % 1))) * 30 * (row === 0 ? 1 : 0.6);
            person(ctx, p.x, h * (0.8 + row * -0.05) + 140, p.size * (1.2 - row * 0.2), jump, p.hands);
          }
        }
      },
    };
  },
};

export default generator;
