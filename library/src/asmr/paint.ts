/**
 * Paint squeezing: tubes press thick glossy ribbons of paint that fold onto a canvas scrolling
 * upward, layering rainbow coils. The canvas moves by one coil pitch per squeeze, so it loops.
 * `paintMoment` (the picture) and `paintCues` (the foley) read the same schedule.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import type { Rng } from "../kit/prng.ts";
import { addMoving, type Cue, cycleAt, cycleTime, loopBus, loopSeconds, masterLoop } from "../kit/soundtrack.ts";
import type { VideoGenerator, VideoSpec } from "../kit/video.ts";
import { bubble, nozzlePop, pat, roomTone, squelch } from "./foley.ts";

/** Coils per loop: one about every 1.25 s, at least 2. */
export function paintCoils(spec: VideoSpec): number {
  return Math.max(2, Math.round(spec.durationS / 1.25));
}

/**
 * Each coil: the tube is squeezed PRESSES times while it lays a ribbon of WAVES waves (two folds
 * each); each squeeze peaks as the ribbon folds, so every other fold lands with a squeeze.
 */
export const PRESSES = 3;
export const WAVES = 3;

export interface PaintMoment {
  coil: number;
  /** How much of the coil is laid, 0..1 (the tube moves along it at an even speed). */
  t: number;
  /** How hard the tube is squeezed, -1..1 (1: squeezed flat). */
  squeeze: number;
}

/** Where everything is at a phase of the loop: the picture draws exactly this. */
export function paintMoment(phase: number, coils: number): PaintMoment {
  const { index, t } = cycleAt(phase, coils);
  return { coil: index, t, squeeze: Math.sin(t * TAU * PRESSES) };
}

/** The ribbon's sideways wave at u (0..1 along the coil), in units of its amplitude. */
export const ribbonWave = (u: number) => Math.sin(u * TAU * WAVES);

export type PaintCueKind = "flow" | "press" | "fold" | "lift";

/** Every sound of the loop: presses where the squeeze peaks, folds where the ribbon turns, the lift at the end. */
export function paintCues(spec: VideoSpec): Cue<PaintCueKind>[] {
  const loopS = loopSeconds(spec);
  const coils = paintCoils(spec);
  const at = (cycle: number, t: number) => cycleTime(loopS, coils, cycle, t);
  const cues: Cue<PaintCueKind>[] = [];
  for (let cycle = 0; cycle < coils; cycle++) {
    cues.push({ kind: "flow", at: at(cycle, 0), length: loopS / coils, cycle, item: 0 });
    // sin(t * TAU * PRESSES) = 1.
    for (let k = 0; k < PRESSES; k++)
      cues.push({ kind: "press", at: at(cycle, (k + 0.25) / PRESSES), length: 0, cycle, item: k });
    // ribbonWave turns (|sin| = 1).
    for (let k = 0; k < WAVES * 2; k++) {
      cues.push({ kind: "fold", at: at(cycle, (k + 0.5) / (WAVES * 2)), length: 0, cycle, item: k });
    }
    cues.push({ kind: "lift", at: at(cycle, 1), length: 0, cycle, item: 0 });
  }
  return cues;
}

/** The tube follows the ribbon across 0.12..0.88 of the frame: as a pan. */
const tubePan = (t: number) => (2 * t - 1) * 0.7;

/** The foley: a continuous wet squelch swelling with each squeeze, pats as the ribbon folds, a pop as the tube lifts. */
export function paintFoley(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  roomTone(bus, rng);
  const coils = paintCoils(spec);
  const coilS = loopSeconds(spec) / coils;
  for (const cue of paintCues(spec)) {
    // Each colour a slightly different thickness.
    const tone = 300 + 40 * (cue.cycle % 4);
    const t = (cue.at / coilS) % 1;
    switch (cue.kind) {
      case "flow": {
        // The paint surges out as each squeeze peaks (within 1 % of the coil), then eases off.
        const tail = Math.exp(-0.99 / 0.3);
        const surge = (p: number) => (p < 0.01 ? tail + (1 - tail) * (p / 0.01) : Math.exp(-(p - 0.01) / 0.3));
        const flow = (x: number) => 0.45 + 0.55 * surge(mod(x * PRESSES - 0.25, 1));
        addMoving(bus, squelch(rng, cue.length, flow, tone), cue.at, 1.6, tubePan);
        break;
      }
      case "press":
        bus.add(bubble(tone * 1.3, 0.018, 1.4), cue.at, 0.45, tubePan(t));
        break;
      case "fold":
        bus.add(pat(rng, tone), cue.at, 1.8, tubePan(t));
        break;
      case "lift":
        bus.add(nozzlePop(rng), cue.at, 0.6, tubePan(1));
        break;
    }
  }
  return masterLoop(bus);
}

const generator: VideoGenerator = {
  source: "library/src/asmr/paint.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.5),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const pitch = 70;
    const rows = Math.ceil(h / pitch) + 3;
    const nozzleY = h * 0.8;
    const cycles = paintCoils(spec);
    /** Colours go round the wheel once per loop. */
    const hueOf = (i: number) => 350 + (mod(i, cycles) * 360) / cycles;
    const coil = (ctx: SKRSContext2D, y: number, hue: number, upto: number) => {
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      const pts: [number, number][] = [];
      for (let k = 0; k <= 60 * upto; k++) {
        const u = k / 60;
        pts.push([w * 0.12 + u * w * 0.76, y + ribbonWave(u) * 18]);
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
        const { coil: current, t, squeeze } = paintMoment(f.phase, cycles);
        // Finished coils scroll up; the newest is being squeezed at the nozzle line.
        for (let r = 1; r < rows; r++) {
          const y = nozzleY + 40 - (r + t) * pitch;
          coil(ctx, y, hueOf(current - r), 1);
        }
        coil(ctx, nozzleY + 40 - t * pitch + pitch * 0, hueOf(current), t);
        // The tube following the ribbon's end.
        const u = t;
        const tx = w * 0.12 + u * w * 0.76;
        const ty = nozzleY + 40 - t * pitch + ribbonWave(u) * 18;
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
        ctx.lineTo(46 - 8 * squeeze, -230);
        ctx.lineTo(-46 + 8 * squeeze, -230);
        ctx.closePath();
        ctx.fill();
        ctx.fillStyle = hsl(hue, 85, 50);
        ctx.fillRect(-44, -170, 88, 60);
        ctx.restore();
      },
    };
  },
  audio: ({ spec, rng }) => paintFoley(spec, rng),
};

export default generator;
