/**
 * A small synthesiser: oscillators, filters, envelopes, instruments that render one note into a
 * buffer, and stereo buses whose effects run over the loop twice so tails wrap into the start.
 */
import type { Rng } from "../kit/prng.ts";

export const SR = 48000;
const TAU = Math.PI * 2;

export function mtof(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** A stereo buffer exactly one loop long; notes that run past the end wrap to the start. */
export class Bus {
  readonly l: Float32Array;
  readonly r: Float32Array;
  readonly length: number;
  constructor(length: number) {
    this.length = length;
    this.l = new Float32Array(length);
    this.r = new Float32Array(length);
  }

  /** Mixes a mono note in at `startS` seconds with a gain and an equal-power pan in [-1, 1]. */
  add(signal: Float32Array, startS: number, gain = 1, pan = 0): void {
    const angle = ((pan + 1) * Math.PI) / 4;
    const gl = gain * Math.cos(angle) * Math.SQRT2;
    const gr = gain * Math.sin(angle) * Math.SQRT2;
    const n = this.length;
    let idx = Math.round(startS * SR) % n;
    if (idx < 0) idx += n;
    for (let i = 0; i < signal.length; i++) {
      const s = signal[i] as number;
      (this.l[idx] as number) += s * gl;
      (this.r[idx] as number) += s * gr;
      idx++;
      if (idx === n) idx = 0;
    }
  }

  /** Mixes another bus in. */
  mix(other: Bus, gain = 1): void {
    for (let i = 0; i < this.length; i++) {
      (this.l[i] as number) += (other.l[i] as number) * gain;
      (this.r[i] as number) += (other.r[i] as number) * gain;
    }
  }

  /**
   * Runs a stateful effect over the loop played twice and keeps the second pass, so the effect's
   * state at the seam is what it would be in an endless loop (reverb tails land in the start).
   */
  loopProcess(effect: (l: Float32Array, r: Float32Array) => void): void {
    const n = this.length;
    const l = new Float32Array(n * 2);
    const r = new Float32Array(n * 2);
    l.set(this.l);
    l.set(this.l, n);
    r.set(this.r);
    r.set(this.r, n);
    effect(l, r);
    this.l.set(l.subarray(n));
    this.r.set(r.subarray(n));
  }
}

// ---------- building blocks ----------

/** PolyBLEP correction for band-limited saw and pulse waves. */
function blep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

export type Wave = "sine" | "saw" | "square" | "triangle" | "pulse25" | "pulse12";

/** One oscillator sample at phase p in [0, 1) with phase increment dt. */
export function oscSample(wave: Wave, p: number, dt: number): number {
  switch (wave) {
    case "sine":
      return Math.sin(TAU * p);
    case "saw":
      return 2 * p - 1 - blep(p, dt);
    case "triangle":
      return p < 0.5 ? 4 * p - 1 : 3 - 4 * p;
    default: {
      const duty = wave === "square" ? 0.5 : wave === "pulse25" ? 0.25 : 0.125;
      let v = p < duty ? 1 : -1;
      v += blep(p, dt);
      let q = p - duty;
      if (q < 0) q += 1;
      v -= blep(q, dt);
      return v;
    }
  }
}

/** Zavalishin's state-variable filter (trapezoidal), lowpass/bandpass/highpass outputs. */
export class Svf {
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 1;
  lp = 0;
  bp = 0;
  hp = 0;
  set(cutoff: number, q = Math.SQRT1_2): void {
    const fc = Math.min(Math.max(cutoff, 20), SR * 0.45);
    const g = Math.tan((Math.PI * fc) / SR);
    this.k = 1 / q;
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }
  tick(x: number): void {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.lp = v2;
    this.bp = v1;
    this.hp = x - this.k * v1 - v2;
  }
}

/** Attack/decay/sustain/release gain at time t for a note held `hold` seconds. */
export function adsr(t: number, hold: number, a: number, d: number, s: number, r: number): number {
  let level: number;
  if (t < a) level = t / a;
  else if (t < a + d) level = 1 - (1 - s) * ((t - a) / d);
  else level = s;
  if (t >= hold) {
    const held = hold < a ? hold / a : hold < a + d ? 1 - (1 - s) * ((hold - a) / d) : s;
    const rel = (t - hold) / r;
    return rel >= 1 ? 0 : held * (1 - rel) * (1 - rel);
  }
  return level;
}

function buffer(seconds: number): Float32Array {
  return new Float32Array(Math.max(1, Math.ceil(seconds * SR)));
}

// ---------- drums ----------

export interface KickOptions {
  pitchStart?: number;
  pitchEnd?: number;
  pitchDecay?: number;
  decay?: number;
  click?: number;
  drive?: number;
}

export function kick(rng: Rng, o: KickOptions = {}): Float32Array {
  const { pitchStart = 160, pitchEnd = 50, pitchDecay = 0.045, decay = 0.32, click = 0.4, drive = 1.6 } = o;
  const out = buffer(decay * 5);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const f = pitchEnd + (pitchStart - pitchEnd) * Math.exp(-t / pitchDecay);
    phase += f / SR;
    const body = Math.sin(TAU * phase) * Math.exp(-t / decay);
    const c = t < 0.004 ? (rng() * 2 - 1) * click * (1 - t / 0.004) : 0;
    out[i] = Math.tanh((body + c) * drive) / Math.tanh(drive);
  }
  return out;
}

/** A long tuned 808: sine with a short pitch drop, optional glide from another note, soft clipping. */
export function bass808(freq: number, dur: number, o: { glideFrom?: number; drive?: number; decay?: number } = {}) {
  const { glideFrom, drive = 2.2, decay = 1.2 } = o;
  const out = buffer(dur + 0.08);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    let f = freq * (1 + 1.5 * Math.exp(-t / 0.012));
    if (glideFrom) f = freq + (glideFrom - freq) * Math.exp(-t / 0.06);
    phase += f / SR;
    const env = Math.exp(-t / decay) * (t < dur ? 1 : Math.max(0, 1 - (t - dur) / 0.08)) * Math.min(1, t / 0.002);
    out[i] = (Math.tanh(Math.sin(TAU * phase) * drive) / Math.tanh(drive)) * env;
  }
  return out;
}

export function snare(rng: Rng, o: { tone?: number; decay?: number; noise?: number; bright?: number } = {}) {
  const { tone = 190, decay = 0.16, noise = 0.8, bright = 3500 } = o;
  const out = buffer(decay * 5);
  const hp = new Svf();
  hp.set(bright * 0.35, 0.6);
  const bp = new Svf();
  bp.set(bright, 0.7);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    phase += (tone * (1 + 0.6 * Math.exp(-t / 0.01))) / SR;
    const body = Math.sin(TAU * phase) * Math.exp(-t / 0.06);
    hp.tick(rng() * 2 - 1);
    bp.tick(hp.hp);
    const n = (hp.hp * 0.5 + bp.bp) * Math.exp(-t / decay) * noise;
    out[i] = Math.tanh((body * 0.8 + n) * 1.4);
  }
  return out;
}

export function clap(rng: Rng, o: { decay?: number } = {}) {
  const { decay = 0.18 } = o;
  const out = buffer(decay * 5 + 0.03);
  const bp = new Svf();
  bp.set(1300, 1.2);
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    let env = 0;
    for (const burst of [0, 0.011, 0.022]) {
      if (t >= burst && t < burst + 0.01) env = Math.max(env, Math.exp(-(t - burst) / 0.004));
    }
    if (t >= 0.03) env = Math.max(env, Math.exp(-(t - 0.03) / decay));
    bp.tick(rng() * 2 - 1);
    out[i] = bp.bp * env * 2.2;
  }
  return out;
}

export function hat(rng: Rng, o: { decay?: number; tone?: number } = {}) {
  const { decay = 0.045, tone = 8000 } = o;
  const out = buffer(decay * 6);
  const hp = new Svf();
  hp.set(tone, 0.9);
  const ratios = [2, 3, 4.16, 5.43, 6.79, 8.21];
  const phases = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    let metal = 0;
    for (let k = 0; k < 6; k++) {
      phases[k] = ((phases[k] as number) + ((ratios[k] as number) * 400) / SR) % 1;
      metal += (phases[k] as number) < 0.5 ? 1 : -1;
    }
    hp.tick((rng() * 2 - 1) * 0.7 + metal * 0.12);
    out[i] = hp.hp * Math.exp(-t / decay) * Math.min(1, t / 0.0008);
  }
  return out;
}

export function shaker(rng: Rng, o: { decay?: number } = {}) {
  const { decay = 0.05 } = o;
  const out = buffer(decay * 6 + 0.02);
  const bp = new Svf();
  bp.set(6500, 1.5);
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const env = t < 0.015 ? t / 0.015 : Math.exp(-(t - 0.015) / decay);
    bp.tick(rng() * 2 - 1);
    out[i] = bp.bp * env * 1.5;
  }
  return out;
}

export function crash(rng: Rng, o: { decay?: number } = {}) {
  const { decay = 1.4 } = o;
  const out = buffer(decay * 4);
  const hp = new Svf();
  hp.set(5000, 0.7);
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    hp.tick(rng() * 2 - 1);
    out[i] = hp.hp * Math.exp(-t / decay) * 0.7;
  }
  return out;
}

/** The 808 cowbell (two detuned squares through a bandpass), tunable for phonk melodies. */
export function cowbell(freq: number, o: { decay?: number } = {}) {
  const { decay = 0.22 } = o;
  const out = buffer(decay * 5);
  const bp = new Svf();
  bp.set(freq * 2.6, 2.5);
  let p1 = 0;
  let p2 = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    p1 = (p1 + freq / SR) % 1;
    p2 = (p2 + (freq * 1.48) / SR) % 1;
    const s = (p1 < 0.5 ? 1 : -1) + (p2 < 0.5 ? 1 : -1);
    bp.tick(s);
    const env = t < 0.002 ? t / 0.002 : 0.65 * Math.exp(-t / decay) + 0.35 * Math.exp(-t / 0.03);
    out[i] = bp.bp * env * 1.2;
  }
  return out;
}

export function tom(freq: number, o: { decay?: number } = {}) {
  const { decay = 0.3 } = o;
  const out = buffer(decay * 5);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    phase += (freq * (1 + 0.5 * Math.exp(-t / 0.03))) / SR;
    out[i] = Math.sin(TAU * phase) * Math.exp(-t / decay);
  }
  return out;
}

/** A cinematic hit: low boom, noise burst and a metallic ring. */
export function impact(rng: Rng, o: { decay?: number } = {}) {
  const { decay = 1.2 } = o;
  const out = buffer(decay * 4);
  const lp = new Svf();
  lp.set(900, 0.7);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    phase += (38 + 80 * Math.exp(-t / 0.08)) / SR;
    lp.tick(rng() * 2 - 1);
    out[i] = Math.tanh((Math.sin(TAU * phase) * Math.exp(-t / decay) + lp.lp * Math.exp(-t / 0.25) * 0.8) * 1.8);
  }
  return out;
}

/** A clock tick / rim click. */
export function tick(rng: Rng, o: { tone?: number } = {}) {
  const { tone = 2200 } = o;
  const out = buffer(0.06);
  const bp = new Svf();
  bp.set(tone, 6);
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    bp.tick((rng() * 2 - 1) * (t < 0.002 ? 1 : 0) + (t < 0.0005 ? 1 : 0));
    out[i] = bp.bp * 3 * Math.exp(-t / 0.015);
  }
  return out;
}

// ---------- tonal instruments ----------

export interface SynthOptions {
  wave?: Wave;
  voices?: number;
  detune?: number;
  cutoff?: number;
  resonance?: number;
  /** Filter envelope: cutoff multiplied by (1 + envAmount * env). */
  envAmount?: number;
  envDecay?: number;
  attack?: number;
  decay?: number;
  sustain?: number;
  release?: number;
  vibrato?: number;
  glideFrom?: number;
  sub?: number;
  drive?: number;
}

/** A subtractive voice: detuned oscillators -> resonant lowpass with its own envelope -> ADSR. */
export function synth(freq: number, dur: number, rng: Rng, o: SynthOptions = {}): Float32Array {
  const {
    wave = "saw",
    voices = 1,
    detune = 0,
    cutoff = 2000,
    resonance = 0.8,
    envAmount = 0,
    envDecay = 0.2,
    attack = 0.005,
    decay = 0.2,
    sustain = 0.7,
    release = 0.15,
    vibrato = 0,
    glideFrom,
    sub = 0,
    drive = 0,
  } = o;
  const out = buffer(dur + release);
  const phases = Array.from({ length: voices }, () => rng());
  const ratios = Array.from({ length: voices }, (_, v) =>
    voices === 1 ? 1 : 2 ** ((detune * (v / (voices - 1) - 0.5)) / 12),
  );
  let subPhase = 0;
  const filter = new Svf();
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    let f = freq;
    if (glideFrom) f = freq + (glideFrom - freq) * Math.exp(-t / 0.05);
    if (vibrato) f *= 1 + vibrato * Math.sin(TAU * 5.5 * t) * Math.min(1, t / 0.3);
    let s = 0;
    for (let v = 0; v < voices; v++) {
      const dt = (f * (ratios[v] as number)) / SR;
      let p = (phases[v] as number) + dt;
      if (p >= 1) p -= 1;
      phases[v] = p;
      s += oscSample(wave, p, dt);
    }
    s /= Math.sqrt(voices);
    if (sub) {
      subPhase = (subPhase + f / 2 / SR) % 1;
      s += Math.sin(TAU * subPhase) * sub;
    }
    if ((i & 15) === 0) filter.set(cutoff * (1 + envAmount * Math.exp(-t / envDecay)), resonance);
    filter.tick(s);
    let y = filter.lp;
    if (drive) y = Math.tanh(y * (1 + drive)) / Math.tanh(1 + drive);
    out[i] = y * adsr(t, dur, attack, decay, sustain, release);
  }
  return out;
}

/** Karplus-Strong plucked string (guitar, harp, pizzicato). */
export function pluck(freq: number, dur: number, rng: Rng, o: { brightness?: number; decay?: number } = {}) {
  const { brightness = 0.5, decay = 0.996 } = o;
  const out = buffer(dur + 0.3);
  const period = SR / freq;
  const n = Math.max(2, Math.floor(period));
  const frac = period - n;
  const line = new Float32Array(n + 1);
  let last = 0;
  for (let i = 0; i <= n; i++) {
    const x = rng() * 2 - 1;
    last = last + brightness * (x - last);
    line[i] = last;
  }
  let idx = 0;
  let prev = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const a = line[idx] as number;
    const b = line[(idx + 1) % (n + 1)] as number;
    const y = a + (b - a) * frac;
    const filtered = decay * (0.5 * (y + prev));
    prev = y;
    line[idx] = filtered;
    idx = (idx + 1) % (n + 1);
    const rel = t > dur ? Math.max(0, 1 - (t - dur) / 0.3) : 1;
    out[i] = y * rel;
  }
  return out;
}

/** FM electric piano: a bell-like attack that mellows into a sine. */
export function epiano(freq: number, dur: number, vel = 0.8) {
  const release = 0.35;
  const out = buffer(dur + release);
  let pc = 0;
  let pm = 0;
  let pt = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    pm += freq / SR;
    pc += freq / SR;
    pt += (freq * 14) / SR;
    const index = (0.3 + 1.6 * vel) * Math.exp(-t / 0.35);
    const tine = Math.sin(TAU * pt) * 0.12 * vel * Math.exp(-t / 0.05);
    const s = Math.sin(TAU * pc + index * Math.sin(TAU * pm)) + tine;
    const env = Math.exp(-t / 1.8) * (t < dur ? 1 : Math.max(0, 1 - (t - dur) / release)) * Math.min(1, t / 0.002);
    out[i] = s * env;
  }
  return out;
}

/** Additive piano-like tone: decaying, slightly inharmonic partials and a soft hammer. */
export function piano(freq: number, dur: number, vel = 0.8) {
  const release = 0.4;
  const out = buffer(dur + release);
  const B = 0.0003;
  // Each partial is a rotating phasor with its own exponential decay (no per-sample sin/exp).
  for (let k = 1; k <= 8; k++) {
    const f = freq * k * Math.sqrt(1 + B * k * k);
    if (f > SR / 2) break;
    const w = (TAU * f) / SR;
    const cw = Math.cos(w);
    const sw = Math.sin(w);
    const decay = Math.exp(-1 / ((2.2 / (1 + k * 0.45)) * SR));
    let re = 1;
    let im = 0;
    let amp = (vel ** (k * 0.3) / k ** 1.1) * 0.8;
    for (let i = 0; i < out.length; i++) {
      const nr = re * cw - im * sw;
      im = re * sw + im * cw;
      re = nr;
      (out[i] as number) += im * amp;
      amp *= decay;
    }
  }
  const attack = Math.round(0.003 * SR);
  const holdEnd = Math.round(dur * SR);
  for (let i = 0; i < out.length; i++) {
    let env = i < attack ? i / attack : 1;
    if (i > holdEnd) env *= Math.max(0, 1 - (i - holdEnd) / (release * SR));
    (out[i] as number) *= env;
  }
  return out;
}

/** FM bell / mallet. ratio 3.5 bell, 4 marimba-ish with a short index. */
export function bell(freq: number, dur: number, o: { ratio?: number; index?: number; decay?: number } = {}) {
  const { ratio = 3.5, index = 2.5, decay = 1.2 } = o;
  const out = buffer(dur + decay * 2);
  let pc = 0;
  let pm = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    pc += freq / SR;
    pm += (freq * ratio) / SR;
    const idx = index * Math.exp(-t / (decay * 0.4));
    out[i] = Math.sin(TAU * pc + idx * Math.sin(TAU * pm)) * Math.exp(-t / decay) * Math.min(1, t / 0.001);
  }
  return out;
}

export function marimba(freq: number, dur: number) {
  const out = buffer(Math.min(dur, 0.6) + 0.6);
  let p1 = 0;
  let p2 = 0;
  let p3 = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    p1 += freq / SR;
    p2 += (freq * 3.93) / SR;
    p3 += (freq * 9.2) / SR;
    out[i] =
      (Math.sin(TAU * p1) * Math.exp(-t / 0.35) +
        0.35 * Math.sin(TAU * p2) * Math.exp(-t / 0.06) +
        0.1 * Math.sin(TAU * p3) * Math.exp(-t / 0.02)) *
      Math.min(1, t / 0.001);
  }
  return out;
}

/** NES-style voices: pulse with 16 volume steps, or the 4-bit stepped triangle. */
export function chip(
  freq: number,
  dur: number,
  o: { wave?: "pulse12" | "pulse25" | "square" | "tri"; decay?: number },
) {
  const { wave = "square", decay = 0.5 } = o;
  const out = buffer(dur + 0.02);
  let p = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    p += freq / SR;
    if (p >= 1) p -= 1;
    let s: number;
    if (wave === "tri") s = Math.round((p < 0.5 ? 4 * p - 1 : 3 - 4 * p) * 7.5) / 7.5;
    else s = oscSample(wave, p, freq / SR);
    const env = t < dur ? Math.max(0.35, Math.exp(-t / decay)) : Math.max(0, 1 - (t - dur) / 0.02);
    out[i] = s * (Math.round(env * 15) / 15);
  }
  return out;
}

export function chipNoise(rng: Rng, o: { decay?: number; period?: number } = {}) {
  const { decay = 0.08, period = 2 } = o;
  const out = buffer(decay * 5);
  let v = 0;
  for (let i = 0; i < out.length; i++) {
    if (i % period === 0) v = rng() < 0.5 ? -1 : 1;
    out[i] = v * (Math.round(Math.exp(-(i / SR) / decay) * 15) / 15);
  }
  return out;
}

// ---------- effects (mutate interleaved-free stereo arrays) ----------

class Comb {
  private buf: Float32Array;
  private idx = 0;
  private store = 0;
  constructor(size: number) {
    this.buf = new Float32Array(size);
  }
  tick(x: number, feedback: number, damp: number): number {
    const y = this.buf[this.idx] as number;
    this.store = y * (1 - damp) + this.store * damp;
    this.buf[this.idx] = x + this.store * feedback;
    this.idx = (this.idx + 1) % this.buf.length;
    return y;
  }
}
class Allpass {
  private buf: Float32Array;
  private idx = 0;
  constructor(size: number) {
    this.buf = new Float32Array(size);
  }
  tick(x: number): number {
    const b = this.buf[this.idx] as number;
    const y = -x + b;
    this.buf[this.idx] = x + b * 0.5;
    this.idx = (this.idx + 1) % this.buf.length;
    return y;
  }
}

/** Freeverb: returns the wet signal only. */
export function reverb(
  l: Float32Array,
  r: Float32Array,
  o: { size?: number; damp?: number; predelay?: number; width?: number } = {},
): [Float32Array, Float32Array] {
  const { size = 0.84, damp = 0.3, predelay = 0.02, width = 1 } = o;
  const scale = SR / 44100;
  const combs = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
  const aps = [556, 441, 341, 225];
  const mk = (spread: number) => ({
    c: combs.map((d) => new Comb(Math.round((d + spread) * scale))),
    a: aps.map((d) => new Allpass(Math.round((d + spread) * scale))),
  });
  const L = mk(0);
  const R = mk(23);
  const pd = Math.max(1, Math.round(predelay * SR));
  const outL = new Float32Array(l.length);
  const outR = new Float32Array(r.length);
  const wet1 = width / 2 + 0.5;
  const wet2 = (1 - width) / 2;
  for (let i = 0; i < l.length; i++) {
    const j = i - pd;
    const input = j >= 0 ? ((l[j] as number) + (r[j] as number)) * 0.015 : 0;
    let sl = 0;
    let sr = 0;
    for (const c of L.c) sl += c.tick(input, size, damp);
    for (const c of R.c) sr += c.tick(input, size, damp);
    for (const a of L.a) sl = a.tick(sl);
    for (const a of R.a) sr = a.tick(sr);
    outL[i] = sl * wet1 + sr * wet2;
    outR[i] = sr * wet1 + sl * wet2;
  }
  return [outL, outR];
}

/** Ping-pong delay, wet only. */
export function pingPong(l: Float32Array, r: Float32Array, time: number, feedback: number, tone = 3000) {
  const d = Math.round(time * SR);
  const outL = new Float32Array(l.length);
  const outR = new Float32Array(r.length);
  const fl = new Svf();
  fl.set(tone);
  const fr = new Svf();
  fr.set(tone);
  for (let i = 0; i < l.length; i++) {
    const inL = i >= d ? (l[i - d] as number) + (r[i - d] as number) : 0;
    const fbL = i >= d ? (outR[i - d] as number) * feedback : 0;
    fl.tick(inL * 0.5 + fbL);
    outL[i] = fl.lp;
    const fbR = i >= d ? (outL[i - d] as number) * feedback : 0;
    fr.tick(fbR);
    outR[i] = fr.lp;
  }
  return [outL, outR] as const;
}

export function filterInPlace(x: Float32Array, cutoff: number, mode: "lp" | "hp", q = Math.SQRT1_2): void {
  const f = new Svf();
  f.set(cutoff, q);
  for (let i = 0; i < x.length; i++) {
    f.tick(x[i] as number);
    x[i] = mode === "lp" ? f.lp : f.hp;
  }
}
