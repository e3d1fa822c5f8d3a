/**
 * Objective measures of a voice, for tests, benchmarks and reports (no listening needed): median pitch, spectral
 * centroid and speaking rate.
 */
import type { WordTiming } from "./types.ts";

export interface VoiceMeasures {
  /** Median fundamental frequency of voiced frames, Hz. */
  pitch: number;
  /** Median spectral centroid of non-silent frames, Hz (brightness; higher for smaller vocal tracts). */
  centroid: number;
}

/** Median F0 by the YIN method (de Cheveigné & Kawahara 2002) over 40 ms frames every 10 ms. */
export function medianPitch(
  samples: Float32Array,
  sampleRate: number,
  range: { min?: number; max?: number } = {},
): number {
  return median(pitchTrack(samples, sampleRate, range));
}

/**
 * How far the voice's pitch moves: semitones between the 10th and 90th percentiles of its voiced frames' F0. A flat,
 * read-out delivery stays within about 3; lively speech spans 5 or more.
 */
export function pitchRange(samples: Float32Array, sampleRate: number): number {
  const track = pitchTrack(samples, sampleRate).sort((a, b) => a - b);
  if (track.length < 10) return Number.NaN;
  const at = (q: number) => track[Math.min(track.length - 1, Math.floor(q * track.length))] ?? Number.NaN;
  return 12 * Math.log2(at(0.9) / at(0.1));
}

/** F0 of every voiced 40 ms frame (every 10 ms) by the YIN method, Hz. */
export function pitchTrack(samples: Float32Array, sampleRate: number, { min = 60, max = 450 } = {}): number[] {
  const frame = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.01);
  const maxLag = Math.floor(sampleRate / min);
  const minLag = Math.floor(sampleRate / max);
  const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const diff = new Float64Array(maxLag + 1);
  const found: number[] = [];
  for (let at = 0; at + frame + maxLag < samples.length; at += hop) {
    let energy = 0;
    for (let i = 0; i < frame; i += 1) energy += (samples[at + i] ?? 0) ** 2;
    if (Math.sqrt(energy / frame) < 0.02 * peak) continue;
    for (let lag = 1; lag <= maxLag; lag += 1) {
      let sum = 0;
      for (let i = 0; i < frame; i += 1) {
        const d = (samples[at + i] ?? 0) - (samples[at + i + lag] ?? 0);
        sum += d * d;
      }
      diff[lag] = sum;
    }
    let running = 0;
    let chosen = 0;
    for (let lag = 1; lag <= maxLag; lag += 1) {
      running += diff[lag] ?? 0;
      const normalised = running > 0 ? ((diff[lag] ?? 0) * lag) / running : 1;
      if (lag >= minLag && normalised < 0.15) {
        chosen = lag;
        // Walk down to the local minimum.
        let best = normalised;
        for (let next = lag + 1; next <= maxLag; next += 1) {
          running += diff[next] ?? 0;
          const value = running > 0 ? ((diff[next] ?? 0) * next) / running : 1;
          if (value >= best) break;
          best = value;
          chosen = next;
        }
        break;
      }
    }
    if (chosen > 0) found.push(sampleRate / chosen);
  }
  return found;
}

/** Median spectral centroid over 64 ms frames (DFT magnitude), skipping near-silent frames. */
export function medianCentroid(samples: Float32Array, sampleRate: number): number {
  const size = 1024;
  const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const window = Float64Array.from({ length: size }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1)));
  const values: number[] = [];
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let at = 0; at + size <= samples.length; at += size / 2) {
    let energy = 0;
    for (let i = 0; i < size; i += 1) {
      const v = (samples[at + i] ?? 0) * (window[i] ?? 0);
      re[i] = v;
      im[i] = 0;
      energy += v * v;
    }
    if (Math.sqrt(energy / size) < 0.02 * peak) continue;
    fft(re, im);
    let weighted = 0;
    let total = 0;
    for (let k = 1; k < size / 2; k += 1) {
      const magnitude = Math.hypot(re[k] ?? 0, im[k] ?? 0);
      weighted += magnitude * ((k * sampleRate) / size);
      total += magnitude;
    }
    if (total > 0) values.push(weighted / total);
  }
  return median(values);
}

/** Words per minute while speaking: words over the time from the first word's start to the last word's end. */
export function speakingRate(words: readonly WordTiming[]): number {
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last || last.end <= first.start) return 0;
  return (words.length / (last.end - first.start)) * 60;
}

export interface Silence {
  start: number;
  end: number;
}

/**
 * Pauses in speech: runs of 10 ms frames quieter than a threshold set from the recording itself (10 dB over its
 * noise floor, the 5th-percentile frame, and at most 30 dB under its speech, the 90th; kept within -50..-30 dBFS),
 * lasting at least `minDuration` seconds.
 * Adapting to the floor matters: some voices (flite awb) carry a faint hiss in their pauses.
 */
export function findPauses(samples: Float32Array, sampleRate: number, { minDuration = 0.06 } = {}): Silence[] {
  const frame = Math.max(1, Math.round(sampleRate * 0.01));
  const levels = frameLevels(samples, sampleRate);
  const sorted = [...levels].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.05)] ?? -90;
  const speech = sorted[Math.floor(sorted.length * 0.9)] ?? -20;
  const threshold = Math.min(-30, Math.max(-50, floor + 10, speech - 30));
  const pauses: Silence[] = [];
  let start = -1;
  const seconds = frame / sampleRate;
  for (let i = 0; i <= levels.length; i += 1) {
    const quiet = i < levels.length && (levels[i] ?? 0) < threshold;
    if (quiet && start < 0) start = i;
    if (!quiet && start >= 0) {
      if ((i - start) * seconds >= minDuration) pauses.push({ start: start * seconds, end: i * seconds });
      start = -1;
    }
  }
  return pauses;
}

/** Level in dB of every 10 ms frame. */
export function frameLevels(samples: Float32Array, sampleRate: number): number[] {
  const frame = Math.max(1, Math.round(sampleRate * 0.01));
  const levels: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let energy = 0;
    for (let i = 0; i < frame; i += 1) energy += (samples[at + i] ?? 0) ** 2;
    levels.push(10 * Math.log10(energy / frame + 1e-12));
  }
  return levels;
}

export function measureVoice(samples: Float32Array, sampleRate: number): VoiceMeasures {
  return { pitch: medianPitch(samples, sampleRate), centroid: medianCentroid(samples, sampleRate) };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** In-place radix-2 FFT; the length must be a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] ?? 0, re[i] ?? 0];
      [im[i], im[j]] = [im[j] ?? 0, im[i] ?? 0];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k += 1) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = i + k;
        const b = a + len / 2;
        const xr = (re[b] ?? 0) * wr - (im[b] ?? 0) * wi;
        const xi = (re[b] ?? 0) * wi + (im[b] ?? 0) * wr;
        re[b] = (re[a] ?? 0) - xr;
        im[b] = (im[a] ?? 0) - xi;
        re[a] = (re[a] ?? 0) + xr;
        im[a] = (im[a] ?? 0) + xi;
      }
    }
  }
}

/** Lower-case words of a text, punctuation dropped (apostrophes inside words kept). */
export function plainWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .split(" ")
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter(Boolean);
}

/**
 * Word error rate of a recogniser's hypothesis against the reference text: (substitutions + deletions + insertions)
 * / reference words, by the edit distance between the two word sequences.
 */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = plainWords(reference);
  const hyp = plainWords(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1);
    }
    previous = current;
  }
  return (previous[hyp.length] ?? 0) / ref.length;
}

/**
 * How far each word that starts after a pause begins from where the sound starts, in seconds: each pause's end is a
 * sound onset found in the audio independently of any word timing, and the word whose start is nearest it is
 * compared with it. Pauses inside a word (a glottal stop) and at either end of the audio are skipped.
 */
export function onsetOffsets(
  words: readonly { start: number; end: number }[],
  samples: Float32Array,
  sampleRate: number,
): number[] {
  const duration = samples.length / sampleRate;
  const offsets: number[] = [];
  if (words.length === 0) return offsets;
  for (const pause of findPauses(samples, sampleRate, { minDuration: 0.1 })) {
    if (pause.start < 0.05 || pause.end > duration - 0.05) continue;
    if (words.some((w) => w.start < pause.start - 0.03 && w.end > pause.end + 0.03)) continue;
    const nearest = words.reduce((best, w) =>
      Math.abs(w.start - pause.end) < Math.abs(best.start - pause.end) ? w : best,
    );
    offsets.push(Math.abs(nearest.start - pause.end));
  }
  return offsets;
}
