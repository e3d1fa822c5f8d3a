/**
 * Machine experiments: interlocking gears, pumping pistons and glowing tubes carrying orbs.
 * `machineMotion` (the picture) and `machineCues` (the sound) read the same motions: a tick as each
 * gear tooth passes, a hiss and a clunk for each piston stroke, a bloop as an orb enters the tube,
 * over a mechanical hum and the whirr of the drive.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import type { Rng } from "../kit/prng.ts";
import { type Cue, loopBus, loopSeconds, masterLoop } from "../kit/soundtrack.ts";
import type { VideoGenerator, VideoSpec } from "../kit/video.ts";
import { SR } from "../music/dsp.ts";
import { addReverb, click, drone, hiss, lfo, noiseBed } from "./ambience.ts";

/** The gears: centre (fractions of the frame, plus px), radius, teeth, speed relative to the drive, angle offset. */
export const GEARS = [
  { x: 0.3, dx: 0, y: 0.25, dy: 0, r: 110, teeth: 12, speed: 1, offset: 0, color: "#c9a227" },
  { x: 0.3, dx: 186, y: 0.25, dy: 40, r: 80, teeth: 12, speed: -1, offset: 0.26, color: "#b87333" },
  { x: 0.65, dx: 0, y: 0.62, dy: 0, r: 140, teeth: 16, speed: 0.75, offset: 0, color: "#8a9ba8" },
  { x: 0.2, dx: 0, y: 0.7, dy: 0, r: 70, teeth: 8, speed: -1.5, offset: 0, color: "#c9a227" },
] as const;
export const PISTONS = 4;
export const ORBS = 8;

/** Turns of the drive per loop: one about every 5 s. */
export function machineTurns(spec: VideoSpec): number {
  return Math.max(1, Math.round(spec.durationS / 5));
}

/** The machine at a phase of the loop: the picture draws exactly this. */
export function machineMotion(phase: number, turns: number) {
  const drive = TAU * phase * turns;
  return {
    gearAngle: (g: number) => drive * GEARS[g]!.speed + GEARS[g]!.offset,
    /** Piston i's extension, 0 (down) .. 1 (up): two strokes per drive turn, a quarter apart. */
    piston: (i: number) => (Math.sin(TAU * (phase * turns * 2 + i / PISTONS)) + 1) / 2,
    /** Orb i's position along the tube, 0..1: each crosses once per drive turn. */
    orb: (i: number) => mod(phase * turns + i / ORBS, 1),
  };
}

export type MachineCueKind = "tooth" | "piston-up" | "piston-top" | "piston-bottom" | "orb";

/** Every sound of the loop, solved from machineMotion's formulas. `item` is the gear, piston or orb. */
export function machineCues(spec: VideoSpec): Cue<MachineCueKind>[] {
  const loopS = loopSeconds(spec);
  const turns = machineTurns(spec);
  const cues: Cue<MachineCueKind>[] = [];
  const push = (kind: MachineCueKind, phase: number, item: number, length = 0) =>
    cues.push({ kind, at: mod(phase, 1) * loopS, length, cycle: 0, item });
  GEARS.forEach((g, item) => {
    // A tooth passes the reference angle when the gear's angle is a whole number of tooth pitches:
    // drive * speed + offset = k * pitch, a whole number of passes per loop.
    const passes = Math.round(g.teeth * Math.abs(g.speed) * turns);
    const pitch = TAU / g.teeth;
    for (let k = 0; k < passes; k++) push("tooth", (k * pitch - g.offset) / (g.speed * TAU * turns), item);
  });
  const strokes = turns * 2;
  for (let i = 0; i < PISTONS; i++) {
    for (let k = 0; k < strokes; k++) {
      // sin(TAU * (phase * strokes + i / PISTONS)) is -1 at the bottom, 1 at the top.
      const bottom = (k + 0.75 - i / PISTONS) / strokes;
      const top = (k + 1.25 - i / PISTONS) / strokes;
      push("piston-bottom", bottom, i);
      push("piston-up", bottom, i, loopS / strokes / 2);
      push("piston-top", top, i);
    }
  }
  for (let i = 0; i < ORBS; i++) for (let k = 0; k < turns; k++) push("orb", (k - i / ORBS) / turns, i);
  return cues.sort((a, b) => a.at - b.at);
}

/** An orb dropping into the tube: a glassy rising sine. */
function bloop(): Float32Array {
  const out = new Float32Array(Math.round(0.12 * SR));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    phase += (420 + 900 * (i / out.length)) / SR;
    out[i] = Math.sin(TAU * phase) * Math.sin((Math.PI * i) / out.length) ** 2;
  }
  return out;
}

/** The sound: hum and whirr held through the loop, every tooth, stroke and orb on its moment. */
export function machineSound(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  const turns = machineTurns(spec);
  // Mains hum and its harmonics, and the drive motor's whirr (saws whose filters sweep with each turn).
  drone(bus, 50, rng, { wave: "sine", voices: 1, cutoff: () => 2000, gain: () => 0.05 });
  drone(bus, 100, rng, { wave: "triangle", voices: 2, detune: 4, cutoff: () => 1200, gain: () => 0.11 });
  drone(bus, 150, rng, { wave: "saw", voices: 2, detune: 6, cutoff: lfo(turns, 500, 1400), gain: () => 0.065 });
  drone(bus, 330, rng, {
    wave: "saw",
    voices: 3,
    detune: 9,
    cutoff: lfo(turns * 2, 700, 2200),
    resonance: 2,
    gain: () => 0.04,
  });
  noiseBed(bus, rng, { mode: "bp", freq: () => 1800, q: 0.8, gainL: () => 0.006 });
  for (const cue of machineCues(spec)) {
    // Pistons stand across the frame at 0.15 .. 0.84 of its width.
    const pistonPan = (cue.item / (PISTONS - 1)) * 1.4 - 0.7;
    switch (cue.kind) {
      case "tooth": {
        const g = GEARS[cue.item]!;
        const pan = (g.x + g.dx / spec.drawWidth - 0.5) * 1.6;
        // Smaller gears tick higher; the idler (offset half a tooth) answers the drive, tick-tock.
        bus.add(click(rng, 2600 * (80 / g.r) ** 0.5, 0.008), cue.at, 0.17, pan);
        break;
      }
      case "piston-up":
        bus.add(
          hiss(rng, cue.length, 2400, 0.9, (x) => Math.sin(Math.PI * x) ** 2),
          cue.at,
          0.12,
          pistonPan,
        );
        break;
      case "piston-bottom":
        bus.add(click(rng, 180, 0.05), cue.at, 0.45, pistonPan);
        break;
      case "piston-top":
        bus.add(click(rng, 900, 0.02), cue.at, 0.2, pistonPan);
        break;
      case "orb":
        bus.add(bloop(), cue.at, 0.06, -0.8);
        break;
    }
  }
  addReverb(bus, 0.3, { size: 0.7, damp: 0.5 });
  return masterLoop(bus);
}

function gear(ctx: SKRSContext2D, x: number, y: number, r: number, teeth: number, angle: number, color: string): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.fillStyle = color;
  ctx.beginPath();
  for (let i = 0; i < teeth * 2; i++) {
    const a = (i / (teeth * 2)) * TAU;
    const rr = i % 2 === 0 ? r : r * 0.84;
    ctx.lineTo(Math.cos(a) * rr, Math.sin(a) * rr);
    ctx.lineTo(Math.cos(a + TAU / (teeth * 2)) * rr, Math.sin(a + TAU / (teeth * 2)) * rr);
  }
  ctx.fill();
  ctx.fillStyle = "#1b1f24";
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.3, 0, TAU);
  ctx.fill();
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/dreamscape/machine-experiments.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.3),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const turns = machineTurns(spec);
    return {
      draw(ctx, f) {
        const bg = ctx.createLinearGradient(0, 0, 0, h);
        bg.addColorStop(0, "#0f2027");
        bg.addColorStop(1, "#2c5364");
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, w, h);
        const m = machineMotion(f.phase, turns);
        // Gears with matching tooth counts turn at inverse speeds (whole turns per loop).
        GEARS.forEach((g, i) => {
          gear(ctx, w * g.x + g.dx, h * g.y + g.dy, g.r, g.teeth, m.gearAngle(i), g.color);
        });
        // Tubes with orbs.
        ctx.lineCap = "round";
        ctx.strokeStyle = "rgba(120,255,240,0.35)";
        ctx.lineWidth = 26;
        ctx.beginPath();
        ctx.moveTo(-20, h * 0.45);
        ctx.bezierCurveTo(w * 0.3, h * 0.35, w * 0.7, h * 0.55, w + 20, h * 0.42);
        ctx.stroke();
        for (let i = 0; i < ORBS; i++) {
          const t = m.orb(i);
          const x = -20 + t * (w + 40);
          const y = h * 0.45 + Math.sin(t * Math.PI * 2) * -40 + h * -0.03 * t;
          const g = ctx.createRadialGradient(x, y, 1, x, y, 14);
          g.addColorStop(0, "#ffffff");
          g.addColorStop(1, hsl(170 + i * 20, 100, 55));
          ctx.fillStyle = g;
          ctx.beginPath();
          ctx.arc(x, y, 10, 0, TAU);
          ctx.fill();
        }
        // Pistons.
        for (let i = 0; i < PISTONS; i++) {
          const x = w * (0.15 + i * 0.23);
          const ext = m.piston(i);
          ctx.fillStyle = "#37474f";
          ctx.fillRect(x - 22, h * 0.86, 44, h * 0.14);
          ctx.fillStyle = "#cfd8dc";
          ctx.fillRect(x - 8, h * 0.86 - ext * 120, 16, ext * 120);
          ctx.fillStyle = hsl(20 + i * 30, 90, 55);
          ctx.fillRect(x - 30, h * 0.86 - ext * 120 - 16, 60, 16);
        }
      },
    };
  },
  audio: ({ spec, rng }) => machineSound(spec, rng),
};

export default generator;
