/**
 * Surreal nature: floating islands with waterfalls, giant blooming flowers and drifting clouds at dusk.
 * Sound: wind in gusts, each island's waterfall where it floats in the stereo field, birds calling.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { hsl, mod, TAU } from "../kit/draw.ts";
import type { Rng } from "../kit/prng.ts";
import { loopBus, loopProcessMono, loopSeconds, masterLoop, panGains, whiteNoise } from "../kit/soundtrack.ts";
import type { VideoGenerator, VideoSpec } from "../kit/video.ts";
import { SR, Svf } from "../music/dsp.ts";
import { addReverb, chirp, lfo, noiseBed } from "./ambience.ts";

/** The islands' x positions (fractions of the frame): their waterfalls sound from there. */
export const ISLANDS = [0.22, 0.5, 0.78];

/** One waterfall: rushing noise with a fast babble, and droplets plinking, seamless across the loop. */
function waterfall(n: number, rng: Rng): Float32Array {
  const x = whiteNoise(n, rng);
  const jitter = whiteNoise(n, rng);
  loopProcessMono(x, (d) => {
    const hp = new Svf();
    hp.set(380, 0.7);
    const lp = new Svf();
    lp.set(3800, 0.6);
    const babble = new Svf();
    babble.set(14, 0.7);
    const wobble = new Svf();
    for (let i = 0; i < d.length; i++) {
      babble.tick(jitter[i % n] as number);
      const v = d[i] as number;
      hp.tick(v);
      lp.tick(hp.hp);
      if ((i & 31) === 0) wobble.set(900 * 2 ** (babble.lp * 3), 3);
      wobble.tick(v);
      d[i] = lp.lp * (0.8 + Math.min(0.6, Math.abs(babble.lp) * 6)) + wobble.bp * 0.35;
    }
  });
  // Droplets: little rising plinks scattered through the loop.
  const drops = Math.round((n / SR) * 14);
  for (let k = 0; k < drops; k++) {
    const at = Math.floor(rng() * n);
    const freq = 900 * 3 ** rng();
    const decay = 0.004 + rng() * 0.01;
    const amp = 0.15 + rng() * 0.35;
    let phase = 0;
    for (let i = 0; i < decay * 6 * SR; i++) {
      const t = i / SR;
      phase += (freq * (1 + (0.8 * t) / decay)) / SR;
      const idx = (at + i) % n;
      (x[idx] as number) += Math.sin(TAU * phase) * Math.exp(-t / decay) * amp * Math.min(1, t / 0.0008);
    }
  }
  return x;
}

/** The bed: wind, three waterfalls and a few bird calls. */
export function natureBed(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  const loopS = loopSeconds(spec);
  const n = bus.length;
  // Wind: a low band that wanders with gusts (periodic in the loop), and a faint high whistle.
  const gust = (offset: number, level: number) => (x: number) =>
    level * (1 + 0.6 * Math.sin(TAU * (x + offset)) + 0.3 * Math.sin(TAU * (3 * x + offset * 2)));
  noiseBed(bus, rng, { mode: "bp", freq: lfo(1, 320, 800), q: 0.7, gainL: gust(0, 0.08), gainR: gust(0.3, 0.08) });
  noiseBed(bus, rng, {
    mode: "bp",
    freq: lfo(2, 1600, 2600, 0.2),
    q: 4,
    gainL: gust(0.5, 0.03),
    gainR: gust(0.7, 0.03),
  });
  // The falls' low roar far below.
  noiseBed(bus, rng, { mode: "lp", freq: () => 240, gainL: () => 0.1, gainR: () => 0.1 });
  ISLANDS.forEach((x, i) => {
    const water = waterfall(n, rng);
    const [gl, gr] = panGains((x - 0.5) * 1.6);
    const gain = i === 1 ? 0.075 : 0.06;
    for (let k = 0; k < n; k++) {
      (bus.l[k] as number) += (water[k] as number) * gain * gl;
      (bus.r[k] as number) += (water[k] as number) * gain * gr;
    }
  });
  // Birds: phrases of chirps from different trees; a couple per loop, always at least one.
  const phrases = Math.max(1, Math.round(loopS / 3));
  for (let p = 0; p < phrases; p++) {
    const start = ((p + 0.15 + rng() * 0.5) / phrases) * loopS;
    const pan = rng() * 1.4 - 0.7;
    const base = 2600 + rng() * 1800;
    const notes = 3 + Math.floor(rng() * 4);
    const song = rng() < 0.5;
    for (let k = 0; k < notes; k++) {
      const length = 0.05 + rng() * 0.07;
      const from = song ? base * (1 + 0.25 * (k % 2)) : base * 1.35;
      const to = song ? base * (1.2 - 0.3 * (k % 2)) : base * 0.85;
      bus.add(chirp(from, to, length, song ? 0 : 0.04), start + k * (0.09 + length), 0.08, pan);
    }
  }
  addReverb(bus, 0.35, { size: 0.8, damp: 0.45, predelay: 0.02 });
  return masterLoop(bus);
}

function flower(ctx: SKRSContext2D, x: number, y: number, r: number, bloom: number, hue: number, spin: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(spin);
  for (let i = 0; i < 8; i++) {
    ctx.rotate(TAU / 8);
    ctx.fillStyle = hsl(hue, 80, 70);
    ctx.beginPath();
    ctx.ellipse(0, -r * 0.55 * bloom, r * 0.22, r * 0.5 * bloom, 0, 0, TAU);
    ctx.fill();
  }
  ctx.fillStyle = "#ffd54f";
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.2, 0, TAU);
  ctx.fill();
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/dreamscape/nature.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.4),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    return {
      draw(ctx, f) {
        const sky = ctx.createLinearGradient(0, 0, 0, h);
        sky.addColorStop(0, "#3b2667");
        sky.addColorStop(0.5, "#bc78ec");
        sky.addColorStop(1, "#ffcf99");
        ctx.fillStyle = sky;
        ctx.fillRect(0, 0, w, h);
        // Aurora ribbons.
        for (let k = 0; k < 3; k++) {
          ctx.strokeStyle = hsl(150 + k * 40, 90, 65, 0.35);
          ctx.lineWidth = 30;
          ctx.beginPath();
          for (let x = 0; x <= w; x += 10) {
            const y = h * (0.12 + k * 0.05) + Math.sin((x / w) * TAU + TAU * f.phase + k) * 30;
            if (x === 0) ctx.moveTo(x, y);
            else ctx.lineTo(x, y);
          }
          ctx.stroke();
        }
        // Clouds drifting one width per loop.
        ctx.fillStyle = "rgba(255,255,255,0.75)";
        for (let i = 0; i < 5; i++) {
          const x = mod(i * 130 + f.phase * (w + 200), w + 200) - 100;
          const y = h * (0.25 + (i % 3) * 0.06);
          ctx.beginPath();
          ctx.ellipse(x, y, 70, 22, 0, 0, TAU);
          ctx.ellipse(x + 40, y - 12, 45, 20, 0, 0, TAU);
          ctx.fill();
        }
        // Floating islands with waterfalls.
        for (let i = 0; i < ISLANDS.length; i++) {
          const x = w * (ISLANDS[i] as number);
          const y = h * (0.45 + (i % 2) * 0.1) + Math.sin(TAU * (f.phase + i / 3)) * 14;
          ctx.fillStyle = "#6d4c41";
          ctx.beginPath();
          ctx.moveTo(x - 70, y);
          ctx.lineTo(x + 70, y);
          ctx.lineTo(x + 10, y + 110);
          ctx.lineTo(x - 20, y + 90);
          ctx.fill();
          ctx.fillStyle = "#66bb6a";
          ctx.beginPath();
          ctx.ellipse(x, y, 74, 16, 0, 0, TAU);
          ctx.fill();
          for (let d = 0; d < 12; d++) {
            const p = mod(f.phase * 4 + d / 12, 1);
            ctx.fillStyle = `rgba(180,230,255,${(1 - p).toFixed(2)})`;
            ctx.fillRect(x + 40, y + p * 260, 10, 18);
          }
        }
        // Giant flowers breathing open and closed.
        const bloom = (k: number) => 0.75 + 0.25 * Math.sin(TAU * (f.phase + k));
        flower(ctx, w * 0.25, h * 0.85, 110, bloom(0), 330, TAU * f.phase * 0.5);
        flower(ctx, w * 0.75, h * 0.9, 140, bloom(0.33), 280, -TAU * f.phase * 0.5);
        flower(ctx, w * 0.5, h * 0.78, 80, bloom(0.66), 20, TAU * f.phase);
      },
    };
  },
  audio: ({ spec, rng }) => natureBed(spec, rng),
};

export default generator;
