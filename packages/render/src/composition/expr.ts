import type { Keyframe } from "./schema.ts";

/** Formats a number for an ffmpeg argument: at most 3 decimals, no trailing zeros. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** Rounds to an even integer (yuv420p needs even sizes). */
export function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/** `#RRGGBB[AA]` as ffmpeg's `0xRRGGBB[@alpha]`. */
export function ffColor(hex: string): string {
  const rgb = hex.slice(1, 7).toUpperCase();
  const alpha = hex.length === 9 ? Number.parseInt(hex.slice(7, 9), 16) / 255 : 1;
  return alpha < 1 ? `0x${rgb}@${num(alpha)}` : `0x${rgb}`;
}

/** Quotes an expression for a filtergraph, so the commas inside it do not split the graph. */
export function quote(value: string): string {
  if (value.includes("'")) throw new RangeError(`cannot quote ${value}`);
  return `'${value}'`;
}

/** Escapes a file path used as a filter option value (both escaping levels of a filtergraph). */
export function escapeFilterPath(path: string): string {
  const option = path.replace(/[\\':]/g, "\\$&");
  return option.replace(/[\\'[\],;]/g, "\\$&");
}

/**
 * An ffmpeg expression of `t` that moves through keyframe values: held before the first and after
 * the last, interpolated between (linear or smooth ease-in-out). `offset` shifts keyframe times to
 * the timeline (a layer's start).
 */
export function keyframeExpr(
  keys: readonly Keyframe[],
  pick: (k: Keyframe) => number,
  easing: "linear" | "ease-in-out",
  offset = 0,
): string {
  const points = [...keys].sort((a, b) => a.t - b.t).map((k) => ({ t: k.t + offset, v: pick(k) }));
  const first = points[0];
  if (!first) return "0";
  if (points.every((p) => p.v === first.v)) return num(first.v);
  let expr = num(points.at(-1)?.v ?? first.v);
  for (let i = points.length - 1; i > 0; i--) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b || b.t <= a.t) continue;
    const p = `(t-${num(a.t)})/${num(b.t - a.t)}`;
    const eased = easing === "linear" ? p : `(${p})*(${p})*(3-2*(${p}))`;
    const seg = `${num(a.v)}+${num(b.v - a.v)}*${eased}`;
    expr = `if(lt(t,${num(b.t)}),${seg},${expr})`;
  }
  return `if(lt(t,${num(first.t)}),${num(first.v)},${expr})`;
}
