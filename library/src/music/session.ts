/** A loop being written: tempo grid, buses per role, note placement with a render cache, drum patterns. */
import type { Rng } from "../kit/prng.ts";
import { Bus, mtof, SR } from "./dsp.ts";
import { type Chord, type Key, voice } from "./theory.ts";

/** Samples per AAC frame. */
export const AAC_FRAME = 1024;

export type Instrument = (freq: number, durS: number, velocity: number) => Float32Array;

export class Session {
  readonly length: number;
  readonly stepS: number;
  readonly drums: Bus;
  readonly bass: Bus;
  readonly chords: Bus;
  readonly lead: Bus;
  readonly texture: Bus;
  /** Times (s) of kick hits, for sidechain ducking. */
  readonly kicks: number[] = [];
  private readonly cache = new Map<string, Float32Array>();

  readonly bpm: number;
  readonly bars: number;
  readonly key: Key;
  readonly rng: Rng;
  readonly swing: number;

  constructor(bpm: number, bars: number, key: Key, rng: Rng, swing = 0) {
    this.bpm = bpm;
    this.bars = bars;
    this.key = key;
    this.rng = rng;
    this.swing = swing;
    // A whole number of AAC frames (1024 samples): the encoder then pads nothing at the end, so the
    // decoded loop has exactly this length. The tempo moves by well under 0.1 % to fit.
    this.length = Math.ceil((bars * 16 * (60 / bpm / 4) * SR) / AAC_FRAME) * AAC_FRAME;
    this.stepS = this.length / SR / (bars * 16);
    this.drums = new Bus(this.length);
    this.bass = new Bus(this.length);
    this.chords = new Bus(this.length);
    this.lead = new Bus(this.length);
    this.texture = new Bus(this.length);
  }

  get steps(): number {
    return this.bars * 16;
  }

  /** Seconds of a (global) 16th step, with swing on the off 16ths. */
  time(step: number): number {
    const swung = Math.floor(step) % 2 === 1 ? this.swing * this.stepS : 0;
    return step * this.stepS + swung;
  }

  /** Renders (or reuses) a note and mixes it in. */
  play(
    bus: Bus,
    name: string,
    instrument: Instrument,
    midi: number,
    step: number,
    lengthSteps: number,
    gain: number,
    pan = 0,
    velocity = 0.8,
  ): void {
    const durS = lengthSteps * this.stepS;
    const id = `${name}:${midi.toFixed(2)}:${Math.round(durS * 1000)}:${Math.round(velocity * 8)}`;
    let signal = this.cache.get(id);
    if (!signal) {
      signal = instrument(mtof(midi), durS, velocity);
      this.cache.set(id, signal);
    }
    bus.add(signal, this.time(step), gain, pan);
  }

  /** Mixes a one-shot sample at a step. */
  hit(bus: Bus, sample: Float32Array, step: number, gain: number, pan = 0, nudgeS = 0): void {
    bus.add(sample, this.time(step) + nudgeS, gain, pan);
  }

  /**
   * Plays a drum pattern: one string of 16 steps per bar ('X' 1.0, 'x' 0.75, 'o' 0.5, '.' 0.28,
   * '-' rest), a list cycles by bar; `bars` filters which bars play.
   */
  pattern(
    bus: Bus,
    sample: Float32Array | ((step: number) => Float32Array),
    patterns: string | readonly string[],
    gain: number,
    o: { pan?: number; bars?: (bar: number) => boolean; isKick?: boolean; humanise?: number } = {},
  ): void {
    const list = typeof patterns === "string" ? [patterns] : patterns;
    for (let bar = 0; bar < this.bars; bar++) {
      if (o.bars && !o.bars(bar)) continue;
      const p = list[bar % list.length] ?? "";
      for (let s = 0; s < p.length; s++) {
        const level = { X: 1, x: 0.75, o: 0.5, ".": 0.28 }[p[s] as "X"];
        if (!level) continue;
        const step = bar * 16 + (s * 16) / p.length;
        const h = o.humanise ?? 0.06;
        const v = level * (1 - h + h * this.rng());
        const smp = typeof sample === "function" ? sample(step) : sample;
        this.hit(bus, smp, step, gain * v, o.pan ?? 0);
        if (o.isKick) this.kicks.push(this.time(step));
      }
    }
  }

  /** Plays a chord (voiced near `center`) with optional strum in seconds between notes. */
  chord(
    bus: Bus,
    name: string,
    instrument: Instrument,
    notes: readonly number[],
    step: number,
    lengthSteps: number,
    gain: number,
    o: { strum?: number; spread?: number; velocity?: number } = {},
  ): void {
    const strum = o.strum ?? 0;
    const spread = o.spread ?? 0.5;
    notes.forEach((midi, i) => {
      const pan = notes.length > 1 ? (i / (notes.length - 1) - 0.5) * spread : 0;
      const durS = lengthSteps * this.stepS;
      const id = `${name}:${midi}:${Math.round(durS * 1000)}:${Math.round((o.velocity ?? 0.8) * 8)}`;
      let signal = this.cache.get(id);
      if (!signal) {
        signal = instrument(mtof(midi), durS, o.velocity ?? 0.8);
        this.cache.set(id, signal);
      }
      bus.add(signal, this.time(step) + i * strum, gain / Math.sqrt(notes.length), pan);
    });
  }

  /** Voicings for a progression (one chord per `barsPerChord` bars), voice-led near `center`. */
  voicings(progression: readonly Chord[], center: number): number[][] {
    let previous: number[] | undefined;
    return progression.map((c) => {
      previous = voice(this.key, c, center, previous);
      return previous;
    });
  }

  /** The chord sounding in a bar. */
  chordAt(progression: readonly Chord[], bar: number, barsPerChord = 1): Chord {
    return progression[Math.floor(bar / barsPerChord) % progression.length]!;
  }
}
