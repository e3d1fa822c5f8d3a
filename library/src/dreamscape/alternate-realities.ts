/**
 * Alternate realities: a swirling portal over an endless checkerboard, floating islands and planets.
 * Sound: detuned drones that beat and drift, a resonant swirl circling with the islands, and a soft
 * low pulse each time a row of tiles passes under the camera.
 */
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import type { Rng } from "../kit/prng.ts";
import { loopBus, loopProcessMono, loopSeconds, masterLoop, panGains, whiteNoise } from "../kit/soundtrack.ts";
import type { VideoGenerator, VideoSpec } from "../kit/video.ts";
import { mtof, Svf } from "../music/dsp.ts";
import { addReverb, drone, lfo, noiseBed, swell } from "./ambience.ts";

/** Rows of floor tiles that pass under the camera in a loop: two every 2 s. */
export function tileRows(spec: VideoSpec): number {
  return Math.max(1, Math.round(spec.durationS / 2)) * 2;
}

/** The drone's notes (MIDI): a minor chord stacked over a low A, with a rub of the ninth. */
const DRONES = [33, 40, 45, 48, 52, 59];

/** The bed: beating drones under moving filters, the portal's swirl, a pulse per tile row. */
export function realitiesBed(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  const loopS = loopSeconds(spec);
  DRONES.forEach((note, k) => {
    drone(bus, mtof(note), rng, {
      wave: k < 2 ? "saw" : k % 2 ? "triangle" : "saw",
      voices: 3,
      detune: 10 + k * 4,
      cutoff: lfo(1 + (k % 2), 250 + k * 80, 900 + k * 350, k / DRONES.length),
      resonance: 1.4,
      gain: lfo(1, k === 5 ? 0.02 : 0.05, k === 5 ? 0.09 : 0.11, (k * 0.37) % 1),
      pan: ((k % 3) - 1) * 0.35,
      spread: 0.5,
    });
  });
  // The portal's swirl: a resonant band of noise sweeping up and down, circling the listener with
  // the islands (one orbit per loop).
  for (let island = 0; island < 3; island++) {
    const x = whiteNoise(bus.length, rng);
    const n = bus.length;
    loopProcessMono(x, (d) => {
      const f = new Svf();
      for (let i = 0; i < d.length; i++) {
        const pos = (i % n) / n;
        if ((i & 31) === 0) f.set(700 * 2 ** (1.6 * Math.sin(TAU * (2 * pos + island / 3))), 7);
        f.tick(d[i] as number);
        d[i] = f.bp;
      }
    });
    for (let i = 0; i < n; i++) {
      const angle = TAU * (i / n + island / 3);
      const [gl, gr] = panGains(Math.cos(angle) * 0.8);
      const g = 0.05 * (0.6 + 0.4 * Math.sin(angle));
      (bus.l[i] as number) += (x[i] as number) * g * gl;
      (bus.r[i] as number) += (x[i] as number) * g * gr;
    }
  }
  // A low pulse as each row of tiles rushes under the camera.
  const rows = tileRows(spec);
  for (let k = 0; k < rows; k++) bus.add(swell(mtof(45), loopS / rows, 0.08, 0.5), (k * loopS) / rows, 0.08);
  noiseBed(bus, rng, { mode: "lp", freq: lfo(1, 200, 600), gainL: lfo(1, 0.02, 0.05), gainR: lfo(1, 0.02, 0.05, 0.5) });
  addReverb(bus, 0.55, { size: 0.92, damp: 0.4, predelay: 0.04 });
  return masterLoop(bus);
}

const generator: VideoGenerator = {
  source: "library/src/dreamscape/alternate-realities.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.3),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const horizon = h * 0.55;
    return {
      draw(ctx, f) {
        const sky = ctx.createLinearGradient(0, 0, 0, horizon);
        sky.addColorStop(0, "#140038");
        sky.addColorStop(1, "#ff7eb3");
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, horizon);
        // Checkerboard floor rushing forward (one tile per loop step).
        ctx.fillStyle = "#1a1a2e";
        ctx.fillRect(0, horizon, w, h - horizon);
        const focal = w * 0.8;
        const camZ = f.phase * tileRows(spec);
        for (let zi = 40; zi >= 0; zi--) {
          const z0 = Math.floor(camZ) + zi - camZ + 1;
          const z1 = z0 + 1;
          if (z0 <= 0.05) continue;
          const y0 = horizon + (2 * focal) / z1;
          const y1 = horizon + (2 * focal) / z0;
          for (let xi = -12; xi < 12; xi++) {
            if (mod(xi + Math.floor(camZ) + zi, 2) === 0) continue;
            const xa0 = w / 2 + (xi * focal) / z1;
            const xa1 = w / 2 + ((xi + 1) * focal) / z1;
            const xb0 = w / 2 + (xi * focal) / z0;
            const xb1 = w / 2 + ((xi + 1) * focal) / z0;
            ctx.fillStyle = "#f2e9ff";
            ctx.beginPath();
            ctx.moveTo(xa0, y0);
            ctx.lineTo(xa1, y0);
            ctx.lineTo(xb1, y1);
            ctx.lineTo(xb0, y1);
            ctx.fill();
          }
        }
        // Portal.
        const px = w / 2;
        const py = h * 0.32;
        for (let ring = 14; ring > 0; ring--) {
          ctx.fillStyle = hsl(ring * 25 + f.phase * 360, 90, 50 + ring * 2);
          ctx.beginPath();
          ctx.ellipse(px, py, ring * 14, ring * 19, TAU * f.phase * (ring % 2 ? 1 : -1) * 0.5, 0, TAU);
          ctx.fill();
        }
        ctx.fillStyle = "#050010";
        ctx.beginPath();
        ctx.ellipse(px, py, 28, 38, 0, 0, TAU);
        ctx.fill();
        // Floating upside-down islands and planets orbiting.
        for (let i = 0; i < 3; i++) {
          const a = TAU * (f.phase + i / 3);
          const x = px + Math.cos(a) * w * 0.38;
          const y = py + Math.sin(a) * h * 0.12;
          ctx.fillStyle = "#7b4f2c";
          ctx.beginPath();
          ctx.moveTo(x - 40, y);
          ctx.lineTo(x + 40, y);
          ctx.lineTo(x, y - 60);
          ctx.fill();
          ctx.fillStyle = "#4caf50";
          ctx.fillRect(x - 42, y, 84, 10);
        }
        const planet = ctx.createRadialGradient(w * 0.8 - 20, h * 0.1 - 20, 5, w * 0.8, h * 0.1, 60);
        planet.addColorStop(0, "#ffd59e");
        planet.addColorStop(1, "#ff6f61");
        ctx.fillStyle = planet;
        ctx.beginPath();
        ctx.arc(w * 0.8, h * 0.1 + Math.sin(TAU * f.phase) * 10, 60, 0, TAU);
        ctx.fill();
      },
    };
  },
  audio: ({ spec, rng }) => realitiesBed(spec, rng),
};

export default generator;
