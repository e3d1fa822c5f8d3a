/**
 * Close-miked foley for the ASMR clips, synthesised: every sound is a mono buffer that a clip places
 * on its own clock (see kit/soundtrack.ts). Crackles are noise bursts ringing through resonant
 * bandpasses, knocks are banks of decaying modes, wet sounds are wandering resonances and bubbles.
 */
import type { Rng } from "../kit/prng.ts";
import { loopProcessMono, whiteNoise } from "../kit/soundtrack.ts";
import { type Bus, SR, Svf } from "../music/dsp.ts";

const TAU = Math.PI * 2;

function buffer(seconds: number): Float32Array {
  return new Float32Array(Math.max(1, Math.ceil(seconds * SR)));
}

function mixInto(out: Float32Array, signal: Float32Array, at: number, gain = 1): void {
  const start = Math.round(at * SR);
  for (let i = 0; i < signal.length && start + i < out.length; i++) {
    if (start + i >= 0) (out[start + i] as number) += (signal[i] as number) * gain;
  }
}

/** Log-uniform in [lo, hi). */
function logRange(rng: Rng, lo: number, hi: number): number {
  return lo * (hi / lo) ** rng();
}

/** A gesture's envelope: `attack` seconds in, `release` seconds out, 1 between. */
function gate(t: number, length: number, attack: number, release: number): number {
  if (t < 0 || t > length) return 0;
  return Math.min(1, t / attack, (length - t) / release);
}

/** One crackle: a short noise burst ringing through a resonant bandpass, about unit peak. */
export function crackle(rng: Rng, freq: number, decayS: number, q = 2): Float32Array {
  const out = buffer(decayS * 7);
  const bp = new Svf();
  bp.set(freq, q);
  const gain = 1.6 * Math.sqrt(q);
  for (let i = 0; i < out.length; i++) {
    bp.tick((rng() * 2 - 1) * Math.exp(-i / SR / decayS));
    out[i] = bp.bp * gain;
  }
  return out;
}

export interface GrainOptions {
  /** Crackle centre frequencies, log-uniform in [lo, hi). */
  lo: number;
  hi: number;
  /** Crackle decay range in seconds. */
  decay: readonly [number, number];
  q?: number;
  /** Loudness over the gesture (x in 0..1). */
  level?: (x: number) => number;
  /** Skew of the loudness spread: higher gives more quiet crackles and a few loud ones. */
  skew?: number;
}

/** Crackles scattered over `length` seconds at `density(x)` per second (x: 0..1 through the gesture). */
export function grains(rng: Rng, length: number, density: (x: number) => number, o: GrainOptions): Float32Array {
  const out = buffer(length + o.decay[1] * 7);
  const step = 0.0005;
  for (let t = 0; t < length; t += step) {
    const x = t / length;
    let expected = density(x) * step;
    while (expected > 0) {
      if (rng() < Math.min(1, expected)) {
        const amp = rng() ** (o.skew ?? 2.5) * (o.level?.(x) ?? 1);
        const g = crackle(rng, logRange(rng, o.lo, o.hi), logRange(rng, o.decay[0], o.decay[1]), o.q ?? 2);
        mixInto(out, g, t + rng() * step, amp);
      }
      expected -= 1;
    }
  }
  return out;
}

export type Mode = readonly [freq: number, decayS: number, amp: number];

/** A struck object: a bank of exponentially decaying sine modes with a soft attack. */
export function modal(modes: readonly Mode[], attackS = 0.0004): Float32Array {
  const longest = Math.max(...modes.map((m) => m[1]));
  const out = buffer(longest * 7);
  for (const [freq, decayS, amp] of modes) {
    if (freq >= SR / 2) continue;
    const w = (TAU * freq) / SR;
    const cw = Math.cos(w);
    const sw = Math.sin(w);
    const fall = Math.exp(-1 / (decayS * SR));
    let re = 1;
    let im = 0;
    let a = amp;
    for (let i = 0; i < out.length; i++) {
      const nr = re * cw - im * sw;
      im = re * sw + im * cw;
      re = nr;
      (out[i] as number) += im * a;
      a *= fall;
    }
  }
  const attack = Math.max(1, Math.round(attackS * SR));
  for (let i = 0; i < attack && i < out.length; i++) (out[i] as number) *= i / attack;
  return out;
}

/** A filtered noise burst: exponential decay after a short attack. */
export function burst(
  rng: Rng,
  decayS: number,
  o: { freq: number; q?: number; mode?: "lp" | "bp" | "hp"; attackS?: number },
): Float32Array {
  const attack = o.attackS ?? 0.0005;
  const out = buffer(attack + decayS * 7);
  const f = new Svf();
  f.set(o.freq, o.q ?? 0.8);
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const env = t < attack ? t / attack : Math.exp(-(t - attack) / decayS);
    f.tick((rng() * 2 - 1) * env);
    out[i] = o.mode === "lp" ? f.lp : o.mode === "hp" ? f.hp : f.bp * 1.5;
  }
  return out;
}

/** A bubble: a sine whose pitch rises as it decays (a small cavity closing in liquid). */
export function bubble(freq: number, decayS: number, rise = 0.6): Float32Array {
  const out = buffer(decayS * 6);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    phase += (freq * (1 + (rise * t) / decayS)) / SR;
    out[i] = Math.sin(TAU * phase) * Math.exp(-t / decayS) * Math.min(1, t / 0.0008);
  }
  return out;
}

/**
 * Rounds off the rare spikes of a crackly sound: soft-clips it at `crestDb` above its RMS (taken over
 * the samples that sound), so it can be played loud without the limiter pumping after every crackle.
 */
export function tame(x: Float32Array, crestDb = 10): Float32Array {
  let sum = 0;
  let count = 0;
  for (const v of x) {
    if (Math.abs(v) > 1e-4) {
      sum += v * v;
      count++;
    }
  }
  if (count === 0) return x;
  const knee = Math.sqrt(sum / count) * 10 ** (crestDb / 20);
  for (let i = 0; i < x.length; i++) x[i] = knee * Math.tanh((x[i] as number) / knee);
  return x;
}

function softClip(x: Float32Array, drive: number): Float32Array {
  const norm = Math.tanh(drive);
  for (let i = 0; i < x.length; i++) x[i] = Math.tanh((x[i] as number) * drive) / norm;
  return x;
}

/**
 * Quiet room tone under the foley: a still kitchen's low rumble and the faint air of a close
 * microphone, different in each ear and seamless across the loop. `level` is about the RMS.
 */
export function roomTone(bus: Bus, rng: Rng, level = 0.007): void {
  for (const channel of [bus.l, bus.r]) {
    const x = whiteNoise(bus.length, rng);
    loopProcessMono(x, (d) => {
      const low = new Svf();
      low.set(420, 0.6);
      const rumble = new Svf();
      rumble.set(35, 0.7);
      const air = new Svf();
      air.set(6000, 0.7);
      for (let i = 0; i < d.length; i++) {
        const v = d[i] as number;
        low.tick(v);
        rumble.tick(low.lp);
        air.tick(v);
        d[i] = rumble.hp * 4.2 + air.hp * 0.22;
      }
    });
    for (let i = 0; i < channel.length; i++) (channel[i] as number) += (x[i] as number) * level;
  }
}

/** A knife landing on a wooden board: the board's knock, the blade's short ring, the edge's click. */
export function boardChop(rng: Rng, weight = 1): Float32Array {
  const low = 1 / Math.sqrt(weight);
  const wood = modal([
    [150 * low, 0.05, 1],
    [340 * low, 0.032, 0.6],
    [760, 0.018, 0.38],
    [1480, 0.01, 0.22],
    [2700, 0.006, 0.14],
  ]);
  const blade = modal([
    [3240, 0.045, 0.07],
    [5310, 0.03, 0.05],
    [8150, 0.016, 0.035],
  ]);
  const click = burst(rng, 0.0012, { freq: 3000, mode: "hp" });
  const out = buffer(Math.max(wood.length, blade.length) / SR);
  mixInto(out, wood, 0, 0.9 * weight);
  mixInto(out, blade, 0.0005, 1);
  mixInto(out, click, 0, 0.7);
  return softClip(out, 1.4);
}

export interface Produce {
  /** 0..1: how crisp the skin and flesh crackle. */
  crisp: number;
  /** 0..1: how wet the cut sounds. */
  juice: number;
  /** Relative size (1: an orange): bigger fruit sound lower. */
  size: number;
}

/** The skin giving way under the edge: a tight cluster of crackles. */
export function skinBreak(rng: Rng, p: Produce): Float32Array {
  const out = grains(rng, 0.018, () => 1400 + 1800 * p.crisp, {
    lo: 1800,
    hi: 6500,
    decay: [0.0003, 0.0014],
    level: (x) => 1 - x * 0.7,
    skew: 1.4,
  });
  mixInto(out, burst(rng, 0.006, { freq: 900 / p.size ** 0.3, q: 1.2 }), 0, 0.5);
  return tame(out, 9);
}

/** The blade passing through flesh: cell crackle, a wet flutter and the faint hiss of the steel. */
export function slice(rng: Rng, length: number, p: Produce): Float32Array {
  const out = grains(rng, length, (x) => (300 + 1100 * p.crisp) * (0.7 + 0.5 * x), {
    lo: 2200,
    hi: 7600,
    decay: [0.0002, 0.0009],
    level: (x) => 0.5 + 0.5 * x,
  });
  const wet = new Svf();
  wet.set(1150 / p.size ** 0.3, 1.3);
  const flutter = new Svf();
  flutter.set(35, 0.7);
  const hiss = new Svf();
  hiss.set(5200, 0.7);
  const n = Math.ceil(length * SR);
  for (let i = 0; i < n; i++) {
    const t = i / SR;
    const env = gate(t, length, 0.006, 0.003) * (0.75 + 0.25 * (t / length));
    flutter.tick(rng() * 2 - 1);
    const noise = rng() * 2 - 1;
    wet.tick(noise);
    hiss.tick(noise);
    const squish = wet.bp * Math.min(1.5, Math.abs(flutter.lp) * 9) * p.juice * 0.9;
    (out[i] as number) = (out[i] as number) * (0.4 + 0.6 * p.crisp) * env + (squish + hiss.hp * 0.05) * env;
  }
  return tame(out, 9);
}

/** A cut half falling onto its face: a soft low thump, a wet smack and a few droplets. */
export function flop(rng: Rng, p: Produce): Float32Array {
  const out = buffer(0.25);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    phase += ((70 + 90 * Math.exp(-t / 0.02)) / p.size ** 0.5 / SR) * 1;
    out[i] = Math.sin(TAU * phase) * Math.exp(-t / 0.045) * Math.min(1, t / 0.002) * 0.8;
  }
  mixInto(out, burst(rng, 0.016, { freq: 650, q: 0.9, attackS: 0.001 }), 0, 0.7 * (0.4 + p.juice));
  const drops = grains(rng, 0.05, () => 120 * p.juice, { lo: 1800, hi: 4500, decay: [0.001, 0.003], skew: 1.5 });
  mixInto(out, drops, 0.004, 0.35);
  return out;
}

export interface Surface {
  /** Centre of the rub's band. */
  tone: number;
  /** Crumbs and grit per second at full speed. */
  grit: number;
  gritLo: number;
  gritHi: number;
}

/** Something sliding: a band of friction noise and gritty crackles, both following `speed(x)` (0..1). */
export function friction(rng: Rng, length: number, speed: (x: number) => number, s: Surface): Float32Array {
  const out = grains(rng, length, (x) => s.grit * speed(x), {
    lo: s.gritLo,
    hi: s.gritHi,
    decay: [0.0003, 0.0012],
    level: (x) => 0.4 + 0.6 * speed(x),
  });
  const band = new Svf();
  band.set(s.tone, 1.1);
  const n = Math.ceil(length * SR);
  for (let i = 0; i < n; i++) {
    const x = i / n;
    band.tick(rng() * 2 - 1);
    (out[i] as number) = (out[i] as number) * 0.6 + band.bp * 0.5 * speed(x) * gate(i / SR, length, 0.01, 0.01);
  }
  return tame(out, 10);
}

/** A knife dragging across crisp toast: dense crumb crackle over a dry scrape, loudest when fastest. */
export function toastScrape(rng: Rng, length: number, speed: (x: number) => number, crispness: number): Float32Array {
  const out = grains(rng, length, (x) => 1600 * crispness * (0.3 + 0.7 * speed(x)), {
    lo: 1300,
    hi: 6800,
    decay: [0.0003, 0.0016],
    level: (x) => 0.5 + 0.5 * speed(x),
    skew: 2.2,
  });
  const scrape = new Svf();
  scrape.set(2600, 0.9);
  const n = Math.ceil(length * SR);
  for (let i = 0; i < n; i++) {
    const x = i / n;
    scrape.tick(rng() * 2 - 1);
    (out[i] as number) = ((out[i] as number) + scrape.bp * 0.35 * speed(x)) * gate(i / SR, length, 0.004, 0.01);
  }
  return tame(out, 9);
}

/** A spread being smeared: a soft wet layer with sticky tacks popping off the blade. */
export function smear(rng: Rng, length: number, speed: (x: number) => number, sticky: number, tone: number) {
  const out = buffer(length + 0.05);
  const body = new Svf();
  const wander = new Svf();
  wander.set(6, 0.7);
  const n = Math.ceil(length * SR);
  for (let i = 0; i < n; i++) {
    const x = i / n;
    wander.tick(rng() * 2 - 1);
    if ((i & 31) === 0) body.set(tone * (1 + wander.lp * 6), 2.2);
    body.tick(rng() * 2 - 1);
    out[i] = body.bp * 0.6 * speed(x) * gate(i / SR, length, 0.006, 0.012);
  }
  // Tacks: the spread letting go of the blade with a small wet click.
  const tacks = Math.round(length * 28 * sticky);
  for (let k = 0; k < tacks; k++) {
    const at = rng() * length;
    const amp = (0.25 + rng() * 0.75) * speed(at / length);
    mixInto(out, burst(rng, logRange(rng, 0.002, 0.006), { freq: logRange(rng, 500, 1600), q: 3 }), at, amp * 0.8);
    if (rng() < 0.5) mixInto(out, bubble(logRange(rng, 350, 900), 0.004, 0.8), at, amp * 0.3);
  }
  return tame(out, 10);
}

/** Thick paint pushed out of a tube: wandering wet resonances and bubbles, following `flow(x)` (0..1). */
export function squelch(rng: Rng, length: number, flow: (x: number) => number, tone: number): Float32Array {
  const out = buffer(length + 0.05);
  const a = new Svf();
  const b = new Svf();
  const wander = new Svf();
  wander.set(9, 0.7);
  const n = Math.ceil(length * SR);
  for (let i = 0; i < n; i++) {
    const x = i / n;
    wander.tick(rng() * 2 - 1);
    const w = Math.tanh(wander.lp * 14);
    if ((i & 15) === 0) {
      a.set(tone * (1 + 0.6 * w), 5);
      b.set(tone * 2.3 * (1 - 0.35 * w), 4);
    }
    const src = rng() * 2 - 1;
    a.tick(src);
    b.tick(src);
    out[i] = (a.bp + b.bp * 0.5) * 0.55 * flow(x) * gate(i / SR, length, 0.01, 0.02);
  }
  const bubbles = Math.round(length * 25);
  for (let k = 0; k < bubbles; k++) {
    const at = rng() * length;
    const amp = flow(at / length) * rng() ** 1.5;
    mixInto(out, bubble(logRange(rng, tone * 0.9, tone * 3.2), logRange(rng, 0.003, 0.012), 0.9), at, amp * 0.3);
  }
  return out;
}

/** A dollop of paint folding onto the canvas: a soft wet pat with a small smack on top. */
export function pat(rng: Rng, tone: number): Float32Array {
  const out = burst(rng, 0.012, { freq: tone * 1.4, q: 1.1, attackS: 0.0015 });
  mixInto(out, modal([[tone * 0.35, 0.025, 0.35]], 0.002), 0);
  mixInto(out, bubble(tone * 1.8, 0.008, 1.2), 0.003, 0.25);
  mixInto(out, burst(rng, 0.004, { freq: 2400, q: 1.4, attackS: 0.0008 }), 0, 0.7);
  return tame(out, 6);
}

/** The tube's nozzle leaving the ribbon: a small air pop. */
export function nozzlePop(rng: Rng): Float32Array {
  const out = buffer(0.08);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    phase += (180 + 520 * Math.exp(-t / 0.006)) / SR;
    out[i] = Math.sin(TAU * phase) * Math.exp(-t / 0.012) * Math.min(1, t / 0.0006) * 0.6;
  }
  mixInto(out, burst(rng, 0.01, { freq: 1400, q: 0.9 }), 0.001, 0.35);
  return out;
}

/** A slab of layered earth landing on its side: a dull thud, then crumbs settling. */
export function slabLand(rng: Rng): Float32Array {
  const out = modal(
    [
      [95, 0.06, 1],
      [210, 0.035, 0.5],
      [480, 0.016, 0.3],
    ],
    0.0015,
  );
  mixInto(out, burst(rng, 0.02, { freq: 500, mode: "lp", attackS: 0.001 }), 0, 0.8);
  const crumbs = grains(rng, 0.22, (x) => 500 * (1 - x) ** 2, {
    lo: 1200,
    hi: 5200,
    decay: [0.0004, 0.002],
    skew: 2,
  });
  const long = buffer(0.3);
  mixInto(long, out, 0);
  mixInto(long, crumbs, 0.01, 0.45);
  return softClip(long, 1.3);
}

/** What a material sounds like under a blade. */
export interface Texture {
  /** Crackle band and decay range. */
  lo: number;
  hi: number;
  decay: readonly [number, number];
  /** Crackles per second. */
  density: number;
  /** Loudness spread (higher: fewer loud crackles). */
  skew: number;
  /** A band of noise under the crackles: centre, Q, level. */
  bed: readonly [tone: number, q: number, level: number];
}

/** A blade working through a material for `length` seconds. */
export function cutThrough(rng: Rng, length: number, texture: Texture): Float32Array {
  const out = grains(rng, length, () => texture.density, {
    lo: texture.lo,
    hi: texture.hi,
    decay: texture.decay,
    skew: texture.skew,
  });
  const [tone, q, level] = texture.bed;
  const band = new Svf();
  band.set(tone, q);
  const n = Math.ceil(length * SR);
  for (let i = 0; i < out.length; i++) {
    band.tick(i < n ? rng() * 2 - 1 : 0);
    (out[i] as number) = ((out[i] as number) + band.bp * level) * gate(i / SR, length, 0.003, 0.003);
  }
  return tame(out, 9);
}

/** Crumbs trickling off a tipping slab, more and more as it falls. */
export function trickle(rng: Rng, length: number): Float32Array {
  const out = grains(rng, length, (x) => 40 + 420 * x * x, {
    lo: 1500,
    hi: 6000,
    decay: [0.0003, 0.0015],
    level: (x) => 0.3 + 0.7 * x,
    skew: 2,
  });
  return tame(out, 10);
}
