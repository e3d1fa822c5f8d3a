/**
 * Car soccer in a stadium, seen from a high camera: a striped pitch in perspective, glowing goals,
 * boost pads, a big bouncing ball and rocket cars chasing it with boost trails, under stadium
 * lights and a crowd. Ball and cars move on closed curves with whole-number frequencies.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { hsl, TAU } from "../kit/draw.ts";
import { createRng } from "../kit/prng.ts";
import { QUICK_SECONDS, type VideoGenerator, verticalSpec } from "../kit/video.ts";

const generator: VideoGenerator = {
  source: "library/src/backgrounds/rocket-league.ts",
  spec: (mode) => verticalSpec(mode === "quick" ? QUICK_SECONDS : 30, { thumbnailAt: 0.3 }),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const top = h * 0.18;
    const bottom = h * 0.98;
    // Pitch coordinates u in [-1, 1] across, v in [0, 1] from far to near.
    const proj = (u: number, v: number, lift = 0) => {
      const y = top + (bottom - top) * (v * v * 0.35 + v * 0.65);
      const half = (w * 0.3 + w * 0.42 * v) * 1;
      const scale = 0.55 + v * 0.75;
      return { x: w / 2 + u * half, y: y - lift * scale, s: scale };
    };
    const loops = Math.max(1, Math.round(spec.durationS / 7.5));
    const ballPath = (p: number) => ({
      u: Math.sin(TAU * p * loops) * 0.7,
      v: 0.5 + Math.sin(TAU * p * loops * 2 + 0.6) * 0.32,
      lift: Math.abs(Math.sin(TAU * p * loops * 5)) * 90,
    });
    const rng = createRng("rl-crowd");
    const crowd = Array.from({ length: 160 }, () => ({ x: rng() * w, y: rng() * top * 0.8, hue: rng() * 360 }));
    const cars = [
      { color: "#1e88ff", lag: 0.025, side: 1 },
      { color: "#ff7a1a", lag: 0.06, side: -1 },
      { color: "#1e88ff", lag: 0.1, side: -1 },
      { color: "#ff7a1a", lag: 0.14, side: 1 },
    ];
    return {
      draw(ctx: SKRSContext2D, f) {
        // Night stadium.
        ctx.fillStyle = "#0c1330";
        ctx.fillRect(0, 0, w, h);
        for (const c of crowd) {
          const bob = Math.sin(TAU * (f.phase * loops * 6 + c.hue)) * 2;
          ctx.fillStyle = hsl(c.hue, 60, 55);
          ctx.fillRect(c.x, c.y + bob, 5, 7);
        }
        for (let i = 0; i < 4; i++) {
          const lx = (w / 3) * i;
          const g = ctx.createRadialGradient(lx, 10, 2, lx, 10, 90);
          g.addColorStop(0, "rgba(255,255,240,0.9)");
          g.addColorStop(1, "rgba(255,255,240,0)");
          ctx.fillStyle = g;
          ctx.fillRect(lx - 90, 0, 180, 100);
        }
        // Pitch with mowing stripes.
        const stripes = 12;
        for (let i = 0; i < stripes; i++) {
          const a = proj(-1, i / stripes);
          const b = proj(1, i / stripes);
          const c = proj(1, (i + 1) / stripes);
          const d = proj(-1, (i + 1) / stripes);
          ctx.fillStyle = i % 2 ? "#2f9e44" : "#37b24d";
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.lineTo(c.x, c.y);
          ctx.lineTo(d.x, d.y);
          ctx.fill();
        }
        // The halfway line; no centre circle, which would ring the captions at the frame's centre.
        ctx.strokeStyle = "rgba(255,255,255,0.85)";
        ctx.lineWidth = 3;
        const midL = proj(-1, 0.5);
        const midR = proj(1, 0.5);
        ctx.beginPath();
        ctx.moveTo(midL.x, midL.y);
        ctx.lineTo(midR.x, midR.y);
        ctx.stroke();
        // Goals.
        for (const [v, color] of [
          [0, "#ff7a1a"],
          [1, "#1e88ff"],
        ] as const) {
          const gl = proj(-0.3, v);
          const gr = proj(0.3, v);
          ctx.fillStyle = color;
          ctx.globalAlpha = 0.55;
          ctx.fillRect(gl.x, gl.y - 70 * gl.s, gr.x - gl.x, 70 * gl.s);
          ctx.globalAlpha = 1;
          ctx.strokeStyle = "#ffffff";
          ctx.strokeRect(gl.x, gl.y - 70 * gl.s, gr.x - gl.x, 70 * gl.s);
        }
        // Boost pads pulse.
        for (const [u, v] of [
          [-0.8, 0.25],
          [0.8, 0.25],
          [-0.8, 0.75],
          [0.8, 0.75],
          [0, 0.3],
          [0, 0.7],
        ]) {
          const p = proj(u as number, v as number);
          ctx.fillStyle = `rgba(255,200,40,${0.5 + 0.4 * Math.sin(TAU * f.phase * loops * 4)})`;
          ctx.beginPath();
          ctx.ellipse(p.x, p.y, 18 * p.s, 8 * p.s, 0, 0, TAU);
          ctx.fill();
        }
        // Ball shadow, cars, ball (depth-sorted by v).
        const ball = ballPath(f.phase);
        const drawList: { v: number; draw: () => void }[] = [];
        for (const car of cars) {
          const p0 = ballPath(f.phase - car.lag);
          const p1 = ballPath(f.phase - car.lag - 0.004);
          const u = p0.u + car.side * 0.12;
          drawList.push({
            v: p0.v,
            draw: () => drawCar(ctx, proj(u, p0.v), proj(p1.u + car.side * 0.12, p1.v), car.color),
          });
        }
        drawList.push({
          v: ball.v,
          draw: () => {
            const g = proj(ball.u, ball.v);
            ctx.fillStyle = "rgba(0,0,0,0.35)";
            ctx.beginPath();
            ctx.ellipse(g.x, g.y, 46 * g.s, 16 * g.s, 0, 0, TAU);
            ctx.fill();
            const b = proj(ball.u, ball.v, ball.lift + 46);
            const r = 46 * b.s;
            const grad = ctx.createRadialGradient(b.x - r * 0.3, b.y - r * 0.4, r * 0.1, b.x, b.y, r);
            grad.addColorStop(0, "#ffffff");
            grad.addColorStop(1, "#9aa4b1");
            ctx.fillStyle = grad;
            ctx.beginPath();
            ctx.arc(b.x, b.y, r, 0, TAU);
            ctx.fill();
            ctx.strokeStyle = "#5c6773";
            ctx.lineWidth = 2;
            ctx.beginPath();
            ctx.arc(b.x, b.y, r * 0.55, TAU * f.phase * loops * 3, TAU * f.phase * loops * 3 + Math.PI);
            ctx.stroke();
          },
        });
        drawList.sort((a, b) => a.v - b.v);
        for (const d of drawList) d.draw();
        // Scoreboard.
        ctx.fillStyle = "rgba(10,16,40,0.85)";
        ctx.fillRect(w / 2 - 90, 12, 180, 34);
        ctx.fillStyle = "#1e88ff";
        ctx.fillRect(w / 2 - 90, 12, 40, 34);
        ctx.fillStyle = "#ff7a1a";
        ctx.fillRect(w / 2 + 50, 12, 40, 34);
      },
    };
  },
};

function drawCar(
  ctx: SKRSContext2D,
  p: { x: number; y: number; s: number },
  prev: { x: number; y: number },
  color: string,
): void {
  const angle = Math.atan2(p.y - prev.y, p.x - prev.x);
  ctx.save();
  ctx.translate(p.x, p.y);
  ctx.rotate(angle);
  ctx.scale(p.s * 1.5, p.s * 1.5);
  // Boost flame behind.
  ctx.fillStyle = "rgba(255,170,40,0.9)";
  ctx.beginPath();
  ctx.moveTo(-30, -7);
  ctx.lineTo(-62, 0);
  ctx.lineTo(-30, 7);
  ctx.fill();
  ctx.fillStyle = "rgba(0,0,0,0.35)";
  ctx.fillRect(-28, -14, 60, 32);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.roundRect(-30, -17, 60, 34, 8);
  ctx.fill();
  ctx.fillStyle = "#111827";
  ctx.fillRect(2, -12, 14, 24);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(-26, -3, 22, 6);
  ctx.restore();
}

export default generator;
