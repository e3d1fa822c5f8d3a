/**
 * Fashion dreamscape: layers of flowing silk in blush and lilac, pearls drifting, a runway glow.
 * Sound: a soft airy pad breathing on a slow pulse, silk rustling with the waves, pearls chiming.
 */
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import { createRng, type Rng } from "../kit/prng.ts";
import { loopBus, loopSeconds, masterLoop } from "../kit/soundtrack.ts";
import type { VideoGenerator, VideoSpec } from "../kit/video.ts";
import { bell, mtof, synth } from "../music/dsp.ts";
import { addReverb, drone, lfo, noiseBed, swell } from "./ambience.ts";

/** Two chords a loop, a major ninth and its relative minor ninth (MIDI notes). */
const CHORDS = [
  [45, 52, 56, 59, 61, 64],
  [42, 49, 52, 56, 57, 61],
];

/** The bed: pad chords, a soft heartbeat-slow pulse, airy silk and a few pearl chimes. */
export function fashionBed(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  const loopS = loopSeconds(spec);
  const half = loopS / CHORDS.length;
  // Pulses: one a second (a whole number per loop); on each the pad dips softly and blooms back,
  // continuous through the pulse (0 at both ends of it).
  const pulses = Math.max(1, Math.round(loopS));
  const tail = Math.exp(-1 / 0.3);
  const pulse = (x: number) => {
    const p = (x * pulses) % 1;
    return 1 - 0.3 * Math.min(1, p / 0.05) * ((Math.exp(-p / 0.3) - tail) / (1 - tail));
  };
  CHORDS.forEach((chord, c) => {
    chord.forEach((note, k) => {
      const pad = synth(mtof(note + 12), half, rng, {
        wave: "saw",
        voices: 3,
        detune: 0.14,
        cutoff: 1500,
        resonance: 0.6,
        attack: Math.min(1.2, half * 0.4),
        decay: 0.5,
        sustain: 0.85,
        release: Math.min(2.2, half * 0.6),
      });
      bus.add(pad, c * half, 0.16, k % 2 === 0 ? -0.35 : 0.35);
    });
  });
  // Apply the pulse to the pad, then the low pulse itself under it.
  for (let i = 0; i < bus.length; i++) {
    const g = pulse(i / bus.length);
    (bus.l[i] as number) *= g;
    (bus.r[i] as number) *= g;
  }
  for (let b = 0; b < pulses; b++) {
    const chord = CHORDS[Math.floor((b * CHORDS.length) / pulses)] as number[];
    bus.add(swell(mtof(chord[0] as number), 0.9, 0.06, 0.35), (b * loopS) / pulses, 0.12);
  }
  // A held airy fifth high above, breathing with the silk.
  drone(bus, mtof(76), rng, {
    wave: "triangle",
    voices: 2,
    detune: 8,
    cutoff: () => 4000,
    gain: lfo(2, 0.01, 0.035),
    spread: 0.8,
  });
  // Silk: airy noise swelling with the waves (two per loop), wandering across the stereo field.
  noiseBed(bus, rng, {
    mode: "bp",
    freq: lfo(1, 3500, 7000),
    q: 0.6,
    gainL: lfo(2, 0.01, 0.06),
    gainR: lfo(2, 0.01, 0.06, 0.25),
  });
  // Pearl chimes: a few soft bell notes from the chord, high up.
  const chimes = Math.max(2, Math.round(loopS / 1.6));
  for (let k = 0; k < chimes; k++) {
    const at = ((k + 0.3 + rng() * 0.4) / chimes) * loopS;
    const chord = CHORDS[Math.floor((at / loopS) * CHORDS.length) % CHORDS.length] as number[];
    const note = (chord[1 + Math.floor(rng() * (chord.length - 1))] as number) + 24;
    bus.add(bell(mtof(note), 0.2, { ratio: 2.01, index: 0.7, decay: 0.9 }), at, 0.05, rng() * 1.2 - 0.6);
  }
  addReverb(bus, 0.6, { size: 0.9, damp: 0.35, predelay: 0.03 });
  return masterLoop(bus);
}

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
  audio: ({ spec, rng }) => fashionBed(spec, rng),
};

export default generator;
