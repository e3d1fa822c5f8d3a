/** Deterministic randomness: the same seed always gives the same sequence (mulberry32 over an FNV-1a hash). */

export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  (): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Roughly normal (mean 0, sd 1). */
  gauss(): number;
}

export function createRng(seed: string | number): Rng {
  let state = typeof seed === "number" ? seed >>> 0 : hashSeed(seed);
  const next = (() => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Rng;
  next.range = (min, max) => min + (max - min) * next();
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  next.pick = (items) => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new RangeError("pick from an empty list");
    return item;
  };
  next.chance = (p) => next() < p;
  next.gauss = () => (next() + next() + next() + next() - 2) * 1.732;
  return next;
}
