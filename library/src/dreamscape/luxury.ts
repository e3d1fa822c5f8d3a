/**
 * Luxury dreamscape: molten gold waves over black marble, turning diamonds and golden dust.
 * Sound: warm chords, and a shimmer of bells each time a diamond turns its face to the camera.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { mod, TAU } from "../kit/draw.ts";
import { createRng, type Rng } from "../kit/prng.ts";
import { loopBus, loopSeconds, masterLoop } from "../kit/soundtrack.ts";
import type { VideoGenerator, VideoSpec } from "../kit/video.ts";
import { bell, epiano, mtof, synth } from "../music/dsp.ts";
import { addReverb, drone, lfo, noiseBed } from "./ambience.ts";

/** The diamonds: where they float (fractions of the frame), their size, and turns per loop (signed). */
export const DIAMONDS = [
  { x: 0.5, y: 0.33, bob: 0, size: 0.2, turns: 1 },
  { x: 0.2, y: 0.5, bob: 2, size: 0.08, turns: -2 },
  { x: 0.8, y: 0.46, bob: 4, size: 0.1, turns: 2 },
] as const;

/** A diamond's turn angle at a phase of the loop: it faces the camera (widest, a glint) at multiples of pi. */
export const diamondTurn = (d: (typeof DIAMONDS)[number], phase: number) => TAU * phase * d.turns;

/** The phases (0..1) at which a diamond faces the camera. */
export function diamondGlints(d: (typeof DIAMONDS)[number]): number[] {
  const count = Math.abs(d.turns) * 2;
  return Array.from({ length: count }, (_, k) => k / count);
}

/** Two warm chords a loop: D-flat major ninth, then B-flat minor eleventh (MIDI notes). */
const CHORDS = [
  [49, 56, 60, 63, 65],
  [46, 53, 56, 61, 63],
];

/** The bed: a warm pad and electric piano, a low root, gold hum and a bell shimmer at every glint. */
export function luxuryBed(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  const loopS = loopSeconds(spec);
  const half = loopS / CHORDS.length;
  CHORDS.forEach((chord, c) => {
    const start = c * half;
    chord.forEach((note, k) => {
      const pad = synth(mtof(note), half, rng, {
        wave: "saw",
        voices: 4,
        detune: 0.12,
        cutoff: 850,
        resonance: 0.5,
        attack: Math.min(0.9, half * 0.3),
        decay: 0.6,
        sustain: 0.8,
        release: Math.min(2, half * 0.5),
      });
      bus.add(pad, start, 0.14, (k / (chord.length - 1)) * 1.2 - 0.6);
      // The piano rolls the chord gently.
      bus.add(epiano(mtof(note + 12), Math.min(half * 0.8, 2.5), 0.35), start + k * 0.045, 0.09, k % 2 ? 0.3 : -0.3);
    });
    bus.add(
      synth(mtof((chord[0] as number) - 12), half, rng, { wave: "sine", attack: 0.3, release: 0.8 }),
      start,
      0.18,
    );
  });
  // The low hum of molten gold, swelling with the waves.
  drone(bus, mtof(37), rng, { wave: "triangle", voices: 2, detune: 6, cutoff: () => 300, gain: lfo(1, 0.02, 0.05) });
  // Shimmer: each diamond glints as it faces the camera; the big one rings longest.
  const top = CHORDS.flat().sort((a, b) => b - a);
  DIAMONDS.forEach((d, index) => {
    for (const glint of diamondGlints(d)) {
      const at = glint * loopS;
      const chord = CHORDS[Math.floor(glint * CHORDS.length) % CHORDS.length] as number[];
      const big = index === 0;
      const notes = big ? 4 : 2;
      const pan = (d.x - 0.5) * 1.6;
      for (let k = 0; k < notes; k++) {
        const note = (chord[chord.length - 1 - ((k + index) % 3)] as number) + 24 + (k >= 3 ? 12 : 0);
        const ring = bell(mtof(note), 0.1, { ratio: 2.01, index: 1.1, decay: big ? 1.4 : 0.7 });
        bus.add(ring, at + k * 0.06, big ? 0.09 : 0.06, pan + (k % 2 ? 0.15 : -0.15));
      }
    }
  });
  // Golden dust: faint high twinkles.
  const twinkles = Math.round(loopS * 2.5);
  for (let k = 0; k < twinkles; k++) {
    const note = (top[Math.floor(rng() * 3)] as number) + 36;
    bus.add(bell(mtof(note), 0.05, { ratio: 3.01, index: 0.5, decay: 0.25 }), rng() * loopS, 0.015, rng() * 1.6 - 0.8);
  }
  // Air.
  noiseBed(bus, rng, { mode: "hp", freq: () => 7000, gainL: lfo(1, 0.004, 0.012), gainR: lfo(1, 0.004, 0.012, 0.5) });
  addReverb(bus, 0.7, { size: 0.9, damp: 0.25, predelay: 0.025 });
  return masterLoop(bus);
}

function diamond(ctx: SKRSContext2D, x: number, y: number, s: number, turn: number): void {
  const k = Math.cos(turn);
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(0.35 + 0.65 * Math.abs(k), 1);
  const facets: [string, number[]][] = [
    ["#e8f7ff", [-1, -0.3, 0, -0.3, -0.5, -0.75]],
    ["#b9e6ff", [0, -0.3, 1, -0.3, 0.5, -0.75]],
    ["#ffffff", [-0.5, -0.75, 0.5, -0.75, 0, -0.3]],
    ["#7cc8f0", [-1, -0.3, 0, -0.3, 0, 1]],
    ["#a6dcf7", [0, -0.3, 1, -0.3, 0, 1]],
  ];
  for (const [color, p] of facets) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(p[0]! * s, p[1]! * s);
    ctx.lineTo(p[2]! * s, p[3]! * s);
    ctx.lineTo(p[4]! * s, p[5]! * s);
    ctx.fill();
  }
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/dreamscape/luxury.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.4),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const rng = createRng("gold-dust");
    const dust = Array.from({ length: 80 }, () => ({ x: rng() * w, y: rng() * h, o: rng(), r: 0.8 + rng() * 2.2 }));
    return {
      draw(ctx, f) {
        ctx.fillStyle = "#0b0b0d";
        ctx.fillRect(0, 0, w, h);
        ctx.strokeStyle = "rgba(255,255,255,0.06)";
        ctx.lineWidth = 2;
        for (let i = 0; i < 9; i++) {
          ctx.beginPath();
          ctx.moveTo(-20, h * (i / 9));
          ctx.bezierCurveTo(w * 0.3, h * (i / 9) + 80, w * 0.6, h * (i / 9) - 60, w + 20, h * (i / 9) + 30);
          ctx.stroke();
        }
        for (let layer = 0; layer < 4; layer++) {
          const base = h * (0.62 + layer * 0.1);
          const g = ctx.createLinearGradient(0, base - 80, 0, base + 120);
          g.addColorStop(0, "#fff1b8");
          g.addColorStop(0.3, "#f5c542");
          g.addColorStop(0.7, "#b8860b");
          g.addColorStop(1, "#5c3d00");
          ctx.fillStyle = g;
          ctx.beginPath();
          ctx.moveTo(0, h);
          for (let x = 0; x <= w; x += 8) {
            ctx.lineTo(
              x,
              base +
                Math.sin((x / w) * TAU * 1.2 + TAU * f.phase * (layer + 1) * (layer % 2 ? -1 : 1)) * (40 - layer * 6),
            );
          }
          ctx.lineTo(w, h);
          ctx.fill();
        }
        DIAMONDS.forEach((d, i) => {
          const y = h * d.y + Math.sin(TAU * f.phase + d.bob) * (i === 0 ? 20 : 15);
          diamond(ctx, w * d.x, y, w * d.size, diamondTurn(d, f.phase));
        });
        for (const d of dust) {
          const a = 0.3 + 0.7 * Math.abs(Math.sin(TAU * (f.phase * 2 + d.o)));
          ctx.fillStyle = `rgba(255,215,120,${a.toFixed(2)})`;
          ctx.beginPath();
          ctx.arc(d.x, mod(d.y - f.phase * h, h), d.r, 0, TAU);
          ctx.fill();
        }
      },
    };
  },
  audio: ({ spec, rng }) => luxuryBed(spec, rng),
};

export default generator;
