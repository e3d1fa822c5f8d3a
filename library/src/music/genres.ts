/**
 * One arrangement per genre: drums with groove, bass, chords, melody and texture placed on a
 * Session. Tracks of the same genre differ by key, tempo, progression and seed.
 */
import type { Rng } from "../kit/prng.ts";
import {
  bass808,
  bell,
  chip,
  chipNoise,
  clap,
  cowbell,
  crash,
  epiano,
  hat,
  impact,
  kick,
  marimba,
  piano,
  pluck,
  shaker,
  snare,
  synth,
  tick,
  tom,
} from "./dsp.ts";
import type { Instrument, Session } from "./session.ts";
import { bassNote, type Chord, degreeToMidi, writeMelody } from "./theory.ts";

export interface Mix {
  /** Reverb send per bus (0..1). */
  reverb: { drums: number; bass: number; chords: number; lead: number; texture: number };
  reverbSize: number;
  /** Ping-pong delay on the lead: time in steps, feedback, send. */
  delay?: { steps: number; feedback: number; send: number };
  /** Duck chords and bass under the kick (0..1). */
  sidechain: number;
  /** Master lowpass in Hz (lofi dust). */
  masterLowpass?: number;
  /** Master saturation amount. */
  drive?: number;
  /** High-shelf lift (0 = none, 0.5 is about +3.5 dB above 3.5 kHz). */
  air?: number;
  gains: { drums: number; bass: number; chords: number; lead: number; texture: number };
}

const baseMix = (o: Partial<Mix> = {}): Mix => ({
  reverb: { drums: 0.05, bass: 0, chords: 0.25, lead: 0.25, texture: 0.2, ...o.reverb },
  reverbSize: o.reverbSize ?? 0.82,
  delay: o.delay,
  sidechain: o.sidechain ?? 0,
  masterLowpass: o.masterLowpass,
  drive: o.drive,
  air: o.air ?? 0.5,
  gains: { drums: 1, bass: 0.9, chords: 0.6, lead: 0.55, texture: 0.5, ...o.gains },
});

const C = (degree: number, size: 3 | 4 | 5 = 3, raiseThird = false): Chord => ({ degree, size, raiseThird });

/** A melody over the whole loop, one chord per bar. */
function melody(
  s: Session,
  chords: Chord[],
  inst: Instrument,
  name: string,
  gain: number,
  o: {
    density: number;
    octave: number;
    sixteenths?: boolean;
    bars?: (bar: number) => boolean;
    pan?: number;
    longNotes?: boolean;
    legato?: number;
  },
): void {
  const perBar = Array.from({ length: s.bars }, (_, b) => chords[b % chords.length]!);
  const notes = writeMelody(s.rng, s.key, perBar, o);
  for (const n of notes) {
    const bar = Math.floor(n.step / 16);
    if (o.bars && !o.bars(bar)) continue;
    s.play(s.lead, name, inst, n.midi, n.step, n.length * (o.legato ?? 0.9), gain, o.pan ?? 0, n.velocity);
  }
}

/** Arpeggiates the chord of each bar on a 16th (or 8th) grid. */
function arpeggio(
  s: Session,
  chords: Chord[],
  inst: Instrument,
  name: string,
  gain: number,
  o: {
    center: number;
    rate: 1 | 2 | 4;
    shape?: "up" | "updown" | "random";
    bars?: (bar: number) => boolean;
    pan?: number;
  },
): void {
  const voiced = s.voicings(chords, o.center);
  for (let bar = 0; bar < s.bars; bar++) {
    if (o.bars && !o.bars(bar)) continue;
    const notes = [...voiced[bar % voiced.length]!, voiced[bar % voiced.length]![0]! + 12];
    const seq = o.shape === "updown" ? [...notes, ...notes.slice(1, -1).reverse()] : notes;
    for (let i = 0, st = 0; st < 16; st += o.rate, i++) {
      const midi = o.shape === "random" ? s.rng.pick(notes) : seq[i % seq.length]!;
      s.play(s.chords, name, inst, midi, bar * 16 + st, o.rate * 0.9, gain, o.pan ?? 0);
    }
  }
}

/** Holds each bar's chord (or plays it on a rhythm given as step:length pairs). */
function comp(
  s: Session,
  chords: Chord[],
  inst: Instrument,
  name: string,
  gain: number,
  o: { center: number; rhythm?: [number, number][]; strum?: number; spread?: number; barsPerChord?: number },
): void {
  const per = o.barsPerChord ?? 1;
  const voiced = s.voicings(chords, o.center);
  const rhythm = o.rhythm ?? [[0, 16 * per]];
  for (let bar = 0; bar < s.bars; bar += per) {
    const v = voiced[Math.floor(bar / per) % voiced.length]!;
    for (const [st, len] of rhythm) {
      s.chord(s.chords, name, inst, v, bar * 16 + st, len, gain, { strum: o.strum, spread: o.spread });
    }
  }
}

/** Bass on chord roots: pattern of [step, length, semitone offset] per bar. */
function bassline(
  s: Session,
  chords: Chord[],
  inst: Instrument,
  name: string,
  gain: number,
  pattern: [number, number, number][],
  o: { octave?: number; barsPerChord?: number } = {},
): void {
  for (let bar = 0; bar < s.bars; bar++) {
    const root = bassNote(s.key, s.chordAt(chords, bar, o.barsPerChord), o.octave ?? 2);
    for (const [st, len, off] of pattern) s.play(s.bass, name, inst, root + off, bar * 16 + st, len, gain);
  }
}

const lastOf = (every: number) => (bar: number) => bar % every === every - 1;
const notLastOf = (every: number) => (bar: number) => bar % every !== every - 1;
const secondHalf = (s: Session) => (bar: number) => s.bars < 8 || bar >= s.bars / 2;

export type Composer = (s: Session, rng: Rng, variant: number) => Mix;

// --------------------------------------------------------------------------------------------

const lofi: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(1, 4), C(4, 4), C(0, 5), C(5, 4)] : [C(3, 4), C(2, 4), C(1, 4), C(4, 5)];
  const k = kick(rng, { pitchStart: 110, pitchEnd: 48, decay: 0.28, drive: 1.2, click: 0.1 });
  const sn = snare(rng, { tone: 180, decay: 0.12, bright: 2500, noise: 0.6 });
  const h = hat(rng, { decay: 0.03, tone: 7000 });
  s.pattern(s.drums, k, ["X------x--X-----", "X-------x-X---x-"], 0.9, { isKick: true });
  s.pattern(s.drums, sn, "----X-------X---", 0.65);
  s.pattern(s.drums, h, "x-o-x-o-x-o-x.o.", 0.22, { pan: 0.2 });
  const keys: Instrument = (f, d, v) => epiano(f, d, v * 0.7);
  comp(s, chords, keys, "ep", 0.5, {
    center: 62,
    strum: 0.018,
    rhythm: [
      [0, 10],
      [10, 6],
    ],
  });
  bassline(s, chords, (f, d) => synth(f, d, rng, { wave: "triangle", cutoff: 600, sustain: 0.8 }), "b", 0.8, [
    [0, 7, 0],
    [10, 4, 0],
    [14, 2, 7],
  ]);
  const lead: Instrument =
    variant === 0
      ? (f, d, v) => bell(f, d, { ratio: 4, index: 0.8, decay: 0.7 }).map((x) => x * v)
      : (f, d, v) => piano(f, d, v);
  melody(s, chords, lead, "mel", 0.4, { density: 0.3, octave: 5, bars: secondHalf(s) });
  crackle(s, rng, 0.05);
  return baseMix({
    air: 0,
    masterLowpass: 6500,
    drive: 0.3,
    reverb: { drums: 0.08, bass: 0, chords: 0.3, lead: 0.35, texture: 0 },
    gains: { drums: 1, bass: 0.85, chords: 0.7, lead: 0.5, texture: 0.6 },
  });
};

function crackle(s: Session, rng: Rng, gain: number): void {
  const pop = new Float32Array(96).map((_, i) => (rng() * 2 - 1) * Math.exp(-i / 12));
  const count = Math.round((s.length / 48000) * 9);
  for (let i = 0; i < count; i++) s.texture.add(pop, rng() * (s.length / 48000), gain * (0.3 + rng()), rng() * 2 - 1);
  const hiss = new Float32Array(s.length).map(() => (rng() * 2 - 1) * 0.012);
  s.texture.add(hiss, 0, gain * 4, 0);
}

const chillhop: Composer = (s, rng) => {
  const chords = [C(1, 4), C(4, 4), C(0, 4), C(5, 4)];
  const k = kick(rng, { pitchStart: 120, pitchEnd: 50, decay: 0.3, drive: 1.4, click: 0.2 });
  const sn = snare(rng, { tone: 200, decay: 0.14, bright: 3000 });
  const h = hat(rng, { decay: 0.035 });
  s.pattern(s.drums, k, ["X-----x---X--x--", "X-----x---X-----"], 0.95, { isKick: true });
  s.pattern(s.drums, sn, "----X-------X--.", 0.7);
  s.pattern(s.drums, h, "x.o.x.o.x.o.x.ox", 0.25, { pan: -0.2 });
  s.pattern(s.drums, shaker(rng), "--x---x---x---x-", 0.18, { pan: 0.3 });
  comp(s, chords, (f, d, v) => epiano(f, d, v * 0.75), "ep", 0.55, {
    center: 62,
    strum: 0.012,
    rhythm: [
      [0, 6],
      [6, 10],
    ],
  });
  bassline(s, chords, (f, d) => synth(f, d, rng, { wave: "sine", cutoff: 500, sub: 0.2 }), "b", 0.85, [
    [0, 5, 0],
    [6, 3, 0],
    [10, 3, 7],
    [13, 3, 10],
  ]);
  melody(s, chords, (f, d) => pluck(f, d, rng, { brightness: 0.35, decay: 0.995 }), "gtr", 0.55, {
    density: 0.45,
    octave: 4,
    pan: 0.25,
  });
  crackle(s, rng, 0.03);
  return baseMix({ masterLowpass: 9000, drive: 0.2, delay: { steps: 3, feedback: 0.3, send: 0.15 } });
};

const pop: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0), C(4), C(5), C(3)] : [C(5), C(3), C(0), C(4)];
  const k = kick(rng, { pitchStart: 170, decay: 0.25, drive: 2 });
  s.pattern(s.drums, k, variant === 0 ? "X-------X-x-----" : "X-----x-X-------", 1, { isKick: true });
  s.pattern(s.drums, clap(rng), "----X-------X---", 0.7);
  s.pattern(s.drums, hat(rng, { decay: 0.04 }), "x-x-x-x-x-x-x-x-", 0.3, { pan: 0.15 });
  s.pattern(s.drums, shaker(rng), "xoxoxoxoxoxoxoxo", 0.15, { pan: -0.3 });
  s.pattern(s.drums, crash(rng), "X---------------", 0.25, { bars: (b) => b % 8 === 0 });
  s.pattern(s.drums, snare(rng), "------------xxXX", 0.4, { bars: lastOf(8) });
  comp(s, chords, (f, d, v) => piano(f, d, v), "pno", 0.55, {
    center: 64,
    rhythm: [
      [0, 3],
      [3, 3],
      [6, 4],
      [10, 3],
      [13, 3],
    ],
  });
  comp(
    s,
    chords,
    (f, d) => synth(f, d, rng, { voices: 3, detune: 0.2, cutoff: 2500, attack: 0.1, release: 0.4 }),
    "pad",
    0.25,
    {
      center: 60,
    },
  );
  bassline(
    s,
    chords,
    (f, d) => synth(f, d, rng, { wave: "saw", cutoff: 700, envAmount: 2, envDecay: 0.08, sub: 0.5 }),
    "b",
    0.6,
    [
      [0, 2, 0],
      [2, 2, 0],
      [4, 2, 12],
      [6, 2, 0],
      [8, 2, 0],
      [10, 2, 0],
      [12, 2, 12],
      [14, 2, 0],
    ],
  );
  melody(
    s,
    chords,
    (f, d) => synth(f, d, rng, { wave: "square", cutoff: 3000, vibrato: 0.004, release: 0.1 }),
    "lead",
    0.38,
    {
      density: 0.55,
      octave: 5,
    },
  );
  arpeggio(s, chords, (f, d) => bell(f, d, { decay: 0.4, index: 1.2 }), "arp", 0.18, {
    center: 76,
    rate: 2,
    bars: secondHalf(s),
    pan: 0.3,
  });
  return baseMix({ sidechain: 0.3, delay: { steps: 3, feedback: 0.3, send: 0.12 } });
};

const trap: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0), C(5), C(2), C(6)] : [C(0), C(0), C(5), C(4, 3, true)];
  const k = kick(rng, { pitchStart: 180, pitchEnd: 55, decay: 0.18, drive: 2.5 });
  s.pattern(s.drums, k, ["X-------------X-", "X---------X-----"], 0.9, { isKick: true });
  s.pattern(s.drums, clap(rng, { decay: 0.2 }), "--------X-------", 0.75);
  s.pattern(s.drums, snare(rng, { decay: 0.1 }), "--------X-------", 0.35);
  const h = hat(rng, { decay: 0.025, tone: 9000 });
  const hats = variant === 0 ? ["xxxxxxxxxxxxxxxx", "xxxxxxxxxx-xxxxx"] : ["x-x-x-xxx-x-x-x-", "x-x-x-x-x-xxxxxx"];
  s.pattern(s.drums, h, hats, 0.25, { pan: 0.2 });
  // Hat rolls: 32nd notes in the last beat of every other bar.
  for (let bar = 1; bar < s.bars; bar += 2) {
    for (let i = 0; i < 8; i++) s.hit(s.drums, h, bar * 16 + 12 + i / 2, 0.18 + i * 0.015, 0.2);
  }
  s.pattern(s.drums, hat(rng, { decay: 0.25 }), "------x---------", 0.15, { pan: -0.3, bars: (b) => b % 2 === 1 });
  for (let bar = 0; bar < s.bars; bar++) {
    const root = bassNote(s.key, s.chordAt(chords, bar), 1) + 12;
    const f = 440 * 2 ** ((root - 69) / 12);
    s.bass.add(bass808(f, 6 * s.stepS, { decay: 1 }), s.time(bar * 16), 0.9);
    s.bass.add(bass808(f, 3 * s.stepS), s.time(bar * 16 + (variant === 0 ? 10 : 7)), 0.8);
    if (bar % 2 === 1)
      s.bass.add(bass808(f * 2 ** (7 / 12), 2 * s.stepS, { glideFrom: f }), s.time(bar * 16 + 14), 0.7);
  }
  const bellInst: Instrument = (f, d) => bell(f, d, { ratio: 3.5, index: 1.8, decay: 0.9 });
  melody(s, chords, bellInst, "bell", 0.35, { density: 0.35, octave: 5, pan: -0.15 });
  comp(
    s,
    chords,
    (f, d) => synth(f, d, rng, { voices: 3, detune: 0.15, cutoff: 1200, attack: 0.3, release: 0.6 }),
    "pad",
    0.28,
    {
      center: 60,
    },
  );
  return baseMix({
    reverb: { drums: 0.04, bass: 0, chords: 0.4, lead: 0.4, texture: 0 },
    gains: { drums: 1, bass: 0.95, chords: 0.55, lead: 0.55, texture: 0 },
  });
};

const drill: Composer = (s, rng) => {
  const chords = [C(0), C(0), C(5), C(4, 3, true)];
  const k = kick(rng, { pitchStart: 170, decay: 0.15, drive: 2 });
  s.pattern(s.drums, k, ["X--------------", "X-----X---------"], 0.85, { isKick: true });
  s.pattern(
    s.drums,
    snare(rng, { tone: 220, decay: 0.12, bright: 4500 }),
    ["------X-------X-", "--------X-------"],
    0.75,
  );
  const h = hat(rng, { decay: 0.03, tone: 8500 });
  s.pattern(s.drums, h, ["x--x--x-x--x-x--", "x--x--x--x-xx-x-"], 0.3, { pan: 0.25 });
  for (let bar = 0; bar < s.bars; bar++) {
    const root = bassNote(s.key, s.chordAt(chords, bar), 1) + 12;
    const f = 440 * 2 ** ((root - 69) / 12);
    const slide = 440 * 2 ** ((root + (bar % 2 ? -2 : 3) - 69) / 12);
    s.bass.add(bass808(f, 5 * s.stepS, { drive: 3 }), s.time(bar * 16), 0.85);
    s.bass.add(bass808(slide, 4 * s.stepS, { glideFrom: f, drive: 3 }), s.time(bar * 16 + 6), 0.8);
    s.bass.add(bass808(f, 3 * s.stepS, { glideFrom: slide, drive: 3 }), s.time(bar * 16 + 11), 0.75);
  }
  const strings: Instrument = (f, d) =>
    synth(f, d, rng, { voices: 4, detune: 0.18, cutoff: 2200, attack: 0.05, release: 0.3, vibrato: 0.003 });
  melody(s, chords, (f, d, v) => piano(f, d, v), "pno", 0.45, { density: 0.4, octave: 4 });
  comp(s, chords, strings, "str", 0.3, {
    center: 60,
    rhythm: [
      [0, 3],
      [3, 3],
      [6, 10],
    ],
  });
  return baseMix({ reverb: { drums: 0.03, bass: 0, chords: 0.35, lead: 0.35, texture: 0 } });
};

const phonk: Composer = (s, rng, variant) => {
  const chords = [C(0), C(0), C(1), C(0)];
  const k = kick(rng, { pitchStart: 200, pitchEnd: 45, decay: 0.3, drive: 4 });
  s.pattern(s.drums, k, variant === 0 ? "X-----X---X-----" : "X-------X-X-----", 1, { isKick: true });
  s.pattern(s.drums, clap(rng, { decay: 0.12 }), "----X-------X---", 0.8);
  s.pattern(s.drums, hat(rng, { decay: 0.03 }), variant === 0 ? "xxxxxxxxxxxxxxxx" : "x-x-x-x-x-x-x-xx", 0.22, {
    pan: 0.2,
  });
  // The phonk cowbell riff: 16ths over the minor triad and the flat second.
  const riff =
    variant === 0
      ? [0, 0, 7, 0, 3, 0, 7, 8, 0, 0, 7, 0, 3, 5, 3, 1]
      : [12, -1, 7, -1, 8, 7, 3, -1, 12, -1, 7, -1, 5, 3, 1, -1];
  for (let bar = 0; bar < s.bars; bar++) {
    const root = degreeToMidi(s.key, s.chordAt(chords, bar).degree, 5);
    riff.forEach((off, i) => {
      if (off < 0) return;
      s.play(
        s.lead,
        "bell",
        (f) => cowbell(f, { decay: 0.12 }),
        root + off,
        bar * 16 + i,
        1,
        0.5 * (i % 4 === 0 ? 1 : 0.75),
        (i % 2) * 0.3 - 0.15,
      );
    });
  }
  for (let bar = 0; bar < s.bars; bar++) {
    const root = bassNote(s.key, s.chordAt(chords, bar), 1) + 12;
    const f = 440 * 2 ** ((root - 69) / 12);
    s.bass.add(bass808(f, 6 * s.stepS, { drive: 5, decay: 0.8 }), s.time(bar * 16), 0.8);
    s.bass.add(bass808(f, 4 * s.stepS, { drive: 5 }), s.time(bar * 16 + 10), 0.75);
  }
  comp(
    s,
    chords,
    (f, d) => synth(f, d, rng, { voices: 2, detune: 0.1, cutoff: 900, attack: 0.2, release: 0.5 }),
    "pad",
    0.25,
    {
      center: 55,
    },
  );
  return baseMix({
    drive: 0.8,
    reverb: { drums: 0.03, bass: 0, chords: 0.3, lead: 0.2, texture: 0 },
    gains: { drums: 1, bass: 0.9, chords: 0.5, lead: 0.6, texture: 0 },
  });
};

const house: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0, 4), C(3, 4), C(0, 4), C(4, 4)] : [C(5, 4), C(3, 4), C(0, 4), C(4, 4)];
  const k = kick(rng, { pitchStart: 140, pitchEnd: 48, decay: 0.25, drive: 1.8 });
  s.pattern(s.drums, k, "X---X---X---X---", 1, { isKick: true });
  s.pattern(s.drums, clap(rng), "----X-------X---", 0.6);
  s.pattern(s.drums, hat(rng, { decay: 0.12, tone: 7000 }), "--x---x---x---x-", 0.3, { pan: 0.2 });
  s.pattern(s.drums, hat(rng, { decay: 0.02 }), "xx.xxx.xxx.xxx.x", 0.14, { pan: -0.25 });
  s.pattern(s.drums, shaker(rng), "oxoxoxoxoxoxoxox", 0.12, { pan: 0.35 });
  const organ: Instrument = (f, d) =>
    synth(f, d, rng, {
      wave: "square",
      voices: 2,
      detune: 0.08,
      cutoff: 1800,
      envAmount: 1.5,
      envDecay: 0.1,
      release: 0.1,
      sustain: 0.5,
    });
  comp(s, chords, variant === 0 ? organ : (f, d, v) => piano(f, d, v), "stab", 0.5, {
    center: 64,
    rhythm:
      variant === 0
        ? [
            [2, 2],
            [6, 2],
            [10, 2],
            [14, 2],
          ]
        : [
            [0, 3],
            [3, 3],
            [10, 3],
            [13, 2],
          ],
  });
  bassline(
    s,
    chords,
    (f, d) => synth(f, d, rng, { wave: "saw", cutoff: 500, envAmount: 3, envDecay: 0.06, sub: 0.6, sustain: 0.6 }),
    "b",
    0.6,
    [
      [2, 2, 0],
      [6, 2, 0],
      [10, 2, 0],
      [13, 2, 12],
    ],
  );
  melody(s, chords, (f, d) => pluck(f, d, rng, { brightness: 0.7, decay: 0.993 }), "pl", 0.35, {
    density: 0.45,
    octave: 5,
    sixteenths: true,
    bars: secondHalf(s),
  });
  comp(
    s,
    chords,
    (f, d) => synth(f, d, rng, { voices: 4, detune: 0.25, cutoff: 3000, attack: 0.3, release: 0.5 }),
    "pad",
    0.18,
    { center: 67 },
  );
  return baseMix({ sidechain: 0.6, delay: { steps: 3, feedback: 0.35, send: 0.2 } });
};

const synthwave: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0), C(5), C(2), C(6)] : [C(5), C(6), C(0), C(0)];
  const k = kick(rng, { pitchStart: 150, decay: 0.3, drive: 1.8 });
  s.pattern(s.drums, k, variant === 0 ? "X-------X-------" : "X---X---X---X---", 1, { isKick: true });
  s.pattern(s.drums, snare(rng, { tone: 170, decay: 0.3, noise: 1 }), "----X-------X---", 0.8);
  s.pattern(s.drums, hat(rng, { decay: 0.05 }), "x-x-x-x-x-x-x-x-", 0.25, { pan: 0.2 });
  s.pattern(s.drums, tom(110), "-----------X-XX-", 0.4, { bars: lastOf(8) });
  bassline(
    s,
    chords,
    (f, d) => synth(f, d, rng, { wave: "saw", cutoff: 800, envAmount: 1.5, envDecay: 0.05, sustain: 0.6 }),
    "b",
    0.55,
    Array.from({ length: 8 }, (_, i) => [i * 2, 1.6, i % 2 ? 12 : 0] as [number, number, number]),
  );
  comp(
    s,
    chords,
    (f, d) => synth(f, d, rng, { voices: 5, detune: 0.3, cutoff: 2200, attack: 0.25, release: 0.8 }),
    "pad",
    0.35,
    { center: 62 },
  );
  arpeggio(
    s,
    chords,
    (f, d) =>
      synth(f, d, rng, { wave: "saw", cutoff: 2500, envAmount: 2, envDecay: 0.05, sustain: 0.2, release: 0.08 }),
    "arp",
    0.16,
    {
      center: 72,
      rate: 1,
      shape: "updown",
      pan: 0.2,
    },
  );
  melody(
    s,
    chords,
    (f, d) =>
      synth(f, d, rng, {
        wave: "saw",
        voices: 2,
        detune: 0.1,
        cutoff: 3000,
        vibrato: 0.006,
        attack: 0.02,
        release: 0.3,
      }),
    "lead",
    0.35,
    {
      density: 0.35,
      octave: 5,
      longNotes: true,
      bars: secondHalf(s),
    },
  );
  return baseMix({
    sidechain: 0.25,
    reverbSize: 0.88,
    reverb: { drums: 0.15, bass: 0, chords: 0.35, lead: 0.35, texture: 0 },
    delay: { steps: 3, feedback: 0.4, send: 0.25 },
  });
};

const ambient: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0, 5), C(3, 4), C(5, 4), C(4, 4)] : [C(0, 4), C(5, 4), C(3, 5), C(0, 4)];
  comp(
    s,
    chords,
    (f, d) =>
      synth(f, d, rng, {
        voices: 5,
        detune: 0.2,
        cutoff: 1400,
        attack: 1.2,
        decay: 1,
        sustain: 0.9,
        release: 2.5,
        vibrato: 0.002,
      }),
    "pad",
    0.6,
    {
      center: 60,
      spread: 1,
    },
  );
  bassline(
    s,
    chords,
    (f, d) => synth(f, d, rng, { wave: "sine", attack: 0.8, release: 1.5, cutoff: 400 }),
    "drone",
    0.6,
    [[0, 16, 0]],
  );
  const b: Instrument = (f, d) => bell(f, d, { ratio: 3.01, index: 1, decay: 2 });
  melody(s, chords, b, "bell", 0.3, { density: 0.15, octave: 5, pan: 0.3 });
  arpeggio(s, chords, (f, d) => bell(f, d, { ratio: 2, index: 0.5, decay: 0.8 }), "glit", 0.1, {
    center: 84,
    rate: 4,
    shape: "random",
    pan: -0.4,
  });
  return baseMix({
    reverbSize: 0.93,
    reverb: { drums: 0, bass: 0.1, chords: 0.6, lead: 0.7, texture: 0.5 },
    delay: { steps: 6, feedback: 0.5, send: 0.3 },
    gains: { drums: 0, bass: 0.7, chords: 0.8, lead: 0.6, texture: 0 },
  });
};

const cinematic: Composer = (s, rng, variant) => {
  const strings: Instrument = (f, d) =>
    synth(f, d, rng, {
      voices: 6,
      detune: 0.22,
      cutoff: 2600,
      attack: 0.06,
      decay: 0.2,
      sustain: 0.8,
      release: 0.4,
      vibrato: 0.003,
    });
  if (variant === 0) {
    const chords = [C(5), C(3), C(0), C(4)];
    const ostinato = Array.from({ length: 8 }, (_, i) => [i * 2, 1.5, i % 4 === 2 ? 7 : 0] as [number, number, number]);
    bassline(s, chords, strings, "ost", 0.35, ostinato, { octave: 3 });
    comp(
      s,
      chords,
      (f, d) => synth(f, d, rng, { voices: 6, detune: 0.2, cutoff: 1800, attack: 0.6, release: 1.2 }),
      "pad",
      0.4,
      { center: 62, spread: 0.9 },
    );
    melody(s, chords, (f, d, v) => piano(f, d, v), "pno", 0.5, { density: 0.3, octave: 5 });
    s.pattern(s.drums, impact(rng, { decay: 1.5 }), "X---------------", 0.6, {
      bars: (b) => b % 4 === 0,
      isKick: true,
    });
    s.pattern(s.drums, tom(90, { decay: 0.4 }), "X-------X---X-X-", 0.45, { bars: secondHalf(s) });
    bassline(
      s,
      chords,
      (f, d) => synth(f, d, rng, { wave: "saw", cutoff: 300, attack: 0.2, release: 0.6 }),
      "lo",
      0.5,
      [[0, 16, 0]],
      { octave: 1 },
    );
  } else {
    const chords = [C(0), C(0), C(5), C(1)];
    const ostinato = Array.from({ length: 16 }, (_, i) => [i, 0.8, i % 8 === 6 ? 1 : 0] as [number, number, number]);
    bassline(s, chords, strings, "ost", 0.3, ostinato, { octave: 2 });
    s.pattern(s.drums, impact(rng, { decay: 2 }), "X---------------", 0.8, { bars: (b) => b % 2 === 0, isKick: true });
    s.pattern(s.drums, tick(rng, { tone: 3000 }), "x-x-x-x-x-x-x-x-", 0.25, { pan: 0.3 });
    const brass: Instrument = (f, d) =>
      synth(f, d, rng, {
        voices: 3,
        detune: 0.1,
        cutoff: 700,
        envAmount: 2.5,
        envDecay: 0.3,
        attack: 0.08,
        release: 0.3,
        drive: 0.5,
      });
    comp(s, chords, brass, "brass", 0.5, { center: 50, rhythm: [[0, 6]] });
    melody(s, chords, (f, d) => bell(f, d, { ratio: 3.5, index: 2, decay: 1.5 }), "bell", 0.25, {
      density: 0.15,
      octave: 5,
    });
  }
  return baseMix({ reverbSize: 0.9, reverb: { drums: 0.25, bass: 0.15, chords: 0.45, lead: 0.45, texture: 0 } });
};

const acoustic: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0), C(4), C(5), C(3)] : [C(0), C(3), C(5), C(4)];
  const guitar: Instrument = (f, d) => pluck(f, d, rng, { brightness: 0.55, decay: 0.997 });
  const strum: [number, number, boolean][] = [
    [0, 4, true],
    [4, 2, true],
    [6, 2, false],
    [10, 2, false],
    [12, 2, true],
    [14, 2, false],
  ];
  const voiced = s.voicings(
    chords.map((c) => ({ ...c })),
    57,
  );
  for (let bar = 0; bar < s.bars; bar++) {
    const v = voiced[bar % voiced.length]!;
    const notes = [v[0]! - 12, ...v, v[0]! + 12];
    for (const [st, len, down] of strum) {
      const order = down ? notes : [...notes].reverse();
      s.chord(s.chords, "gtr", guitar, down ? order : order.slice(0, 4), bar * 16 + st, len, down ? 0.75 : 0.5, {
        strum: 0.012,
        spread: 0.6,
      });
    }
  }
  s.pattern(s.drums, shaker(rng, { decay: 0.04 }), "xoxoxoxoxoxoxoxo", 0.2, { pan: 0.3 });
  s.pattern(s.drums, kick(rng, { pitchStart: 100, pitchEnd: 60, decay: 0.15, drive: 1 }), "X-------X-x-----", 0.55, {
    isKick: true,
  });
  s.pattern(s.drums, snare(rng, { tone: 240, decay: 0.07, bright: 2000, noise: 0.5 }), "----X-------X---", 0.4);
  bassline(s, chords, (f, d) => pluck(f, d, rng, { brightness: 0.3, decay: 0.995 }), "bass", 0.6, [
    [0, 6, 0],
    [8, 4, 7],
    [12, 4, 0],
  ]);
  const whistle: Instrument = (f, d) =>
    synth(f, d, rng, { wave: "sine", vibrato: 0.008, attack: 0.04, release: 0.12, cutoff: 5000 });
  melody(s, chords, variant === 0 ? whistle : (f, d) => bell(f, d, { ratio: 4, index: 0.6, decay: 0.6 }), "mel", 0.35, {
    density: 0.35,
    octave: 5,
    bars: secondHalf(s),
  });
  return baseMix({ reverb: { drums: 0.1, bass: 0.05, chords: 0.2, lead: 0.3, texture: 0 } });
};

const chiptune: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0), C(5), C(3), C(4)] : [C(0), C(6), C(5), C(4, 3, true)];
  const noiseK = chipNoise(rng, { decay: 0.05, period: 24 });
  const noiseS = chipNoise(rng, { decay: 0.09, period: 3 });
  const noiseH = chipNoise(rng, { decay: 0.02, period: 1 });
  s.pattern(s.drums, noiseK, variant === 0 ? "X-----X-X-------" : "X-X---X-X-X---X-", 0.6, { isKick: true });
  s.pattern(s.drums, noiseS, "----X-------X---", 0.45);
  s.pattern(s.drums, noiseH, "x-x-x-x-x-x-x-xx", 0.15);
  bassline(
    s,
    chords,
    (f, d) => chip(f, d, { wave: "tri" }),
    "tri",
    0.8,
    Array.from({ length: 8 }, (_, i) => [i * 2, 1.8, i % 2 ? 12 : 0] as [number, number, number]),
  );
  arpeggio(s, chords, (f, d) => chip(f, d, { wave: "pulse12", decay: 0.1 }), "arp", 0.14, {
    center: 67,
    rate: 1,
    pan: -0.2,
  });
  melody(s, chords, (f, d) => chip(f, d, { wave: "pulse25", decay: 0.6 }), "lead", 0.3, {
    density: variant === 0 ? 0.55 : 0.7,
    octave: 5,
    sixteenths: variant === 1,
    pan: 0.1,
  });
  return baseMix({
    reverb: { drums: 0, bass: 0, chords: 0.08, lead: 0.1, texture: 0 },
    delay: { steps: 3, feedback: 0.25, send: 0.1 },
  });
};

const suspense: Composer = (s, rng, variant) => {
  if (variant === 0) {
    const chords = [C(0), C(0), C(1), C(0)];
    s.pattern(s.drums, (st) => tick(rng, { tone: st % 4 === 0 ? 2400 : 1800 }), "x-x-x-x-x-x-x-x-", 0.5, { pan: 0.2 });
    s.pattern(s.drums, kick(rng, { pitchStart: 90, pitchEnd: 40, decay: 0.5, drive: 1 }), "X-------X-------", 0.8, {
      isKick: true,
    });
    bassline(
      s,
      chords,
      (f, d) => synth(f, d, rng, { wave: "saw", cutoff: 420, envAmount: 1, envDecay: 0.1, sustain: 0.5 }),
      "pulse",
      0.5,
      Array.from({ length: 8 }, (_, i) => [i * 2, 1.2, 0] as [number, number, number]),
    );
    comp(
      s,
      chords,
      (f, d) => synth(f, d, rng, { voices: 4, detune: 0.3, cutoff: 900, attack: 1, release: 1.5 }),
      "drone",
      0.45,
      { center: 52 },
    );
    melody(s, chords, (f, d, v) => piano(f, d, v), "pno", 0.35, { density: 0.12, octave: 5, bars: secondHalf(s) });
  } else {
    const chords = [C(0), C(5), C(3), C(4, 3, true)];
    const pizz: Instrument = (f, d) => pluck(f, d, rng, { brightness: 0.25, decay: 0.985 });
    bassline(
      s,
      chords,
      pizz,
      "pizz",
      0.65,
      [
        [0, 2, 0],
        [3, 2, 7],
        [6, 2, 12],
        [8, 2, 3],
        [11, 2, 7],
        [14, 2, 0],
      ],
      { octave: 3 },
    );
    melody(s, chords, (f, d) => bell(f, d, { ratio: 4, index: 1, decay: 0.9 }), "cel", 0.3, {
      density: 0.3,
      octave: 5,
    });
    comp(
      s,
      chords,
      (f, d) => synth(f, d, rng, { voices: 4, detune: 0.2, cutoff: 1200, attack: 0.8, release: 1.2, vibrato: 0.003 }),
      "str",
      0.35,
      { center: 55 },
    );
    s.pattern(s.drums, tom(70, { decay: 0.5 }), "X-------------x-", 0.5, { isKick: true });
  }
  return baseMix({ reverbSize: 0.88, reverb: { drums: 0.25, bass: 0.2, chords: 0.45, lead: 0.45, texture: 0 } });
};

const comedic: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0), C(3), C(4), C(0)] : [C(0), C(5), C(1), C(4)];
  const tuba: Instrument = (f, d) =>
    synth(f, d, rng, {
      wave: "square",
      cutoff: 500,
      envAmount: 1,
      envDecay: 0.08,
      attack: 0.02,
      sustain: 0.6,
      release: 0.08,
    });
  bassline(s, chords, tuba, "tuba", 0.7, [
    [0, 3, 0],
    [8, 3, 7],
  ]);
  comp(s, chords, (f, d, v) => piano(f, d, v * 0.8), "pno", 0.4, {
    center: 62,
    rhythm: [
      [4, 2],
      [12, 2],
    ],
  });
  const mel: Instrument =
    variant === 0 ? (f, d) => pluck(f, d, rng, { brightness: 0.4, decay: 0.98 }) : (f, d) => marimba(f, d);
  melody(s, chords, mel, "mel", 0.55, { density: 0.6, octave: 5, legato: 0.5 });
  s.pattern(s.drums, tick(rng, { tone: 1200 }), "--x---x---x---x-", 0.4, { pan: -0.3 });
  s.pattern(s.drums, kick(rng, { pitchStart: 110, decay: 0.15 }), "X-------X-------", 0.5, { isKick: true });
  s.pattern(s.drums, snare(rng, { decay: 0.08, noise: 0.5 }), "----X-------X---", 0.3);
  if (variant === 1) {
    // A slide-whistle sweep at the end of every fourth bar.
    for (let bar = 3; bar < s.bars; bar += 4) {
      const sweep = synth(800, 4 * s.stepS, rng, {
        wave: "sine",
        glideFrom: 300,
        attack: 0.02,
        release: 0.05,
        cutoff: 6000,
      });
      s.lead.add(sweep, s.time(bar * 16 + 12), 0.2, 0.4);
    }
  }
  return baseMix({ reverb: { drums: 0.1, bass: 0.05, chords: 0.2, lead: 0.2, texture: 0 } });
};

const corporate: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0), C(4), C(5), C(3)] : [C(3), C(0), C(4), C(5)];
  s.pattern(
    s.drums,
    kick(rng, { pitchStart: 140, decay: 0.2 }),
    variant === 0 ? "X-------X-------" : "X---X---X---X---",
    0.8,
    { isKick: true },
  );
  s.pattern(s.drums, clap(rng), "----X-------X---", 0.5);
  s.pattern(s.drums, hat(rng, { decay: 0.04 }), "--x---x---x---x-", 0.25);
  s.pattern(s.drums, shaker(rng), "xoxoxoxoxoxoxoxo", 0.12, { pan: 0.3 });
  comp(s, chords, (f, d, v) => piano(f, d, v), "pno", 0.5, {
    center: 64,
    rhythm: Array.from({ length: 8 }, (_, i) => [i * 2, 2] as [number, number]),
  });
  arpeggio(s, chords, (f, d) => pluck(f, d, rng, { brightness: 0.8, decay: 0.99 }), "pl", 0.25, {
    center: 74,
    rate: 2,
    pan: 0.3,
  });
  bassline(s, chords, (f, d) => synth(f, d, rng, { wave: "saw", cutoff: 600, sub: 0.4 }), "b", 0.5, [
    [0, 6, 0],
    [6, 2, 0],
    [8, 6, 0],
    [14, 2, 7],
  ]);
  melody(s, chords, (f, d) => bell(f, d, { ratio: 4, index: 0.8, decay: 0.8 }), "bell", 0.3, {
    density: 0.35,
    octave: 5,
    bars: secondHalf(s),
  });
  return baseMix({ sidechain: 0.2, delay: { steps: 3, feedback: 0.3, send: 0.15 } });
};

const epic: Composer = (s, rng, variant) => {
  const chords = variant === 0 ? [C(0), C(5), C(2), C(6)] : [C(0), C(6), C(5), C(4, 3, true)];
  const taiko = tom(65, { decay: 0.35 });
  s.pattern(s.drums, taiko, variant === 0 ? "X--x--X-X--x--X-" : "X-xxX-x-X-xxX-XX", 0.7, { isKick: true });
  s.pattern(s.drums, impact(rng), "X---------------", 0.5, { bars: (b) => b % 4 === 0 });
  s.pattern(s.drums, snare(rng, { tone: 200, decay: 0.25, noise: 1 }), "----X-------X---", 0.45, {
    bars: secondHalf(s),
  });
  const strings: Instrument = (f, d) =>
    synth(f, d, rng, { voices: 6, detune: 0.2, cutoff: 3000, attack: 0.01, decay: 0.1, sustain: 0.7, release: 0.15 });
  bassline(
    s,
    chords,
    strings,
    "ost",
    0.3,
    Array.from({ length: 16 }, (_, i) => [i, 0.8, i % 4 === 3 ? 12 : 0] as [number, number, number]),
    { octave: 3 },
  );
  const brass: Instrument = (f, d) =>
    synth(f, d, rng, {
      voices: 3,
      detune: 0.12,
      cutoff: 900,
      envAmount: 2,
      envDecay: 0.4,
      attack: 0.06,
      release: 0.4,
      drive: 0.6,
    });
  comp(s, chords, brass, "brass", 0.45, { center: 55 });
  melody(
    s,
    chords,
    (f, d) =>
      synth(f, d, rng, {
        wave: "saw",
        voices: 3,
        detune: 0.1,
        cutoff: 1600,
        attack: 0.05,
        release: 0.3,
        vibrato: 0.004,
      }),
    "horn",
    0.4,
    {
      density: 0.3,
      octave: 4,
      longNotes: true,
    },
  );
  bassline(s, chords, (f, d) => synth(f, d, rng, { wave: "saw", cutoff: 250, sub: 0.8 }), "lo", 0.55, [[0, 16, 0]], {
    octave: 1,
  });
  return baseMix({ reverbSize: 0.9, reverb: { drums: 0.3, bass: 0.05, chords: 0.4, lead: 0.4, texture: 0 } });
};

const dnb: Composer = (s, rng) => {
  const chords = [C(0), C(5), C(6), C(4)];
  const k = kick(rng, { pitchStart: 180, decay: 0.18, drive: 2 });
  s.pattern(s.drums, k, ["X---------X-----", "X-X-------X-----"], 0.9, { isKick: true });
  s.pattern(
    s.drums,
    snare(rng, { tone: 210, decay: 0.13, bright: 4000 }),
    ["----X-------X---", "----X-------X--o"],
    0.8,
  );
  s.pattern(s.drums, hat(rng, { decay: 0.03 }), "x-xxx-x-x-xxx-x-", 0.22, { pan: 0.25 });
  s.pattern(s.drums, shaker(rng), "oxoxoxoxoxoxoxox", 0.1, { pan: -0.3 });
  const reese: Instrument = (f, d) =>
    synth(f, d, rng, { voices: 4, detune: 0.35, cutoff: 380, resonance: 1.2, sub: 0.7, attack: 0.01, release: 0.1 });
  bassline(
    s,
    chords,
    reese,
    "reese",
    0.55,
    [
      [0, 6, 0],
      [6, 4, 0],
      [10, 6, 12],
    ],
    { octave: 1 },
  );
  comp(
    s,
    chords,
    (f, d) => synth(f, d, rng, { voices: 5, detune: 0.25, cutoff: 2000, attack: 0.4, release: 0.8 }),
    "pad",
    0.3,
    { center: 62 },
  );
  melody(s, chords, (f, d) => pluck(f, d, rng, { brightness: 0.7, decay: 0.994 }), "pl", 0.35, {
    density: 0.4,
    octave: 5,
    bars: secondHalf(s),
  });
  return baseMix({
    delay: { steps: 3, feedback: 0.35, send: 0.2 },
    reverb: { drums: 0.05, bass: 0, chords: 0.4, lead: 0.35, texture: 0 },
  });
};

export const COMPOSERS: Record<string, Composer> = {
  lofi,
  chillhop,
  pop,
  trap,
  drill,
  phonk,
  house,
  synthwave,
  ambient,
  cinematic,
  acoustic,
  chiptune,
  suspense,
  comedic,
  corporate,
  epic,
  "drum-and-bass": dnb,
};

export { notLastOf };
