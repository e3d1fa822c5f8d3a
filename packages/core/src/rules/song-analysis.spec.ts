import { describe, expect, it } from "vitest";
import {
  ANALYSIS_RATE,
  analyseSong,
  clampClipStart,
  mostEnergeticStart,
  songClipLength,
  toAnalysisRate,
} from "./song-analysis.ts";

/** A kick-like thump (decaying low sine with a click) every beat, over quiet noise. */
function clickTrack(
  bpm: number,
  seconds: number,
  { offset = 0, gain = () => 1 } = {} as {
    offset?: number;
    gain?: (t: number) => number;
  },
): Float32Array {
  const out = new Float32Array(Math.round(seconds * ANALYSIS_RATE));
  let seed = 7;
  const noise = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647 - 0.5;
  };
  for (let i = 0; i < out.length; i++) out[i] = noise() * 0.01;
  const period = 60 / bpm;
  for (let t = offset; t < seconds; t += period) {
    const start = Math.round(t * ANALYSIS_RATE);
    for (let k = 0; k < 0.15 * ANALYSIS_RATE && start + k < out.length; k++) {
      const s = k / ANALYSIS_RATE;
      out[start + k] =
        (out[start + k] ?? 0) + gain(t) * Math.exp(-s * 30) * (Math.sin(2 * Math.PI * 90 * s) + 0.3 * noise());
    }
  }
  return out;
}

describe("song analysis", () => {
  it("finds the tempo and puts the beats on the hits", () => {
    const song = analyseSong(clickTrack(120, 20, { offset: 0.3 }));
    expect(song.bpm).toBeGreaterThan(117);
    expect(song.bpm).toBeLessThan(123);
    expect(song.duration).toBeCloseTo(20, 1);
    // Every beat within 40 ms of a real hit (0.3 + k * 0.5).
    for (const b of song.beats) {
      const k = Math.round((b - 0.3) / 0.5);
      expect(Math.abs(b - (0.3 + k * 0.5))).toBeLessThan(0.04);
    }
    expect(song.beats.length).toBeGreaterThanOrEqual(38);
    // Onsets land on the hits too.
    expect(song.onsets.length).toBeGreaterThanOrEqual(35);
    for (const o of song.onsets) {
      const k = Math.round((o - 0.3) / 0.5);
      expect(Math.abs(o - (0.3 + k * 0.5))).toBeLessThan(0.05);
    }
  });

  it("reads other tempos", () => {
    expect(analyseSong(clickTrack(90, 20)).bpm).toBeCloseTo(90, -1);
    expect(analyseSong(clickTrack(150, 20)).bpm).toBeCloseTo(150, -1);
  });

  it("finds no onsets in a steady tone, in steady noise or in silence", () => {
    const tone = new Float32Array(10 * ANALYSIS_RATE).map((_, i) => Math.sin(i * 0.42) * 0.3);
    let seed = 11;
    const noise = new Float32Array(10 * ANALYSIS_RATE).map(() => {
      seed = (seed * 16807) % 2147483647;
      return (seed / 2147483647 - 0.5) * 0.2;
    });
    for (const samples of [tone, noise, new Float32Array(10 * ANALYSIS_RATE)]) {
      expect(analyseSong(samples).onsets.length).toBeLessThan(3);
    }
  });

  it("draws a waveform of the requested resolution within 0..1", () => {
    const song = analyseSong(clickTrack(120, 8), { peaks: 100 });
    expect(song.peaks).toHaveLength(100);
    expect(Math.max(...song.peaks)).toBeLessThanOrEqual(1);
    expect(Math.max(...song.peaks)).toBeGreaterThan(0.5);
  });

  it("places the window on the loudest section, starting on a beat", () => {
    // Quiet verse for 30 s, a loud chorus from 30 to 50 s, quiet again to 60 s.
    const song = analyseSong(clickTrack(120, 60, { gain: (t) => (t >= 30 && t < 50 ? 1 : 0.15) }));
    const start = mostEnergeticStart(song, 15);
    expect(start).toBeGreaterThanOrEqual(29.4);
    expect(start).toBeLessThanOrEqual(35.1);
    expect(song.beats.some((b) => Math.abs(b - start) < 0.02)).toBe(true);
  });

  it("keeps the window inside the song and within 10-30 s", () => {
    expect(songClipLength(100, 45)).toBe(30);
    expect(songClipLength(100, 3)).toBe(10);
    expect(songClipLength(8, 15)).toBe(8);
    expect(clampClipStart(95, 15, 100)).toBe(85);
    expect(clampClipStart(-2, 15, 100)).toBe(0);
    const short = analyseSong(clickTrack(120, 8));
    expect(mostEnergeticStart(short, 15)).toBe(0);
  });

  it("mixes channels and brings them to the analysis rate", () => {
    const left = new Float32Array(48000).fill(0.5);
    const right = new Float32Array(48000).fill(-0.5);
    const mono = toAnalysisRate([left, right], 48000);
    expect(mono.length).toBe(Math.floor(48000 / (48000 / ANALYSIS_RATE)));
    expect(Math.max(...mono.map(Math.abs))).toBeLessThan(1e-6);
  });
});
