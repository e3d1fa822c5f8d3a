/**
 * Meshes the world mod's scenes use that no block can make: gears with real teeth and thickness, written as
 * Wavefront OBJ into the mod's `models/` folder of each recording's world. Each is made here from its numbers, in
 * block units (the mod shows them at visual_size 10: an entity's mesh is drawn at 10 units a block).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export interface GearSpec {
  teeth: number;
  /** Radius at the tips of the teeth and at their roots, in blocks. */
  tip: number;
  root: number;
  /** Thickness along the axle, in blocks. */
  thickness: number;
  /** Radius of the hole through the middle (0: none). */
  hole: number;
}

/** The gears the machine hall uses, by file name: a big wheel and the small one it drives (same tooth size). */
export const GEARS: Readonly<Record<string, GearSpec>> = {
  "reel_gear_big.obj": { teeth: 16, tip: 3.2, root: 2.75, thickness: 0.5, hole: 0.45 },
  "reel_gear_small.obj": { teeth: 10, tip: 2.1, root: 1.65, thickness: 0.5, hole: 0.35 },
};

const fixed = (n: number) => Number(n.toFixed(4)).toString();

/**
 * A gear as OBJ, its axle along z, centred on the origin: the outline goes root, flank up, tip, flank down for each
 * tooth (the tip 30 % of a tooth's share of the circle, the tooth 70 % at its root); both faces are fans between the outline and the hole,
 * and the sides join them. Texture coordinates map the faces flat and wrap the sides once around.
 */
export function gearObj(spec: GearSpec): string {
  const outline: [number, number][] = [];
  const step = (2 * Math.PI) / spec.teeth;
  for (let i = 0; i < spec.teeth; i++) {
    const a = i * step;
    // Each tooth centred on its angle (a tooth on angle 0), so a pair meshes when one's tooth faces the other's gap.
    for (const [share, radius] of [
      [-0.35, spec.root],
      [-0.15, spec.tip],
      [0.15, spec.tip],
      [0.35, spec.root],
    ] as const) {
      outline.push([Math.cos(a + share * step) * radius, Math.sin(a + share * step) * radius]);
    }
  }
  const n = outline.length;
  const half = spec.thickness / 2;
  const v: string[] = [];
  const vt: string[] = [];
  const vn: string[] = ["vn 0 0 1", "vn 0 0 -1"];
  const f: string[] = [];
  const uv = (x: number, y: number) => `vt ${fixed(0.5 + x / (2 * spec.tip))} ${fixed(0.5 + y / (2 * spec.tip))}`;
  // Vertices: the outline at +z then -z, then the hole's rim (as many points) at +z then -z.
  for (const z of [half, -half]) for (const [x, y] of outline) v.push(`v ${fixed(x)} ${fixed(y)} ${fixed(z)}`);
  const hole = outline.map(([x, y]) => {
    const r = Math.hypot(x, y);
    return [(x / r) * spec.hole, (y / r) * spec.hole] as const;
  });
  for (const z of [half, -half]) for (const [x, y] of hole) v.push(`v ${fixed(x)} ${fixed(y)} ${fixed(z)}`);
  for (const [x, y] of outline) vt.push(uv(x, y));
  for (const [x, y] of hole) vt.push(uv(x, y));
  for (let k = 0; k <= n; k++) vt.push(`vt ${fixed(k / n)} 0`, `vt ${fixed(k / n)} 1`);
  // 1-based indices.
  const top = (k: number) => (k % n) + 1;
  const bottom = (k: number) => (k % n) + 1 + n;
  const holeTop = (k: number) => (k % n) + 1 + 2 * n;
  const holeBottom = (k: number) => (k % n) + 1 + 3 * n;
  const tOut = (k: number) => (k % n) + 1;
  const tHole = (k: number) => (k % n) + 1 + n;
  const tSide = (k: number, up: boolean) => 2 * n + 1 + 2 * k + (up ? 1 : 0);
  for (let k = 0; k < n; k++) {
    // The faces: a quad from the hole's rim to the outline, wound to face out along the axle.
    f.push(
      `f ${holeTop(k)}/${tHole(k)}/1 ${top(k)}/${tOut(k)}/1 ${top(k + 1)}/${tOut(k + 1)}/1 ${holeTop(k + 1)}/${tHole(k + 1)}/1`,
    );
    f.push(
      `f ${holeBottom(k + 1)}/${tHole(k + 1)}/2 ${bottom(k + 1)}/${tOut(k + 1)}/2 ${bottom(k)}/${tOut(k)}/2 ${holeBottom(k)}/${tHole(k)}/2`,
    );
    // The outer side and the hole's wall, each with its own outward normal.
    const [x0, y0] = outline[k] as [number, number];
    const [x1, y1] = outline[(k + 1) % n] as [number, number];
    const nx = y1 - y0;
    const ny = -(x1 - x0);
    const len = Math.hypot(nx, ny) || 1;
    vn.push(`vn ${fixed(nx / len)} ${fixed(ny / len)} 0`);
    const side = vn.length;
    f.push(
      `f ${top(k)}/${tSide(k, true)}/${side} ${bottom(k)}/${tSide(k, false)}/${side} ${bottom(k + 1)}/${tSide(k + 1, false)}/${side} ${top(k + 1)}/${tSide(k + 1, true)}/${side}`,
    );
    if (spec.hole > 0) {
      const [hx, hy] = hole[k] as readonly [number, number];
      vn.push(`vn ${fixed(-hx / spec.hole)} ${fixed(-hy / spec.hole)} 0`);
      const inner = vn.length;
      f.push(
        `f ${holeTop(k + 1)}/${tSide(k + 1, true)}/${inner} ${holeBottom(k + 1)}/${tSide(k + 1, false)}/${inner} ${holeBottom(k)}/${tSide(k, false)}/${inner} ${holeTop(k)}/${tSide(k, true)}/${inner}`,
      );
    }
  }
  return `# gear: ${spec.teeth} teeth, tip radius ${spec.tip}, made by library/src/recorded/meshes.ts\n${[...v, ...vt, ...vn, ...f].join("\n")}\n`;
}

/** Writes every mesh into `modDir/models`. */
export async function writeMeshes(modDir: string): Promise<void> {
  const dir = path.join(modDir, "models");
  await mkdir(dir, { recursive: true });
  for (const [file, spec] of Object.entries(GEARS)) await writeFile(path.join(dir, file), gearObj(spec));
}
