/** Turns a catalogue track into a mastered, loudness-normalised, seamlessly looping stereo buffer. */
import type { MusicEntry } from "../catalogue.ts";
import { createRng } from "../kit/prng.ts";
import type { BuildModeName } from "../kit/video.ts";
import { Bus, filterInPlace, pingPong, reverb, SR } from "./dsp.ts";
import { COMPOSERS, type Mix } from "./genres.ts";
import { normaliseLoop } from "./loudness.ts";
import { Session } from "./session.ts";
import type { ScaleName } from "./theory.ts";

export const TARGET_LUFS = -14;
/** Sample-peak ceiling; leaves room for the AAC encoder's overshoot under -1 dBTP. */
export const PEAK_CEILING_DB = -2;
export const MIN_FULL_SECONDS = 30;
export const MIN_QUICK_SECONDS = 2;

const GENRE_SCALE: Record<string, [ScaleName, ScaleName]> = {
  lofi: ["major", "major"],
  chillhop: ["major", "major"],
  pop: ["major", "major"],
  trap: ["minor", "harmonicMinor"],
  drill: ["harmonicMinor", "harmonicMinor"],
  phonk: ["phrygian", "phrygian"],
  house: ["dorian", "major"],
  synthwave: ["minor", "minor"],
  ambient: ["major", "major"],
  cinematic: ["major", "phrygian"],
  acoustic: ["major", "major"],
  chiptune: ["major", "harmonicMinor"],
  suspense: ["phrygian", "harmonicMinor"],
  comedic: ["major", "major"],
  corporate: ["major", "major"],
  epic: ["minor", "harmonicMinor"],
  "drum-and-bass": ["minor", "minor"],
};
const ROOTS = [0, 2, 3, 5, 7, 8, 9, 10, 1, 4, 6, 11];

export interface TrackPlan {
  bars: number;
  variant: number;
  root: number;
  scale: ScaleName;
  swing: number;
}

/** Whole bars: the smallest multiple of 4 bars (2 in quick mode) lasting at least the minimum. */
export function barsFor(bpm: number, mode: BuildModeName): number {
  const bar = (4 * 60) / bpm;
  const min = mode === "quick" ? MIN_QUICK_SECONDS : MIN_FULL_SECONDS;
  const unit = mode === "quick" ? 1 : 4;
  return Math.ceil(min / bar / unit) * unit;
}

export function planTrack(entry: MusicEntry, index: number, variant: number, mode: BuildModeName): TrackPlan {
  const scales = GENRE_SCALE[entry.genre] ?? ["minor", "minor"];
  const swing = entry.genre === "lofi" ? 0.28 : entry.genre === "chillhop" ? 0.22 : entry.genre === "house" ? 0.08 : 0;
  return {
    bars: barsFor(entry.bpm, mode),
    variant,
    root: 45 + (ROOTS[index % ROOTS.length] as number),
    scale: scales[variant % 2] as ScaleName,
    swing,
  };
}

export interface RenderedTrack {
  left: Float32Array;
  right: Float32Array;
  durationS: number;
  bars: number;
  loudness: number;
  plan: TrackPlan;
}

function sidechainGains(length: number, kicks: readonly number[], depth: number, bpm: number): Float32Array {
  const gains = new Float32Array(length).fill(1);
  if (!depth || kicks.length === 0) return gains;
  const release = (60 / bpm) * 0.45;
  const sorted = [...kicks].map((t) => Math.round(t * SR) % length).sort((a, b) => a - b);
  for (let i = 0; i < length; i++) {
    // Distance back to the latest kick (wrapping around the loop).
    let lo = 0;
    let hi = sorted.length - 1;
    let idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as number) <= i) {
        idx = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const last = idx >= 0 ? (sorted[idx] as number) : (sorted[sorted.length - 1] as number) - length;
    const dt = (i - last) / SR;
    const attack = Math.min(1, dt / 0.004);
    gains[i] = 1 - depth * attack * Math.exp(-dt / release);
  }
  return gains;
}

function mixDown(s: Session, mix: Mix, bpm: number): Bus {
  const n = s.length;
  const master = new Bus(n);
  const send = new Bus(n);
  const duck = sidechainGains(n, s.kicks, mix.sidechain, bpm);
  const roles = ["drums", "bass", "chords", "lead", "texture"] as const;
  // Width: the right channel of chords (11 ms) and lead (7 ms) runs a little late (Haas effect). The loop is
  // periodic, so the delay wraps around it.
  const haas = (bus: Bus, ms: number) => {
    const d = Math.round((ms / 1000) * SR);
    const r = Float32Array.from(bus.r);
    for (let i = 0; i < n; i++) bus.r[i] = r[(i - d + n) % n] as number;
  };
  haas(s.chords, 11);
  haas(s.lead, 7);
  for (const role of roles) {
    const bus = s[role];
    const g = mix.gains[role];
    const ducked = role === "bass" || role === "chords" || role === "lead";
    for (let i = 0; i < n; i++) {
      const d = ducked ? (duck[i] as number) : 1;
      const l = (bus.l[i] as number) * g * d;
      const r = (bus.r[i] as number) * g * d;
      (master.l[i] as number) += l;
      (master.r[i] as number) += r;
      (send.l[i] as number) += l * mix.reverb[role];
      (send.r[i] as number) += r * mix.reverb[role];
    }
  }
  send.loopProcess((l, r) => {
    const [wl, wr] = reverb(l, r, { size: mix.reverbSize, damp: 0.35 });
    l.set(wl);
    r.set(wr);
  });
  master.mix(send, 1);
  if (mix.delay) {
    const { steps, feedback, send: amount } = mix.delay;
    const lead = new Bus(n);
    lead.mix(s.lead, mix.gains.lead * amount);
    lead.loopProcess((l, r) => {
      const [dl, dr] = pingPong(l, r, steps * s.stepS, feedback);
      l.set(dl);
      r.set(dr);
    });
    master.mix(lead, 1);
  }
  master.loopProcess((l, r) => {
    filterInPlace(l, 28, "hp");
    filterInPlace(r, 28, "hp");
    if (mix.air) {
      // A gentle high shelf: add back a high-passed copy for presence and air.
      for (const ch of [l, r]) {
        const hi = Float32Array.from(ch);
        filterInPlace(hi, 3500, "hp");
        for (let i = 0; i < ch.length; i++) (ch[i] as number) += (hi[i] as number) * mix.air;
      }
    }
    if (mix.masterLowpass) {
      filterInPlace(l, mix.masterLowpass, "lp");
      filterInPlace(r, mix.masterLowpass, "lp");
    }
  });
  if (mix.drive) {
    const k = 1 + mix.drive * 3;
    let peak = 1e-9;
    for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(master.l[i] as number), Math.abs(master.r[i] as number));
    for (let i = 0; i < n; i++) {
      master.l[i] = Math.tanh(((master.l[i] as number) / peak) * k) / Math.tanh(k);
      master.r[i] = Math.tanh(((master.r[i] as number) / peak) * k) / Math.tanh(k);
    }
  }
  return master;
}

export function renderTrack(entry: MusicEntry, index: number, variant: number, mode: BuildModeName): RenderedTrack {
  const plan = planTrack(entry, index, variant, mode);
  const rng = createRng(`music:${entry.key}`);
  const session = new Session(entry.bpm, plan.bars, { root: plan.root, scale: plan.scale }, rng, plan.swing);
  const composer = COMPOSERS[entry.genre];
  if (!composer) throw new Error(`no composer for genre ${entry.genre}`);
  const mix = composer(session, rng, variant);
  const master = mixDown(session, mix, entry.bpm);
  const loudness = normaliseLoop(master.l, master.r, TARGET_LUFS, PEAK_CEILING_DB);
  return { left: master.l, right: master.r, durationS: session.length / SR, bars: plan.bars, loudness, plan };
}

/** Interleaves two channels as 32-bit float PCM. */
export function interleave(left: Float32Array, right: Float32Array): Float32Array {
  const out = new Float32Array(left.length * 2);
  for (let i = 0; i < left.length; i++) {
    out[2 * i] = left[i] as number;
    out[2 * i + 1] = right[i] as number;
  }
  return out;
}
