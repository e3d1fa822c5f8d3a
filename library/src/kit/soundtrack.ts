/**
 * Soundtracks of drawn clips: a stereo loop exactly as long as the clip (frames / fps), built on the
 * same clock as the picture, mastered to -14 LUFS with peaks under -1 dBTP after AAC encoding.
 *
 * A clip with timed sounds keeps its schedule in one pure function of the loop phase: the scene draws
 * from it and the soundtrack places its cues from it, so picture and sound cannot drift apart.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { aacArgs } from "@reelsmith/media";
import { Bus, SR, Svf } from "../music/dsp.ts";
import { integratedLoudness } from "../music/loudness.ts";
import { clamp, mod } from "./draw.ts";
import { run } from "./ffmpeg.ts";
import type { Rng } from "./prng.ts";
import { frameCount, type VideoSpec } from "./spec.ts";

export const CLIP_LUFS = -14;
/**
 * True-peak ceiling (peaks between samples included): sharp foley overshoots its sample peaks by
 * several dB, and the AAC encoder adds a little more; this keeps the encoded file under -1 dBTP.
 */
export const CLIP_CEILING_DB = -2;
/** Where the soundtrack is band-limited before limiting: under the AAC encoder's lowpass at 128 kb/s. */
const AAC_BAND_HZ = 15000;

/** Length of one loop of a clip in seconds (its frame count over its frame rate): the length of its sound. */
export function loopSeconds(spec: VideoSpec): number {
  return frameCount(spec) / spec.fps;
}

/** A silent stereo loop exactly as long as the clip. */
export function loopBus(spec: VideoSpec): Bus {
  return new Bus(Math.round(loopSeconds(spec) * SR));
}

/** A span of a cycle, as fractions of the cycle: [start, end). */
export type Span = readonly [start: number, end: number];

/** Progress 0..1 through a span of a cycle (0 before it, 1 after it). */
export function progress(t: number, [start, end]: Span): number {
  return clamp((t - start) / (end - start));
}

/** The cycle a loop phase falls in when the loop holds `count` equal cycles, and the time 0..1 inside it. */
export function cycleAt(phase: number, count: number): { index: number; t: number } {
  const position = mod(phase, 1) * count;
  const index = Math.min(count - 1, Math.floor(position));
  return { index, t: position - index };
}

/** A sound on the clip's clock: a hit (length 0) or a sustained gesture. */
export interface Cue<Kind extends string = string> {
  kind: Kind;
  /** Seconds from the start of the loop. */
  at: number;
  /** Seconds it lasts; 0 for a hit. */
  length: number;
  /** Which cycle of the loop it belongs to. */
  cycle: number;
  /** Which item of the cycle (a layer, a stroke, a piston), when there are several. */
  item: number;
}

/** Seconds of a cycle-relative time: cycle `index` of `count` in a loop of `loopS` seconds. */
export function cycleTime(loopS: number, count: number, index: number, t: number): number {
  return mod(((index + t) / count) * loopS, loopS);
}

/** Interleaved stereo float PCM for the encoder, after bringing the loop to CLIP_LUFS under the true-peak ceiling. */
export function masterLoop(bus: Bus, ceilingDb = CLIP_CEILING_DB): Float32Array {
  const { l, r } = bus;
  const ceiling = 10 ** (ceilingDb / 20);
  // The AAC encoder drops the top octave; removing it first, before the limiter, keeps the peaks the
  // limiter sets from growing when the encoder band-limits sharp transients.
  bus.loopProcess((dl, dr) => {
    for (const ch of [dl, dr]) {
      const a = new Svf();
      a.set(AAC_BAND_HZ, 0.54);
      const b = new Svf();
      b.set(AAC_BAND_HZ, 1.31);
      for (let i = 0; i < ch.length; i++) {
        a.tick(ch[i] as number);
        b.tick(a.lp);
        ch[i] = b.lp;
      }
    }
  });
  let loudness = integratedLoudness(l, r);
  for (let pass = 0; pass < 6 && Math.abs(loudness - CLIP_LUFS) > 0.1; pass++) {
    const gain = 10 ** ((CLIP_LUFS - loudness) / 20);
    for (let i = 0; i < l.length; i++) {
      (l[i] as number) *= gain;
      (r[i] as number) *= gain;
    }
    limitTruePeakLoop(l, r, ceiling);
    loudness = integratedLoudness(l, r);
  }
  const out = new Float32Array(bus.length * 2);
  for (let i = 0; i < bus.length; i++) {
    out[2 * i] = l[i] as number;
    out[2 * i + 1] = r[i] as number;
  }
  return out;
}

const INTERPOLATION_TAPS = 8;
/** Windowed-sinc kernels for the points 1/4, 2/4 and 3/4 of the way from one sample to the next. */
const FRACTION_KERNELS = [0.25, 0.5, 0.75].map((frac) =>
  Array.from({ length: 2 * INTERPOLATION_TAPS }, (_, j) => {
    const x = j - INTERPOLATION_TAPS + 1 - frac;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    return sinc * (0.5 + 0.5 * Math.cos((Math.PI * x) / INTERPOLATION_TAPS));
  }),
);

/** The peak of a loop at each sample: the sample itself or the waveform between it and the next (4x oversampled). */
export function truePeaks(l: Float32Array, r: Float32Array): Float32Array {
  const n = l.length;
  const out = new Float32Array(n);
  for (const ch of [l, r]) {
    for (let i = 0; i < n; i++) {
      let peak = Math.abs(ch[i] as number);
      for (const kernel of FRACTION_KERNELS) {
        let v = 0;
        for (let j = 0; j < kernel.length; j++) {
          let k = i + j - INTERPOLATION_TAPS + 1;
          if (k < 0) k += n;
          else if (k >= n) k -= n;
          v += (ch[k] as number) * (kernel[j] as number);
        }
        peak = Math.max(peak, Math.abs(v));
      }
      if (peak > (out[i] as number)) out[i] = peak;
    }
  }
  return out;
}

/**
 * A lookahead limiter on true peaks, over a loop: the gain needed at each sample (the minimum over
 * the next 2 ms) is smoothed by a 2 ms moving average, so it ramps down ahead of every peak and
 * reaches the peak's gain on it; it recovers with a 60 ms release. Computed on the loop played twice
 * (the second pass kept), so the gain is continuous across the seam.
 */
export function limitTruePeakLoop(l: Float32Array, r: Float32Array, ceiling: number): void {
  const n = l.length;
  const look = Math.round(0.002 * SR);
  const release = Math.exp(-1 / (0.06 * SR));
  const peaks = truePeaks(l, r);
  const at = (i: number) => mod(i, n);
  // Required gain, its minimum over [i, i + look], then the mean of that over [i - look, i].
  const need = new Float32Array(n);
  for (let i = 0; i < n; i++) need[i] = Math.min(1, ceiling / Math.max(1e-9, peaks[i] as number));
  // Sliding minimum (a deque of candidate indices, oldest first), walking backwards round the loop.
  const ahead = new Float32Array(n);
  const queue = new Int32Array(n + look + 1);
  let head = 0;
  let tail = 0;
  for (let j = n + look - 1; j >= 0; j--) {
    const v = need[at(j)] as number;
    while (tail > head && (need[at(queue[tail - 1] as number)] as number) >= v) tail--;
    queue[tail++] = j;
    while ((queue[head] as number) > j + look) head++;
    if (j < n) ahead[j] = need[at(queue[head] as number)] as number;
  }
  const smooth = new Float32Array(n);
  let sum = 0;
  for (let k = 0; k <= look; k++) sum += ahead[at(-k)] as number;
  for (let i = 0; i < n; i++) {
    if (i > 0) sum += (ahead[i] as number) - (ahead[at(i - look - 1)] as number);
    smooth[i] = sum / (look + 1);
  }
  let g = 1;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < n; i++) {
      const target = smooth[i] as number;
      g = target < g ? target : target + (g - target) * release;
      if (pass === 1) {
        (l[i] as number) *= g;
        (r[i] as number) *= g;
      }
    }
  }
}

/** White noise in [-1, 1). */
export function whiteNoise(length: number, rng: Rng): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = rng() * 2 - 1;
  return out;
}

/**
 * Runs a stateful process (filters, envelopes that follow the signal) over a loop played twice and
 * keeps the second pass, so its state at the seam is what it would be in an endless loop. The process
 * gets the doubled buffer; its time-varying settings should depend on `i % (length / 2)`.
 */
export function loopProcessMono(x: Float32Array, process: (doubled: Float32Array) => void): void {
  const n = x.length;
  const doubled = new Float32Array(n * 2);
  doubled.set(x);
  doubled.set(x, n);
  process(doubled);
  x.set(doubled.subarray(n));
}

/** A frequency moved to the nearest whole number of cycles per loop, so a held tone meets itself at the seam. */
export function loopFrequency(freq: number, loopS: number): number {
  return Math.max(1, Math.round(freq * loopS)) / loopS;
}

/** Equal-power stereo gains for a pan in [-1, 1]. */
export function panGains(pan: number): [number, number] {
  const angle = ((clamp(pan, -1, 1) + 1) * Math.PI) / 4;
  return [Math.cos(angle) * Math.SQRT2, Math.sin(angle) * Math.SQRT2];
}

/** The first x in [0, 1] where a rising curve f reaches `target` (a move's landing, say), to 1e-6. */
export function firstReach(f: (x: number) => number, target: number): number {
  const steps = 1000;
  let lo = 0;
  for (let k = 1; k <= steps; k++) {
    const x = k / steps;
    if (f(x) >= target) {
      let hi = x;
      for (let i = 0; i < 30; i++) {
        const mid = (lo + hi) / 2;
        if (f(mid) >= target) hi = mid;
        else lo = mid;
      }
      return hi;
    }
    lo = x;
  }
  return 1;
}

/** Mixes a mono sound into a loop with a pan that moves along it (`pan(x)`, x 0..1 through the sound). */
export function addMoving(bus: Bus, signal: Float32Array, atS: number, gain: number, pan: (x: number) => number): void {
  const n = bus.length;
  let idx = mod(Math.round(atS * SR), n);
  let gains = panGains(pan(0));
  for (let i = 0; i < signal.length; i++) {
    if ((i & 63) === 0) gains = panGains(pan(i / signal.length));
    const s = (signal[i] as number) * gain;
    (bus.l[idx] as number) += s * gains[0];
    (bus.r[idx] as number) += s * gains[1];
    idx++;
    if (idx === n) idx = 0;
  }
}

/** Raw soundtrack samples as ffmpeg reads and writes them: interleaved stereo 32-bit floats at SR. */
export const PCM_ARGS = ["-f", "f32le", "-ar", String(SR), "-ac", "2"];
/** The AAC encoding every clip's soundtrack gets in its MP4 (kit/video.ts). */
export const AAC_ARGS = [...aacArgs("128k"), "-flags:a", "+bitexact"];
/** Where the encoded soundtrack's true peaks must stay: under -1 dBTP, with room for meters that read higher. */
export const ENCODED_PEAK_DB = -1.3;

/** The soundtrack as a player will hear it: encoded with AAC_ARGS and decoded again, sample-aligned. */
async function throughAac(pcm: Float32Array, work: string): Promise<Float32Array> {
  const input = `${work}.in.f32`;
  const encoded = `${work}.m4a`;
  const decoded = `${work}.out.f32`;
  try {
    await writeFile(input, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    const quiet = ["-hide_banner", "-loglevel", "error", "-y"];
    await run("ffmpeg", [...quiet, ...PCM_ARGS, "-i", input, ...AAC_ARGS, encoded]);
    await run("ffmpeg", [...quiet, "-i", encoded, ...PCM_ARGS, decoded]);
    const bytes = await readFile(decoded);
    const out = new Float32Array(pcm.length);
    out.set(new Float32Array(bytes.buffer, bytes.byteOffset, Math.min(pcm.length, bytes.byteLength / 4)));
    return out;
  } finally {
    await Promise.all([input, encoded, decoded].map((f) => rm(f, { force: true })));
  }
}

/**
 * Keeps a soundtrack's true peaks under ENCODED_PEAK_DB after AAC encoding. The encoder's noise can lift
 * a sharp transient 2-3 dB over the PCM's peak (a hit on the very first sample more), so: encode, decode,
 * and wherever a decoded peak is over, lower the PCM around it by the excess, ramping over an AAC frame
 * either side; repeat until it fits. Interleaved stereo in and out; unchanged when it already fits.
 */
export async function fitEncodedPeaks(pcm: Float32Array, work: string): Promise<Float32Array> {
  const limit = 10 ** (ENCODED_PEAK_DB / 20);
  const n = pcm.length / 2;
  const span = 1024;
  let current = pcm;
  for (let pass = 0; pass < 4; pass++) {
    const heard = await throughAac(current, work);
    const l = new Float32Array(n);
    const r = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      l[i] = heard[2 * i] as number;
      r[i] = heard[2 * i + 1] as number;
    }
    const peaks = truePeaks(l, r);
    let over = false;
    const need = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const p = peaks[i] as number;
      over ||= p > limit;
      need[i] = p > limit ? (limit / p) * 0.98 : 1;
    }
    if (!over) return current;
    // The least gain needed within an AAC frame either side, averaged over a frame either side.
    const low = new Float32Array(n).fill(1);
    for (let i = 0; i < n; i++) {
      const v = need[i] as number;
      if (v >= 1) continue;
      for (let k = -span; k <= span; k++) {
        const j = mod(i + k, n);
        if (v < (low[j] as number)) low[j] = v;
      }
    }
    const next = new Float32Array(current);
    let sum = 0;
    const g = (i: number) => low[mod(i, n)] as number;
    for (let k = -span; k <= span; k++) sum += g(k);
    for (let i = 0; i < n; i++) {
      if (i > 0) sum += g(i + span) - g(i - span - 1);
      const gain = sum / (2 * span + 1);
      (next[2 * i] as number) *= gain;
      (next[2 * i + 1] as number) *= gain;
    }
    current = next;
  }
  return current;
}

/**
 * A seamless loop of interleaved stereo PCM started at another point of the loop (0..1): the samples from there to
 * the end, then those from the start. Turns the sound with the picture of a clip that opens at `openAt`.
 */
export function rotateLoop(pcm: Float32Array, openAt: number): Float32Array {
  const frames = pcm.length / 2;
  const shift = Math.round((((openAt % 1) + 1) % 1) * frames) * 2;
  if (shift === 0) return pcm;
  const out = new Float32Array(pcm.length);
  out.set(pcm.subarray(shift), 0);
  out.set(pcm.subarray(0, shift), pcm.length - shift);
  return out;
}
