/**
 * The faceless style clips' soundtracks: every ASMR and dreamscape clip has a stereo loop exactly its
 * length at -14 LUFS that never falls silent and meets itself at the seam. The ASMR foley and the
 * machine's sounds are placed from the schedule the picture draws from: the picture shows each event
 * at its cue, and the sound has its onset there.
 */
import { describe, expect, it } from "vitest";
import { cubeCues, cubeCuts, cubeMoment, LAYERS } from "./asmr/cube.ts";
import { FRUITS, fruitCues, fruitMoment, SKIN_DEPTH } from "./asmr/fruit.ts";
import { PRESSES, paintCoils, paintCues, paintMoment, ribbonWave } from "./asmr/paint.ts";
import { STROKES, toastCues, toastMoment } from "./asmr/toast.ts";
import { KIND_DIRS } from "./build/jobs.ts";
import { ASMR_CLIPS, type CatalogueEntry, DREAMSCAPE_CLIPS } from "./catalogue.ts";
import { DIAMONDS, diamondGlints, diamondTurn } from "./dreamscape/luxury.ts";
import { GEARS, machineCues, machineMotion, machineTurns } from "./dreamscape/machine-experiments.ts";
import { TAU } from "./kit/draw.ts";
import { createRng } from "./kit/prng.ts";
import { CLIP_CEILING_DB, type Cue, loopSeconds } from "./kit/soundtrack.ts";
import { type BuildModeName, frameCount, type VideoGenerator, type VideoSpec } from "./kit/video.ts";
import { SR, Svf } from "./music/dsp.ts";
import { integratedLoudness } from "./music/loudness.ts";

const CLIPS = [...ASMR_CLIPS, ...DREAMSCAPE_CLIPS];
const MODES: BuildModeName[] = ["quick", "full"];

async function generatorOf(entry: CatalogueEntry): Promise<VideoGenerator> {
  return ((await import(`./${KIND_DIRS[entry.kind]}/${entry.key}.ts`)) as { default: VideoGenerator }).default;
}

const rendered = new Map<string, Float32Array>();
/** The clip's soundtrack as the build makes it (same seed). */
async function soundtrack(kind: string, key: string, mode: BuildModeName): Promise<Float32Array> {
  const id = `${kind}:${key}:${mode}`;
  let pcm = rendered.get(id);
  if (!pcm) {
    const generator = await generatorOf({ kind: kind as CatalogueEntry["kind"], key, title: key });
    const spec = generator.spec(mode);
    const audio = generator.audio?.({ spec, rng: createRng(`${kind}:${key}:audio`), mode });
    if (!audio) throw new Error(`${id} has no soundtrack`);
    pcm = audio;
    rendered.set(id, pcm);
  }
  return pcm;
}

function channels(pcm: Float32Array): [Float32Array, Float32Array] {
  const n = pcm.length / 2;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    l[i] = pcm[2 * i]!;
    r[i] = pcm[2 * i + 1]!;
  }
  return [l, r];
}

describe("style clip soundtracks", () => {
  it.each(CLIPS.flatMap((e) => MODES.map((mode) => [`${e.kind}-${e.key}`, mode, e] as const)))(
    "%s (%s): the clip's length, -14 LUFS, under the ceiling, never silent, seamless",
    async (_id, mode, entry) => {
      const generator = await generatorOf(entry);
      const spec = generator.spec(mode);
      const pcm = await soundtrack(entry.kind, entry.key, mode);
      expect(pcm.length).toBe(Math.round((frameCount(spec) / spec.fps) * SR) * 2);
      const [l, r] = channels(pcm);
      expect(Math.abs(integratedLoudness(l, r) - -14)).toBeLessThan(0.5);
      let peak = 0;
      for (const v of pcm) peak = Math.max(peak, Math.abs(v));
      expect(20 * Math.log10(peak)).toBeLessThanOrEqual(CLIP_CEILING_DB + 0.01);
      // Never near digital silence: every 50 ms window stays above -64 dBFS RMS (room tone at worst).
      const window = SR / 20;
      for (let start = 0; start + window <= l.length; start += window / 2) {
        let sum = 0;
        for (let i = start; i < start + window; i++) sum += l[i]! ** 2 + r[i]! ** 2;
        expect(10 * Math.log10(sum / (2 * window)), `${entry.key} at ${start / SR} s`).toBeGreaterThan(-64);
      }
      // The seam is no bigger a step than the signal makes elsewhere (a hit on the downbeat counts).
      const n = l.length;
      for (const ch of [l, r]) {
        const steps: number[] = [];
        for (let i = 1; i < n; i++) steps.push(Math.abs(ch[i]! - ch[i - 1]!));
        let around = 0;
        for (let i = 1; i < 192; i++) around = Math.max(around, steps[i - 1]!, steps[n - 1 - i]!);
        steps.sort((a, b) => a - b);
        expect(Math.abs(ch[0]! - ch[n - 1]!)).toBeLessThanOrEqual(Math.max(around, steps[Math.floor(n * 0.999)]!));
      }
    },
  );
});

/** The picture at a cue: `moment` a hair before and at its time. */
function around<T>(spec: VideoSpec, cue: Cue, moment: (phase: number) => T): { before: T; at: T; end: T } {
  const loopS = loopSeconds(spec);
  const phase = cue.at / loopS;
  const hair = 1e-6;
  return {
    before: moment(phase - hair),
    at: moment(phase + hair),
    end: moment((cue.at + cue.length) / loopS - hair),
  };
}

describe("ASMR picture and foley read one schedule", () => {
  it.each(MODES)("fruit (%s): skin, chop and flop at the moments the picture shows them", async (mode) => {
    const spec = (await generatorOf(ASMR_CLIPS[0]!)).spec(mode);
    const cues = fruitCues(spec);
    expect(cues.filter((c) => c.kind === "chop")).toHaveLength(FRUITS.length);
    for (const cue of cues) {
      const { before, at, end } = around(spec, cue, fruitMoment);
      switch (cue.kind) {
        case "skin":
          expect(before.depth).toBeLessThan(SKIN_DEPTH);
          expect(at.depth).toBeCloseTo(SKIN_DEPTH, 4);
          break;
        case "chop":
          expect(before.depth).toBeLessThan(1);
          expect(at.depth).toBeCloseTo(1, 4);
          break;
        case "flop":
          expect(before.open).toBeLessThan(1);
          expect(at.open).toBeCloseTo(1, 4);
          break;
        case "slice":
          expect(at.depth).toBeGreaterThanOrEqual(SKIN_DEPTH - 1e-4);
          expect(end.depth).toBeCloseTo(1, 3);
          break;
        case "slide-in":
          expect(at.shift).toBeCloseTo(-1, 3);
          expect(end.shift).toBeCloseTo(0, 3);
          break;
        case "slide-out":
          expect(at.shift).toBeCloseTo(0, 3);
          expect(end.shift).toBeCloseTo(1, 3);
          break;
      }
    }
  });

  it.each(MODES)("cube (%s): each stratum's sound starts as the knife reaches it; chop and landing", async (mode) => {
    const spec = (await generatorOf(ASMR_CLIPS[1]!)).spec(mode);
    const cuts = cubeCuts(spec);
    const moment = (phase: number) => cubeMoment(phase, cuts);
    const cues = cubeCues(spec);
    expect(cues.filter((c) => c.kind === "layer")).toHaveLength(LAYERS.length * cuts);
    for (const cue of cues) {
      const { before, at, end } = around(spec, cue, moment);
      switch (cue.kind) {
        case "layer": {
          const top = LAYERS.slice(0, cue.item).reduce((sum, layer) => sum + layer.depth, 0);
          expect(at.depth).toBeCloseTo(top, 4);
          expect(end.depth).toBeCloseTo(top + LAYERS[cue.item]!.depth, 3);
          break;
        }
        case "chop":
          expect(before.depth).toBeLessThan(1);
          expect(at.depth).toBeCloseTo(1, 4);
          break;
        case "land":
          expect(before.fall).toBeCloseTo(1, 3);
          break;
        case "tip":
          expect(at.fall).toBeCloseTo(0, 4);
          expect(end.fall).toBeCloseTo(1, 3);
          break;
        case "slide":
          expect(at.slide).toBeCloseTo(0, 4);
          expect(end.slide).toBeCloseTo(1, 3);
          break;
      }
    }
  });

  it.each(MODES)("toast (%s): the knife touches down, turns and lifts on the picture's strokes", async (mode) => {
    const spec = (await generatorOf(ASMR_CLIPS[2]!)).spec(mode);
    for (const cue of toastCues(spec)) {
      const { before, at, end } = around(spec, cue, toastMoment);
      switch (cue.kind) {
        case "touch":
          expect(before.spreading).toBe(0);
          expect(at.spreading).toBeGreaterThan(0);
          break;
        case "stroke":
        case "turn":
          expect(at.spreading * STROKES).toBeCloseTo(cue.item, 3);
          if (cue.kind === "stroke") expect(end.spreading * STROKES).toBeCloseTo(cue.item + 1, 3);
          break;
        case "lift":
          expect(before.spreading).toBeLessThan(1);
          expect(at.spreading).toBe(1);
          break;
        case "slide-in":
          expect(at.shift).toBeCloseTo(-1, 3);
          expect(end.shift).toBeCloseTo(0, 3);
          break;
        case "slide-out":
          expect(at.shift).toBeCloseTo(0, 3);
          expect(end.shift).toBeCloseTo(1, 3);
          break;
      }
    }
  });

  it.each(MODES)("paint (%s): presses where the tube is squeezed flat, pats where the ribbon folds", async (mode) => {
    const spec = (await generatorOf(ASMR_CLIPS[3]!)).spec(mode);
    const coils = paintCoils(spec);
    const moment = (phase: number) => paintMoment(phase, coils);
    const cues = paintCues(spec);
    expect(cues.filter((c) => c.kind === "press")).toHaveLength(PRESSES * coils);
    for (const cue of cues) {
      const { before, at } = around(spec, cue, moment);
      switch (cue.kind) {
        case "press":
          expect(at.squeeze).toBeCloseTo(1, 4);
          break;
        case "fold":
          expect(Math.abs(ribbonWave(at.t))).toBeCloseTo(1, 4);
          break;
        case "lift":
          expect(at.coil).not.toBe(before.coil);
          break;
      }
    }
  });
});

describe("dreamscape sounds follow the picture", () => {
  it.each(MODES)("machine experiments (%s): ticks on teeth, clunks on piston strokes, bloops on orbs", async (mode) => {
    const spec = (await generatorOf(DREAMSCAPE_CLIPS[3]!)).spec(mode);
    const turns = machineTurns(spec);
    const cues = machineCues(spec);
    const loopS = loopSeconds(spec);
    for (const cue of cues) {
      const m = machineMotion(cue.at / loopS, turns);
      switch (cue.kind) {
        case "tooth": {
          const pitch = TAU / GEARS[cue.item]!.teeth;
          const rest = ((m.gearAngle(cue.item) % pitch) + pitch) % pitch;
          expect(Math.min(rest, pitch - rest)).toBeLessThan(1e-6);
          break;
        }
        case "piston-bottom":
          expect(m.piston(cue.item)).toBeCloseTo(0, 6);
          break;
        case "piston-top":
          expect(m.piston(cue.item)).toBeCloseTo(1, 6);
          break;
        case "orb":
          expect(Math.min(m.orb(cue.item), 1 - m.orb(cue.item))).toBeLessThan(1e-6);
          break;
      }
    }
    // Every gear ticks once per tooth per turn.
    for (const [g, gear] of GEARS.entries()) {
      expect(cues.filter((c) => c.kind === "tooth" && c.item === g)).toHaveLength(
        Math.round(gear.teeth * Math.abs(gear.speed) * turns),
      );
    }
  });

  it("luxury: the shimmer rings when a diamond faces the camera", () => {
    for (const d of DIAMONDS) {
      for (const glint of diamondGlints(d)) expect(Math.abs(Math.cos(diamondTurn(d, glint)))).toBeCloseTo(1, 9);
    }
  });
});

/** The bands hits stand out in: knocks in the low mids (above any hum), crackles and ticks high up. */
type Band = "knock" | "crackle" | "all";

/** Energy in 1 ms frames of a band of the loop (filtered over the loop twice, so the seam is clean). */
function frameEnergy(pcm: Float32Array, band: Band): Float64Array {
  const n = pcm.length / 2;
  const hop = SR / 1000;
  const frames = Math.floor(n / hop);
  const out = new Float64Array(frames);
  const filters = [0, 1].map(() => {
    const low = new Svf();
    low.set(band === "knock" ? 200 : 1500);
    const high = new Svf();
    high.set(1000);
    return { low, high };
  });
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < frames * hop; i++) {
      let e = 0;
      for (const c of [0, 1]) {
        const x = pcm[2 * i + c]!;
        const { low, high } = filters[c]!;
        low.tick(x);
        high.tick(low.hp);
        const v = band === "knock" ? high.lp : band === "crackle" ? low.hp : x;
        e += v * v;
      }
      if (pass === 1) (out[Math.floor(i / hop)] as number) += e;
    }
  }
  return out;
}

/**
 * The onset around each cue, averaged over every cue of a kind: the rise (dB) of the energy in the
 * 10 ms after each millisecond over the 10 ms before it, at offsets -25..25 ms from the cue.
 */
function onsetAroundCues(energy: Float64Array, times: number[]): number[] {
  const frames = energy.length;
  const e = (k: number) => energy[((k % frames) + frames) % frames]!;
  const rise = (k: number) => {
    let after = 0;
    let before = 0;
    for (let j = 0; j < 10; j++) {
      after += e(k + j);
      before += e(k - 1 - j);
    }
    return 10 * Math.log10((after + 1e-12) / (before + 1e-12));
  };
  const curve: number[] = [];
  for (let offset = -25; offset <= 25; offset++) {
    curve.push(times.reduce((sum, t) => sum + rise(Math.round(t * 1000) + offset), 0) / times.length);
  }
  return curve;
}

describe("the foley sounds where the picture shows it", () => {
  /** Hits to find, and the band their sound stands out in. */
  const HITS: [clip: CatalogueEntry, cues: (spec: VideoSpec) => Cue[], kinds: Record<string, Band>][] = [
    [ASMR_CLIPS[0]!, fruitCues, { skin: "crackle", chop: "knock", flop: "knock" }],
    [ASMR_CLIPS[1]!, cubeCues, { chop: "knock", land: "knock" }],
    [ASMR_CLIPS[2]!, toastCues, { touch: "crackle", turn: "crackle" }],
    [ASMR_CLIPS[3]!, paintCues, { fold: "all", lift: "all" }],
    [DREAMSCAPE_CLIPS[3]!, machineCues, { tooth: "crackle", "piston-bottom": "knock" }],
  ];
  it.each(HITS.map((h) => [h[0].key, ...h] as const))(
    "%s: each kind of hit has its onset within 3 ms of its cue",
    async (_key, clip, cuesOf, kinds) => {
      const generator = await generatorOf(clip);
      const spec = generator.spec("full");
      const pcm = await soundtrack(clip.kind, clip.key, "full");
      const energy = {
        knock: frameEnergy(pcm, "knock"),
        crackle: frameEnergy(pcm, "crackle"),
        all: frameEnergy(pcm, "all"),
      };
      const cues = cuesOf(spec);
      for (const [kind, band] of Object.entries(kinds)) {
        const times = cues.filter((c) => c.kind === kind).map((c) => c.at);
        expect(times.length, kind).toBeGreaterThan(0);
        const curve = onsetAroundCues(energy[band], times);
        const peak = Math.max(...curve);
        const offset = curve.indexOf(peak) - 25;
        expect(Math.abs(offset), `${clip.key} ${kind}: onset ${offset} ms from its cue`).toBeLessThanOrEqual(3);
        expect(peak, `${clip.key} ${kind}: rise ${peak.toFixed(1)} dB`).toBeGreaterThan(6);
      }
    },
  );
});
