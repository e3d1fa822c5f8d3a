/**
 * Ambient beds for the dreamscape clips: held drones and pads, filtered noise textures and placed
 * one-shots, all periodic in the loop. Held tones have a whole number of cycles per loop and their
 * modulations a whole number of periods, filters run over the loop twice (kit/soundtrack.ts), and
 * one-shots that run past the end wrap into the start (Bus), so the end meets the start.
 */
import { TAU } from "../kit/draw.ts";
import type { Rng } from "../kit/prng.ts";
import { loopFrequency, loopProcessMono, panGains, whiteNoise } from "../kit/soundtrack.ts";
import { type Bus, oscSample, reverb, SR, Svf, type Wave } from "../music/dsp.ts";

/** A loop-periodic control curve: x is the position in the loop, 0..1. */
export type Curve = (x: number) => number;

/** A slow LFO with `cycles` whole periods per loop, between lo and hi. */
export function lfo(cycles: number, lo: number, hi: number, offset = 0): Curve {
  return (x) => lo + (hi - lo) * (0.5 + 0.5 * Math.sin(TAU * (cycles * x + offset)));
}

export interface DroneOptions {
  wave?: Wave;
  /** Oscillators per note, spread over `detune` cents. */
  voices?: number;
  detune?: number;
  /** Lowpass cutoff over the loop (Hz). */
  cutoff: Curve;
  resonance?: number;
  /** Gain over the loop. */
  gain: Curve;
  /** Pan of the voices: spread either side of `pan`. */
  pan?: number;
  spread?: number;
}

/**
 * A held note: detuned oscillators, each tuned to a whole number of cycles per loop (the seam is
 * continuous; the detuning beats slowly), through a lowpass that moves with the loop.
 */
export function drone(bus: Bus, freq: number, rng: Rng, o: DroneOptions): void {
  const n = bus.length;
  const loopS = n / SR;
  const voices = o.voices ?? 3;
  const wave = o.wave ?? "saw";
  const spread = o.spread ?? 0.6;
  for (let v = 0; v < voices; v++) {
    const cents = voices === 1 ? 0 : (o.detune ?? 12) * (v / (voices - 1) - 0.5) * 2;
    const f = loopFrequency(freq * 2 ** (cents / 1200), loopS);
    const start = rng();
    const x = new Float32Array(n);
    const dt = f / SR;
    for (let i = 0; i < n; i++) {
      const p = (start + (f * i) / SR) % 1;
      x[i] = oscSample(wave, p, dt);
    }
    loopProcessMono(x, (d) => {
      const lp = new Svf();
      for (let i = 0; i < d.length; i++) {
        const pos = (i % n) / n;
        if ((i & 31) === 0) lp.set(o.cutoff(pos), o.resonance ?? 0.7);
        lp.tick(d[i] as number);
        d[i] = lp.lp;
      }
    });
    const pan = (o.pan ?? 0) + (voices === 1 ? 0 : spread * (v / (voices - 1) - 0.5) * 2);
    const [gl, gr] = panGains(pan);
    const norm = 1 / Math.sqrt(voices);
    for (let i = 0; i < n; i++) {
      const s = (x[i] as number) * o.gain(i / n) * norm;
      (bus.l[i] as number) += s * gl;
      (bus.r[i] as number) += s * gr;
    }
  }
}

export interface NoiseOptions {
  mode: "lp" | "bp" | "hp";
  /** Filter frequency over the loop. */
  freq: Curve;
  q?: number;
  /** Gain over the loop, per channel (different curves make it move across the stereo field). */
  gainL: Curve;
  gainR?: Curve;
}

/** A filtered noise texture, independent in each ear (wide), seamless across the loop. */
export function noiseBed(bus: Bus, rng: Rng, o: NoiseOptions): void {
  const n = bus.length;
  for (const [channel, gain] of [
    [bus.l, o.gainL],
    [bus.r, o.gainR ?? o.gainL],
  ] as const) {
    const x = whiteNoise(n, rng);
    loopProcessMono(x, (d) => {
      const f = new Svf();
      for (let i = 0; i < d.length; i++) {
        if ((i & 31) === 0) f.set(o.freq((i % n) / n), o.q ?? 0.7);
        f.tick(d[i] as number);
        d[i] = o.mode === "lp" ? f.lp : o.mode === "hp" ? f.hp : f.bp;
      }
    });
    for (let i = 0; i < n; i++) (channel[i] as number) += (x[i] as number) * gain(i / n);
  }
}

/** Adds a reverb of the bus to itself (computed over the loop twice, so the tail wraps into the start). */
export function addReverb(bus: Bus, wet: number, o: { size?: number; damp?: number; predelay?: number } = {}): void {
  bus.loopProcess((l, r) => {
    const [wl, wr] = reverb(l, r, o);
    for (let i = 0; i < l.length; i++) {
      (l[i] as number) += (wl[i] as number) * wet;
      (r[i] as number) += (wr[i] as number) * wet;
    }
  });
}

/** A swell: a sine (and its octave) rising and falling over `length` seconds, with a soft attack. */
export function swell(freq: number, length: number, attackS: number, octave = 0.3): Float32Array {
  const out = new Float32Array(Math.ceil(length * SR));
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const env = Math.min(1, t / attackS) * Math.exp(-Math.max(0, t - attackS) / (length * 0.35));
    out[i] = (Math.sin(TAU * freq * t) + octave * Math.sin(TAU * 2 * freq * t)) * env;
  }
  return out;
}

/** A bird's chirp: a sine sweeping from `from` to `to` Hz with a fast trill, `length` seconds long. */
export function chirp(from: number, to: number, length: number, trill = 0): Float32Array {
  const out = new Float32Array(Math.ceil(length * SR));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const x = i / out.length;
    const t = i / SR;
    const f = from * (to / from) ** x * (1 + trill * Math.sin(TAU * 38 * t));
    phase += f / SR;
    const env = Math.sin(Math.PI * x) ** 1.5;
    out[i] = (Math.sin(TAU * phase) + 0.12 * Math.sin(TAU * 2 * phase)) * env;
  }
  return out;
}

/** A metallic click: a few inharmonic modes, very short. */
export function click(rng: Rng, tone: number, decayS = 0.012): Float32Array {
  const out = new Float32Array(Math.ceil(decayS * 7 * SR));
  const ratios = [1, 2.31, 3.73, 5.12];
  const phases = ratios.map(() => rng());
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    let s = 0;
    ratios.forEach((r, k) => {
      s += Math.sin(TAU * ((phases[k] as number) + tone * r * t)) * Math.exp((-t * (1 + k)) / decayS) * 0.5 ** k;
    });
    out[i] = s * Math.min(1, t / 0.0003) + (t < 0.001 ? (rng() * 2 - 1) * (1 - t / 0.001) * 0.4 : 0);
  }
  return out;
}

/** A filtered noise swoosh with an envelope (air through a valve, a gust): `shape(x)` over its length. */
export function hiss(rng: Rng, length: number, freq: number, q: number, shape: (x: number) => number): Float32Array {
  const out = new Float32Array(Math.ceil(length * SR));
  const f = new Svf();
  f.set(freq, q);
  for (let i = 0; i < out.length; i++) {
    f.tick(rng() * 2 - 1);
    out[i] = f.bp * shape(i / out.length);
  }
  return out;
}
