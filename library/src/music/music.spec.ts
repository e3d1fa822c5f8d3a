import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MUSIC_TRACKS } from "../catalogue.ts";
import { SR } from "./dsp.ts";
import { integratedLoudness } from "./loudness.ts";
import { barsFor, renderTrack, TARGET_LUFS } from "./render.ts";

const track = (key: string) => {
  const index = MUSIC_TRACKS.findIndex((m) => m.key === key);
  const entry = MUSIC_TRACKS[index]!;
  const variant = MUSIC_TRACKS.filter((m, i) => m.genre === entry.genre && i < index).length;
  return { entry, render: () => renderTrack(entry, index, variant, "quick") };
};

/** Tempo from onsets: spectral-flux-like energy rises in 10 ms hops, autocorrelated over 60-200 BPM. */
function estimateBpm(x: Float32Array): number {
  const hop = SR / 100;
  const energy: number[] = [];
  for (let i = 0; i + hop <= x.length; i += hop) {
    let e = 0;
    for (let k = i; k < i + hop; k++) e += x[k]! * x[k]!;
    energy.push(Math.log(1e-9 + e));
  }
  const flux = energy.map((e, i) => Math.max(0, e - (energy[i - 1] ?? e)));
  let best = 0;
  let bestLag = 0;
  for (let lag = 30; lag <= 100; lag++) {
    let s = 0;
    for (let i = 0; i + lag < flux.length; i++) s += flux[i]! * flux[i + lag]!;
    s /= flux.length - lag;
    if (s > best) {
      best = s;
      bestLag = lag;
    }
  }
  return 6000 / bestLag;
}

describe("the loudness meter", () => {
  it("reads a stereo 1 kHz sine at amplitude 0.1 as -20 LUFS (0 dBFS mono reads -3 LUFS)", () => {
    const n = SR * 3;
    const s = new Float32Array(n).map((_, i) => 0.1 * Math.sin((2 * Math.PI * 1000 * i) / SR));
    expect(integratedLoudness(s, s)).toBeCloseTo(-20, 1);
    expect(
      integratedLoudness(
        s.map((v) => v * 10),
        new Float32Array(n),
      ),
    ).toBeCloseTo(-3.01, 1);
  });
});

describe("synthesised music", () => {
  it("is normalised to -14 LUFS with headroom", () => {
    for (const key of ["lofi-rainy-window", "trap-hype", "ambient-floating"]) {
      const t = track(key).render();
      expect(Math.abs(t.loudness - TARGET_LUFS)).toBeLessThan(0.5);
      let peak = 0;
      for (const v of t.left) peak = Math.max(peak, Math.abs(v));
      expect(20 * Math.log10(peak)).toBeLessThanOrEqual(-1.9);
    }
  });

  it("lasts whole bars and at least 30 s in the full build", () => {
    for (const m of MUSIC_TRACKS) {
      const bars = barsFor(m.bpm, "full");
      expect(bars % 4).toBe(0);
      expect((bars * 4 * 60) / m.bpm).toBeGreaterThanOrEqual(30);
    }
  });

  it("loops without a click: the wrap is no bigger than the steps around it or anywhere else", () => {
    for (const key of ["house-deep-groove", "cinematic-dark-trailer", "ambient-floating", "lofi-rainy-window"]) {
      const t = track(key).render();
      for (const ch of [t.left, t.right]) {
        const n = ch.length;
        const steps: number[] = [];
        for (let i = 1; i < n; i++) steps.push(Math.abs(ch[i]! - ch[i - 1]!));
        // Steps within 4 ms either side of the seam: a drum hit on the downbeat is music, not a click.
        let around = 0;
        for (let i = 1; i < 192; i++) around = Math.max(around, steps[i - 1]!, steps[n - 1 - i]!);
        steps.sort((a, b) => a - b);
        const p999 = steps[Math.floor(steps.length * 0.999)]!;
        expect(Math.abs(ch[0]! - ch[n - 1]!), key).toBeLessThanOrEqual(Math.max(around, p999));
      }
    }
  });

  it("keeps its tempo: onsets repeat at the beat (or a multiple of it)", () => {
    for (const key of ["house-deep-groove", "pop-sunny-day", "synthwave-night-chase"]) {
      const { entry, render } = track(key);
      const t = render();
      const mono = t.left.map((v, i) => v + t.right[i]!);
      const bpm = estimateBpm(mono);
      const ratio = bpm / entry.bpm;
      const nearest = [0.5, 1, 2].reduce((a, b) => (Math.abs(ratio - a) < Math.abs(ratio - b) ? a : b));
      expect(Math.abs(ratio - nearest) / nearest).toBeLessThan(0.04);
    }
  });

  it("is deterministic: the same track renders to the same samples", () => {
    const hash = () => {
      const t = track("phonk-drift").render();
      return createHash("sha256").update(Buffer.from(t.left.buffer)).update(Buffer.from(t.right.buffer)).digest("hex");
    };
    expect(hash()).toBe(hash());
  });

  it("sounds like more than a test tone: wide spectrum and changing dynamics", () => {
    const t = track("pop-sunny-day").render();
    // Zero-crossing rate spread across 50 ms windows (drums vs tonal parts) and a non-trivial crest.
    const win = SR / 20;
    const zcr: number[] = [];
    for (let i = 0; i + win < t.left.length; i += win) {
      let z = 0;
      for (let k = i + 1; k < i + win; k++) if (Math.sign(t.left[k]!) !== Math.sign(t.left[k - 1]!)) z++;
      zcr.push(z);
    }
    expect(Math.max(...zcr) / Math.max(1, Math.min(...zcr))).toBeGreaterThan(1.5);
  });
});
