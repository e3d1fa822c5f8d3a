/** ITU-R BS.1770 integrated loudness at 48 kHz and a loop-aware peak limiter. */
import { SR } from "./dsp.ts";

function biquad(x: Float32Array, b: readonly number[], a: readonly number[]): Float32Array {
  const [b0, b1, b2] = b as [number, number, number];
  const [, a1, a2] = a as [number, number, number];
  const y = new Float32Array(x.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i] as number;
    const yi = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = xi;
    y2 = y1;
    y1 = yi;
    y[i] = yi;
  }
  return y;
}

function kWeight(x: Float32Array): Float32Array {
  const shelf = biquad(
    x,
    [1.53512485958697, -2.69169618940638, 1.19839281085285],
    [1, -1.69065929318241, 0.73248077421585],
  );
  return biquad(shelf, [1, -2, 1], [1, -1.99004745483398, 0.99007225036621]);
}

/** Integrated loudness in LUFS of a stereo signal at 48 kHz (gated, 400 ms blocks, 75 % overlap). */
export function integratedLoudness(l: Float32Array, r: Float32Array): number {
  const kl = kWeight(l);
  const kr = kWeight(r);
  const block = Math.round(0.4 * SR);
  const hop = Math.round(0.1 * SR);
  const powers: number[] = [];
  for (let start = 0; start + block <= kl.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + block; i++) sum += (kl[i] as number) ** 2 + (kr[i] as number) ** 2;
    powers.push(sum / block);
  }
  if (powers.length === 0) return Number.NEGATIVE_INFINITY;
  const lufs = (p: number) => -0.691 + 10 * Math.log10(p);
  const absGated = powers.filter((p) => lufs(p) > -70);
  if (absGated.length === 0) return Number.NEGATIVE_INFINITY;
  const relThreshold = lufs(absGated.reduce((a, b) => a + b, 0) / absGated.length) - 10;
  const gated = absGated.filter((p) => lufs(p) > relThreshold);
  return lufs(gated.reduce((a, b) => a + b, 0) / gated.length);
}

/**
 * Peak limiter with lookahead over a loop: the gain curve is computed on the loop played twice and
 * the second pass kept, so the gain is continuous across the seam. Ceiling is a linear sample peak.
 */
export function limitLoop(l: Float32Array, r: Float32Array, ceiling: number): void {
  const n = l.length;
  const look = Math.round(0.002 * SR);
  const release = Math.exp(-1 / (0.12 * SR));
  const total = n * 2;
  const need = new Float32Array(total);
  for (let i = 0; i < total; i++) {
    const j = i % n;
    const peak = Math.max(Math.abs(l[j] as number), Math.abs(r[j] as number));
    need[i] = peak > ceiling ? ceiling / peak : 1;
  }
  // Minimum of the required gain over the lookahead window ahead of each sample.
  const ahead = new Float32Array(total).fill(1);
  for (let i = 0; i < total; i++) {
    const v = need[i] as number;
    if (v >= 1) continue;
    for (let k = 0; k <= look; k++) {
      const j = (i - k + total) % total;
      if (v < (ahead[j] as number)) ahead[j] = v;
    }
  }
  let g = 1;
  const gains = new Float32Array(n);
  for (let i = 0; i < total; i++) {
    const target = ahead[i] as number;
    g = target < g ? target : target + (g - target) * release;
    if (i >= n) gains[i - n] = g;
  }
  for (let i = 0; i < n; i++) {
    (l[i] as number) *= gains[i] as number;
    (r[i] as number) *= gains[i] as number;
    // Anything still above the ceiling (between lookahead samples) is clipped softly.
    const cl = l[i] as number;
    const cr = r[i] as number;
    if (Math.abs(cl) > ceiling) l[i] = Math.sign(cl) * ceiling;
    if (Math.abs(cr) > ceiling) r[i] = Math.sign(cr) * ceiling;
  }
}

/** Brings a loop to `target` LUFS with sample peaks under `ceilingDb` dBFS (gain, limit, re-measure). */
export function normaliseLoop(l: Float32Array, r: Float32Array, target = -14, ceilingDb = -2): number {
  const ceiling = 10 ** (ceilingDb / 20);
  let measured = integratedLoudness(l, r);
  for (let pass = 0; pass < 4 && Math.abs(measured - target) > 0.15; pass++) {
    const gain = 10 ** ((target - measured) / 20);
    for (let i = 0; i < l.length; i++) {
      (l[i] as number) *= gain;
      (r[i] as number) *= gain;
    }
    limitLoop(l, r, ceiling);
    measured = integratedLoudness(l, r);
  }
  return measured;
}
