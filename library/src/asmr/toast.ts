/**
 * Toast spreading: a butter knife sweeps golden butter, then strawberry jam, across crisp toast in
 * glossy ribbons; a fresh slice slides in for the next spread.
 * `toastMoment` (the picture) and `toastCues` (the foley) read the same schedule, TOAST_SPANS.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { clamp, easeInOut, TAU } from "../kit/draw.ts";
import type { Rng } from "../kit/prng.ts";
import {
  addMoving,
  type Cue,
  cycleAt,
  cycleTime,
  loopBus,
  loopSeconds,
  masterLoop,
  progress,
  type Span,
} from "../kit/soundtrack.ts";
import type { VideoGenerator, VideoSpec } from "../kit/video.ts";
import { friction, grains, roomTone, smear, tame, toastScrape } from "./foley.ts";

/** The spreads in turn, and how each sounds: how sticky, and the pitch of its wet layer. */
export const SPREADS = [
  { color: "#ffe27a", light: "#fff4c2", name: "butter", sticky: 0.35, tone: 650 },
  { color: "#d7263d", light: "#ff6b81", name: "jam", sticky: 1, tone: 1100 },
  { color: "#8d5524", light: "#c68642", name: "chocolate", sticky: 0.6, tone: 480 },
  { color: "#f6c453", light: "#fde7a9", name: "honey", sticky: 1.2, tone: 850 },
] as const;

/** Each slice's share of the loop, as fractions of it: one spread per slice. */
export const TOAST_SPANS = {
  /** The toast slides in onto the plate. */
  enter: [0, 0.15],
  /** The knife spreads in STROKES zigzag strokes, each at an even speed. */
  spread: [0.15, 0.8],
  /** The toast slides out. */
  leave: [0.85, 1],
} as const satisfies Record<string, Span>;
/** Where the clip opens (a loop phase): the toast on the plate and the knife a fifth of the way through its spread. */
export const TOAST_OPEN_AT = (TOAST_SPANS.spread[0] + 0.13) / SPREADS.length;

export const STROKES = 5;

export interface ToastMoment {
  slot: number;
  t: number;
  spread: (typeof SPREADS)[number];
  /** Horizontal offset in frame widths. */
  shift: number;
  /** Progress through the spreading, 0..1: stroke k runs from k / STROKES to (k + 1) / STROKES. */
  spreading: number;
}

/** Where everything is at a phase of the loop: the picture draws exactly this. */
export function toastMoment(phase: number): ToastMoment {
  const { index, t } = cycleAt(phase, SPREADS.length);
  const enter = 1 - easeInOut(progress(t, TOAST_SPANS.enter));
  const leave = easeInOut(progress(t, TOAST_SPANS.leave));
  return {
    slot: index,
    t,
    spread: SPREADS[index % SPREADS.length] as (typeof SPREADS)[number],
    shift: leave - enter,
    spreading: progress(t, TOAST_SPANS.spread),
  };
}

/** Stroke k's direction: even strokes go left to right. */
export const strokeDirection = (k: number) => (k % 2 === 0 ? 1 : -1);

export type ToastCueKind = "slide-in" | "touch" | "stroke" | "turn" | "lift" | "slide-out";

/** Every sound of the loop, from the same spans as the picture. Stroke and turn cues carry the stroke. */
export function toastCues(spec: VideoSpec): Cue<ToastCueKind>[] {
  const loopS = loopSeconds(spec);
  const count = SPREADS.length;
  const at = (cycle: number, t: number) => cycleTime(loopS, count, cycle, t);
  const seconds = (from: number, to: number) => ((to - from) * loopS) / count;
  const { enter, spread, leave } = TOAST_SPANS;
  const strokeAt = (k: number) => spread[0] + ((spread[1] - spread[0]) * k) / STROKES;
  const cues: Cue<ToastCueKind>[] = [];
  for (let cycle = 0; cycle < count; cycle++) {
    cues.push({ kind: "slide-in", at: at(cycle, enter[0]), length: seconds(enter[0], enter[1]), cycle, item: 0 });
    cues.push({ kind: "touch", at: at(cycle, spread[0]), length: 0, cycle, item: 0 });
    for (let k = 0; k < STROKES; k++) {
      if (k > 0) cues.push({ kind: "turn", at: at(cycle, strokeAt(k)), length: 0, cycle, item: k });
      cues.push({
        kind: "stroke",
        at: at(cycle, strokeAt(k)),
        length: seconds(strokeAt(k), strokeAt(k + 1)),
        cycle,
        item: k,
      });
    }
    cues.push({ kind: "lift", at: at(cycle, spread[1]), length: 0, cycle, item: 0 });
    cues.push({ kind: "slide-out", at: at(cycle, leave[0]), length: seconds(leave[0], leave[1]), cycle, item: 0 });
  }
  return cues;
}

const PLATE = { tone: 2400, grit: 220, gritLo: 1800, gritHi: 5500 };
/** The knife's reach across the toast as a pan: the toast spans about half the frame either side. */
const STROKE_PAN = 0.55;

/** A crunch as the knife presses onto crisp toast. */
function crunch(rng: Rng, size: number): Float32Array {
  const out = grains(rng, 0.035 * size, (x) => 2600 * (1 - x), {
    lo: 1200,
    hi: 6500,
    decay: [0.0004, 0.002],
    skew: 1.6,
  });
  return tame(out, 9);
}

/** The foley: the toast sliding, the knife crunching down, each stroke's crisp scrape and sticky smear. */
export function toastFoley(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  roomTone(bus, rng);
  for (const cue of toastCues(spec)) {
    const spread = SPREADS[cue.cycle % SPREADS.length] as (typeof SPREADS)[number];
    const dir = strokeDirection(cue.item);
    switch (cue.kind) {
      case "slide-in":
        bus.add(
          friction(rng, cue.length, (x) => Math.sin(Math.PI * x), PLATE),
          cue.at,
          1.2,
          -0.45,
        );
        break;
      case "touch":
        bus.add(crunch(rng, 1.4), cue.at, 1.1, -STROKE_PAN * 0.8);
        break;
      case "turn":
        bus.add(crunch(rng, 0.8), cue.at, 1.1, -dir * STROKE_PAN);
        break;
      case "stroke": {
        // Even speed along the stroke, easing a touch at its ends.
        const speed = (x: number) => 0.75 + 0.25 * Math.sin(Math.PI * x);
        const pan = (x: number) => dir * STROKE_PAN * (2 * x - 1);
        addMoving(bus, toastScrape(rng, cue.length, speed, 1 - 0.1 * cue.item), cue.at, 1.5, pan);
        addMoving(bus, smear(rng, cue.length, speed, spread.sticky, spread.tone), cue.at, 1.1, pan);
        break;
      }
      case "lift":
        bus.add(
          smear(rng, 0.04, (x) => 1 - x, spread.sticky * 3, spread.tone),
          cue.at,
          1,
          STROKE_PAN * 0.6,
        );
        break;
      case "slide-out":
        bus.add(
          friction(rng, cue.length, (x) => Math.sin(Math.PI * x), PLATE),
          cue.at,
          1.2,
          0.45,
        );
        break;
    }
  }
  return masterLoop(bus);
}

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
  // Opens with the knife already spreading, not on the empty plate before the toast slides in.
  spec: (mode) => styleClipSpec(mode, 8, 0.2, TOAST_OPEN_AT),
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
        const m = toastMoment(f.phase);
        const spread = m.spread;
        const x = w / 2 + m.shift * w;
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
        const spreading = m.spreading;
        ctx.save();
        toastPath(ctx, x, y, s * 0.92);
        ctx.clip();
        ctx.lineCap = "round";
        ctx.lineJoin = "round";
        let knife = { x, y: y - s * 0.5 };
        for (let k = 0; k < STROKES; k++) {
          const p = clamp(spreading * STROKES - k);
          if (p <= 0) break;
          const yRow = y - s * 0.45 + (k / (STROKES - 1)) * s * 0.9;
          const fromX = x - strokeDirection(k) * s * 0.45;
          const toX = x + strokeDirection(k) * s * 0.45;
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
        const kx = spreading > 0 && spreading < 1 ? knife.x : x + s * 0.7;
        const ky = spreading > 0 && spreading < 1 ? knife.y : y - s * 0.8;
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
  audio: ({ spec, rng }) => toastFoley(spec, rng),
};

export default generator;
