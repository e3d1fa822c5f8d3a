/** Keys, scales, chords with voice leading, and a seeded melody writer. */
import type { Rng } from "../kit/prng.ts";

export const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
} as const;
export type ScaleName = keyof typeof SCALES;

export interface Key {
  /** MIDI note of the tonic (any octave). */
  root: number;
  scale: ScaleName;
}

/** MIDI note of a scale degree (0-based, may be negative or above 6) relative to the tonic in `octave`. */
export function degreeToMidi(key: Key, degree: number, octave = 4): number {
  const scale = SCALES[key.scale];
  const oct = Math.floor(degree / 7);
  const idx = ((degree % 7) + 7) % 7;
  return 12 * (octave + 1) + (key.root % 12) + 12 * oct + (scale[idx] as number);
}

export interface Chord {
  /** Scale degree of the root (0 = tonic). */
  degree: number;
  /** 3 = triad, 4 = seventh, 5 = ninth. */
  size: 3 | 4 | 5;
  /** Optional semitone override for the third (e.g. a major V in minor). */
  raiseThird?: boolean;
}

/** Pitch classes (semitones above the tonic) of a chord built in thirds from the scale. */
export function chordTones(key: Key, chord: Chord): number[] {
  const tones: number[] = [];
  for (let i = 0; i < chord.size; i++) {
    let m = degreeToMidi(key, chord.degree + i * 2, 4);
    if (i === 1 && chord.raiseThird) m += 1;
    tones.push(m);
  }
  return tones;
}

/** Voices a chord near `center` (MIDI) with the smallest movement from the previous voicing. */
export function voice(key: Key, chord: Chord, center: number, previous?: number[]): number[] {
  const tones = chordTones(key, chord).map((m) => m % 12);
  const candidates: number[][] = [];
  for (let inversion = 0; inversion < tones.length; inversion++) {
    const rotated = [...tones.slice(inversion), ...tones.slice(0, inversion)];
    const notes: number[] = [];
    let last = -1;
    for (const pc of rotated) {
      let n = pc;
      while (n <= last) n += 12;
      notes.push(n);
      last = n;
    }
    const mid = (notes[0]! + notes[notes.length - 1]!) / 2;
    const shift = Math.round((center - mid) / 12) * 12;
    candidates.push(notes.map((n) => n + shift));
  }
  const cost = (v: number[]) =>
    previous
      ? v.reduce((s, n, i) => s + Math.abs(n - (previous[Math.min(i, previous.length - 1)] ?? n)), 0)
      : Math.abs((v[0]! + v[v.length - 1]!) / 2 - center);
  return candidates.sort((a, b) => cost(a) - cost(b))[0]!;
}

/** Bass note (MIDI) of a chord in the given octave. */
export function bassNote(key: Key, chord: Chord, octave = 2): number {
  return degreeToMidi(key, chord.degree, octave);
}

export interface MelodyNote {
  /** Step (16th) from the start of the phrase. */
  step: number;
  length: number;
  midi: number;
  velocity: number;
}

/**
 * Writes a melody over `chords` (one per bar): a two-bar motif whose rhythm comes from `density`
 * (0..1 chance of a note on each 8th, 16ths when `sixteenths`), repeated with a varied answer, strong
 * beats snapped to chord tones, the last note resolving to the tonic.
 */
export function writeMelody(
  rng: Rng,
  key: Key,
  chords: readonly Chord[],
  o: { density: number; octave: number; sixteenths?: boolean; range?: number; longNotes?: boolean },
): MelodyNote[] {
  const grid = o.sixteenths ? 1 : 2;
  const range = o.range ?? 7;
  const makeRhythm = () => {
    const onsets: number[] = [];
    for (let s = 0; s < 32; s += grid) {
      const strong = s % 8 === 0;
      const p = strong ? Math.min(1, o.density + 0.35) : o.density * (s % 4 === 0 ? 1 : 0.7);
      if (s === 0 || rng() < p) onsets.push(s);
    }
    return onsets;
  };
  const makeContour = (count: number, start: number) => {
    const degrees: number[] = [];
    let d = start;
    for (let i = 0; i < count; i++) {
      degrees.push(d);
      const step = rng() < 0.7 ? (rng() < 0.5 ? 1 : -1) : rng() < 0.5 ? 2 : -2;
      d = Math.max(-2, Math.min(range, d + step));
    }
    return degrees;
  };
  const rhythmA = makeRhythm();
  const contourA = makeContour(rhythmA.length, rng.int(2, 4));
  const rhythmB = [...rhythmA.filter((s) => s < 16), ...makeRhythm().filter((s) => s >= 16)];
  const contourB = [...contourA.slice(0, rhythmB.filter((s) => s < 16).length)];
  contourB.push(...makeContour(rhythmB.length - contourB.length, contourB[contourB.length - 1] ?? 2));
  const notes: MelodyNote[] = [];
  const phrases = Math.ceil(chords.length / 2);
  for (let p = 0; p < phrases; p++) {
    const answer = p % 2 === 1;
    const rhythm = answer ? rhythmB : rhythmA;
    const contour = answer ? contourB : contourA;
    rhythm.forEach((s, i) => {
      const bar = p * 2 + Math.floor(s / 16);
      if (bar >= chords.length) return;
      const chord = chords[bar]!;
      let degree = contour[i] ?? 0;
      const isLast = p === phrases - 1 && i === rhythm.length - 1;
      if (s % 8 === 0 || isLast) {
        const chordDegrees = [0, 2, 4].map((k) => chord.degree + k);
        degree = chordDegrees
          .flatMap((c) => [c - 7, c, c + 7])
          .sort((a, b) => Math.abs(a - degree) - Math.abs(b - degree))[0]!;
      }
      if (isLast) degree = Math.round(degree / 7) * 7;
      const next = rhythm[i + 1] ?? 32;
      const gap = next - s;
      const length = o.longNotes ? gap : Math.max(1, Math.min(gap, rng() < 0.6 ? gap : Math.ceil(gap / 2)));
      notes.push({
        step: p * 32 + s,
        length,
        midi: degreeToMidi(key, degree, o.octave),
        velocity: s % 8 === 0 ? 0.95 : s % 4 === 0 ? 0.8 : 0.7,
      });
    });
  }
  return notes;
}
