/** Seconds one loop of a marquee takes to scroll `distancePx` at `speedPxPerSecond` (spec: speed 140). */
export function marqueeDurationSeconds(distancePx: number, speedPxPerSecond: number): number {
  if (speedPxPerSecond <= 0) throw new RangeError("speed must be positive");
  return Math.max(1, distancePx / speedPxPerSecond);
}
