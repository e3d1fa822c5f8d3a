/** Short synthesised meme sound effects (stereo float PCM at 48 kHz, exactly the clip's length). */
import type { Rng } from "../kit/prng.ts";
import { bell, hat, impact, kick, SR, Svf, synth } from "../music/dsp.ts";

export type SfxName =
  | "beat"
  | "laugh"
  | "bruh"
  | "ding"
  | "boom"
  | "cash"
  | "dun"
  | "sparkle"
  | "honk"
  | "whoosh"
  | "pop"
  | "fail";

/** A vowel-like voice: a glottal saw through three formant bandpasses. */
function voice(pitch: (t: number) => number, dur: number, formants: [number, number, number], rng: Rng): Float32Array {
  const out = new Float32Array(Math.ceil(dur * SR));
  const filters = formants.map((f) => {
    const s = new Svf();
    s.set(f, 8);
    return s;
  });
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    phase = (phase + pitch(t) / SR) % 1;
    const src = 2 * phase - 1 + (rng() - 0.5) * 0.1;
    let y = 0;
    filters.forEach((f, k) => {
      f.tick(src);
      y += f.bp * [1, 0.6, 0.25][k]!;
    });
    const env = Math.min(1, t / 0.02) * Math.min(1, (dur - t) / 0.06);
    out[i] = y * env;
  }
  return out;
}

function noiseSweep(dur: number, from: number, to: number, rng: Rng): Float32Array {
  const out = new Float32Array(Math.ceil(dur * SR));
  const f = new Svf();
  for (let i = 0; i < out.length; i++) {
    const t = i / out.length;
    if ((i & 31) === 0) f.set(from * (to / from) ** t, 2);
    f.tick(rng() * 2 - 1);
    out[i] = f.bp * Math.sin(Math.PI * t) * 2;
  }
  return out;
}

export function sfx(name: SfxName, durationS: number, rng: Rng): Float32Array {
  const n = Math.round(durationS * SR);
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  const add = (sig: Float32Array, at: number, gain = 1, pan = 0) => {
    const start = Math.round(at * SR);
    for (let i = 0; i < sig.length && start + i < n; i++) {
      l[start + i] = (l[start + i] as number) + (sig[i] as number) * gain * (1 - pan);
      r[start + i] = (r[start + i] as number) + (sig[i] as number) * gain * (1 + pan);
    }
  };
  switch (name) {
    case "beat": {
      const k = kick(rng, {});
      const h = hat(rng, {});
      for (let t = 0; t < durationS; t += 0.25) {
        add(k, t, 0.9);
        add(h, t + 0.125, 0.3, 0.3);
      }
      break;
    }
    case "laugh":
      for (let i = 0; i < 5; i++) {
        add(
          voice((t) => 260 - i * 12 - t * 200, 0.16, [800, 1250, 2600], rng),
          0.15 + i * 0.2,
          0.5,
          (i % 2) * 0.2 - 0.1,
        );
      }
      break;
    case "bruh":
      add(
        voice((t) => 120 - t * 40, 0.55, [350, 900, 2400], rng),
        0.3,
        0.9,
      );
      break;
    case "ding":
      add(bell(1568, 1, { ratio: 3.5, index: 1.5, decay: 0.8 }), 0.1, 0.6);
      add(bell(2093, 1, { ratio: 3.5, index: 1.2, decay: 0.8 }), 0.22, 0.5);
      break;
    case "boom":
      add(impact(rng, { decay: 1 }), 0.05, 1);
      break;
    case "cash":
      add(bell(2637, 0.5, { ratio: 2.76, index: 2, decay: 0.4 }), 0.1, 0.5);
      for (let i = 0; i < 6; i++)
        add(
          bell(3000 + i * 400, 0.1, { ratio: 3.1, index: 1, decay: 0.12 }),
          0.35 + i * 0.07,
          0.3,
          (i % 2) * 0.4 - 0.2,
        );
      break;
    case "dun":
      for (const [at, f, d] of [
        [0.1, 98, 0.25],
        [0.45, 92.5, 0.25],
        [0.8, 87.3, 1.2],
      ] as const) {
        add(
          synth(f, d, rng, {
            wave: "saw",
            voices: 3,
            detune: 0.15,
            cutoff: 900,
            envAmount: 2,
            envDecay: 0.3,
            release: 0.4,
            sub: 0.6,
          }),
          at,
          0.7,
        );
      }
      break;
    case "sparkle":
      for (let i = 0; i < 8; i++)
        add(
          bell(1800 + i * 260, 0.3, { ratio: 2.01, index: 0.8, decay: 0.35 }),
          0.05 + i * 0.06,
          0.3,
          (i % 2) * 0.6 - 0.3,
        );
      break;
    case "honk":
      for (const at of [0.1, 0.45])
        add(synth(440, 0.25, rng, { wave: "square", cutoff: 1800, glideFrom: 520, release: 0.05 }), at, 0.5);
      break;
    case "whoosh":
      add(noiseSweep(0.8, 300, 5000, rng), 0.05, 0.8);
      break;
    case "pop":
      add(synth(900, 0.06, rng, { wave: "sine", glideFrom: 300, release: 0.03, cutoff: 4000 }), 0.08, 0.8);
      add(bell(1320, 0.3, { decay: 0.3 }), 0.15, 0.3);
      break;
    case "fail":
      for (const [i, f] of [392, 370, 349, 330].entries()) {
        add(
          synth(f, i === 3 ? 0.9 : 0.35, rng, {
            wave: "saw",
            cutoff: 1200,
            vibrato: i === 3 ? 0.02 : 0.004,
            release: 0.1,
          }),
          0.1 + i * 0.4,
          0.5,
        );
      }
      break;
  }
  let peak = 1e-9;
  for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(l[i] as number), Math.abs(r[i] as number));
  const gain = 0.7 / peak;
  const out = new Float32Array(n * 2);
  for (let i = 0; i < n; i++) {
    out[2 * i] = (l[i] as number) * gain;
    out[2 * i + 1] = (r[i] as number) * gain;
  }
  return out;
}
