/**
 * What a music video needs to know about a song, computed from its samples alone (pure, so the
 * builder in the browser and the engine on the server read the same song the same way): a waveform
 * to draw, how loud each moment is, where notes and hits start (onsets), the tempo and the beats.
 */

import { SONG_CLIP_DEFAULT_S, SONG_CLIP_MAX_S, SONG_CLIP_MIN_S } from "../catalogue/constants.ts";

/** The rate the analysis works at: enough for beats and loudness, cheap for a whole song. */
export const ANALYSIS_RATE = 11025;
/** Spacing of the loudness and onset envelopes (s). */
const FRAME = 512;
const HOP = 256;
export const ENVELOPE_STEP_S = HOP / ANALYSIS_RATE;

export interface SongAnalysis {
  /** Length in seconds. */
  duration: number;
  /** Peak level (0-1) in `peaks.length` equal slices of the song, for drawing its waveform. */
  peaks: number[];
  /** Root-mean-square level per ENVELOPE_STEP_S. */
  energy: number[];
  /** Times (s) where a note or hit starts. */
  onsets: number[];
  /** Tempo in beats per minute (70-180), 0 when the song has no steady pulse. */
  bpm: number;
  /** Times (s) of the beats over the whole song, on the tempo's grid aligned to the onsets. */
  beats: number[];
}

/** Mixes interleaved or planar channels to one channel and brings it to ANALYSIS_RATE. */
export function toAnalysisRate(channels: readonly Float32Array[], sampleRate: number): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  const ratio = sampleRate / ANALYSIS_RATE;
  const length = Math.floor(first.length / ratio);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    // Average the source samples this output sample covers (a box filter before decimation).
    const from = Math.floor(i * ratio);
    const to = Math.max(from + 1, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (const channel of channels) for (let k = from; k < to && k < channel.length; k++) sum += channel[k] ?? 0;
    out[i] = sum / ((to - from) * channels.length);
  }
  return out;
}

/** In-place radix-2 FFT of `re`/`im` (length a power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] as number, re[i] as number];
      [im[i], im[j]] = [im[j] as number, im[i] as number];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = start + k;
        const b = a + size / 2;
        const xr = (re[b] as number) * wr - (im[b] as number) * wi;
        const xi = (re[b] as number) * wi + (im[b] as number) * wr;
        re[b] = (re[a] as number) - xr;
        im[b] = (im[a] as number) - xi;
        re[a] = (re[a] as number) + xr;
        im[a] = (im[a] as number) + xi;
      }
    }
  }
}

/** Spectrum bins below about 200 Hz: the kick drum and bass, which carry the beat in most songs. */
const LOW_BINS = Math.round(200 / (ANALYSIS_RATE / FRAME));

/** Per frame: RMS level and spectral flux (the rise of log-magnitudes: where something new sounds). */
function envelopes(samples: Float32Array): { energy: number[]; flux: number[]; lowFlux: number[] } {
  const frames = Math.max(0, Math.floor((samples.length - FRAME) / HOP) + 1);
  const window = Float64Array.from({ length: FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME));
  const energy: number[] = [];
  const flux: number[] = [];
  const lowFlux: number[] = [];
  let previous = new Float64Array(FRAME / 2);
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  for (let f = 0; f < frames; f++) {
    let power = 0;
    for (let i = 0; i < FRAME; i++) {
      const s = samples[f * HOP + i] ?? 0;
      power += s * s;
      re[i] = s * (window[i] as number);
      im[i] = 0;
    }
    energy.push(Math.sqrt(power / FRAME));
    fft(re, im);
    const magnitude = new Float64Array(FRAME / 2);
    let rise = 0;
    let lowRise = 0;
    for (let k = 1; k < FRAME / 2; k++) {
      magnitude[k] = Math.log1p(100 * Math.hypot(re[k] as number, im[k] as number));
      const up = Math.max(0, (magnitude[k] as number) - (previous[k] as number));
      rise += up;
      if (k <= LOW_BINS) lowRise += up;
    }
    flux.push(f === 0 ? 0 : rise);
    lowFlux.push(f === 0 ? 0 : lowRise);
    previous = magnitude;
  }
  return { energy, flux, lowFlux };
}

/** The least rise of log-magnitudes, summed over the spectrum, that counts as a new sound. */
const MIN_FLUX = 1;

/** Peaks of the flux above a moving threshold, at least 0.1 s apart. */
function pickOnsets(flux: readonly number[]): number[] {
  const span = Math.round(0.25 / ENVELOPE_STEP_S);
  const gap = Math.round(0.1 / ENVELOPE_STEP_S);
  const sorted = [...flux].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.5)] ?? 0;
  const onsets: number[] = [];
  let last = -Infinity;
  for (let i = 1; i < flux.length - 1; i++) {
    const v = flux[i] as number;
    if (v < (flux[i - 1] as number) || v < (flux[i + 1] as number)) continue;
    let local = 0;
    let count = 0;
    for (let k = Math.max(0, i - span); k <= Math.min(flux.length - 1, i + span); k++) {
      local += flux[k] as number;
      count++;
    }
    // Relative to the neighbourhood and the song's own floor, and an absolute minimum rise so the
    // tiny fluctuations of a steady tone or of silence are no onsets.
    if (v > (local / count) * 1.4 && v > floor * 2 && v > MIN_FLUX && i - last >= gap) {
      onsets.push(i * ENVELOPE_STEP_S);
      last = i;
    }
  }
  return onsets;
}

/** Tempo from the flux's autocorrelation (70-180 BPM, leaning to 90-140), and the beat grid's phase. */
function beatGrid(flux: readonly number[], duration: number): { bpm: number; beats: number[] } {
  const mean = flux.reduce((a, b) => a + b, 0) / Math.max(1, flux.length);
  const centred = flux.map((v) => Math.max(0, v - mean));
  const acf = (lag: number) => {
    let sum = 0;
    for (let i = lag; i < centred.length; i++) sum += (centred[i] as number) * (centred[i - lag] as number);
    return sum / Math.max(1, centred.length - lag);
  };
  const minLag = Math.round(60 / 180 / ENVELOPE_STEP_S);
  const maxLag = Math.round(60 / 70 / ENVELOPE_STEP_S);
  let bestLag = 0;
  let bestScore = 0;
  let zeroLag = 0;
  for (const v of centred) zeroLag += v * v;
  zeroLag *= 1.75;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const bpm = 60 / (lag * ENVELOPE_STEP_S);
    // A gentle preference for the tempos most songs are felt at.
    const weight = Math.exp(-0.5 * (Math.log2(bpm / 118) / 0.9) ** 2);
    // The true beat repeats at two and four beats too; a lag between beats (off-beat hats) does not.
    const score = (acf(lag) + 0.5 * acf(2 * lag) + 0.25 * acf(4 * lag)) * weight;
    if (score > bestScore) {
      bestScore = score;
      bestLag = lag;
    }
  }
  // No steady pulse: the best lag explains little of the signal.
  if (bestLag === 0 || zeroLag === 0 || bestScore / (zeroLag / centred.length) < 0.05) return { bpm: 0, beats: [] };
  // The lag is a whole number of frames; refine the period to 0.5 ms so the grid does not drift
  // over a long song, and find the phase that puts the grid on the hits.
  const gridScore = (period: number, phase: number) => {
    let score = 0;
    for (let t = phase; t < duration; t += period) {
      const i = Math.round(t / ENVELOPE_STEP_S);
      score += Math.max(centred[i - 1] ?? 0, centred[i] ?? 0, centred[i + 1] ?? 0);
    }
    return score;
  };
  let period = bestLag * ENVELOPE_STEP_S;
  let bestPhase = 0;
  let bestGrid = -1;
  for (let p = (bestLag - 1) * ENVELOPE_STEP_S; p <= (bestLag + 1) * ENVELOPE_STEP_S; p += 0.0005) {
    for (let s = 0; s < 32; s++) {
      const phase = (s / 32) * p;
      const score = gridScore(p, phase);
      if (score > bestGrid) {
        bestGrid = score;
        period = p;
        bestPhase = phase;
      }
    }
  }
  const beats: number[] = [];
  for (let t = bestPhase; t < duration; t += period) beats.push(Math.round(t * 1000) / 1000);
  return { bpm: Math.round((60 / period) * 10) / 10, beats };
}

/** Analyses mono samples at ANALYSIS_RATE (see toAnalysisRate). */
export function analyseSong(samples: Float32Array, { peaks = 400 }: { peaks?: number } = {}): SongAnalysis {
  const duration = samples.length / ANALYSIS_RATE;
  const slice = Math.max(1, Math.floor(samples.length / peaks));
  const peakList: number[] = [];
  for (let p = 0; p < peaks && p * slice < samples.length; p++) {
    let peak = 0;
    for (let i = p * slice; i < Math.min(samples.length, (p + 1) * slice); i++) {
      peak = Math.max(peak, Math.abs(samples[i] as number));
    }
    peakList.push(Math.min(1, Math.round(peak * 1000) / 1000));
  }
  const { energy, flux, lowFlux } = envelopes(samples);
  // The beat is read from the low end when it has one (kick, bass), else from the whole spectrum.
  const lowTotal = lowFlux.reduce((a, b) => a + b, 0);
  const total = flux.reduce((a, b) => a + b, 0);
  const beatFlux = lowTotal > total * 0.04 ? lowFlux.map((v, i) => 2 * v + (flux[i] as number) * 0.25) : flux;
  const { bpm, beats } = beatGrid(beatFlux, duration);
  return { duration, peaks: peakList, energy, onsets: pickOnsets(flux), bpm, beats };
}

/** The length of song a music video uses: the chosen length, no longer than the song. */
export function songClipLength(songDuration: number, wanted: number = SONG_CLIP_DEFAULT_S): number {
  const length = Math.min(SONG_CLIP_MAX_S, Math.max(SONG_CLIP_MIN_S, wanted));
  return Math.min(length, songDuration);
}

/** Keeps a window of `length` inside the song. */
export function clampClipStart(start: number, length: number, songDuration: number): number {
  return Math.max(0, Math.min(start, songDuration - length));
}

/**
 * Where a window of `length` seconds is loudest on average: the song's most energetic section (its
 * chorus or drop, usually). The start is moved back to the beat just before it, so the video opens
 * on a beat.
 */
export function mostEnergeticStart(analysis: SongAnalysis, length: number): number {
  const { energy, duration, beats } = analysis;
  if (length >= duration || energy.length === 0) return 0;
  const span = Math.max(1, Math.round(length / ENVELOPE_STEP_S));
  const stride = Math.max(1, Math.round(0.25 / ENVELOPE_STEP_S));
  let sum = 0;
  for (let i = 0; i < Math.min(span, energy.length); i++) sum += (energy[i] as number) ** 2;
  let best = sum;
  let bestStart = 0;
  for (let start = 1; start + span <= energy.length; start++) {
    sum += (energy[start + span - 1] as number) ** 2 - (energy[start - 1] as number) ** 2;
    if (start % stride === 0 && sum > best * 1.0001) {
      best = sum;
      bestStart = start;
    }
  }
  let start = bestStart * ENVELOPE_STEP_S;
  const beatBefore = [...beats].reverse().find((b) => b <= start + 0.05);
  if (beatBefore !== undefined && start - beatBefore < 1) start = beatBefore;
  return Math.round(clampClipStart(start, length, duration) * 100) / 100;
}
