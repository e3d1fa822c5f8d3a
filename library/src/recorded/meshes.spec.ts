import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GEARS, gearObj, writeMeshes } from "./meshes.ts";

/** The OBJ's vertices, texture coordinates, normals and faces (each corner as [v, vt, vn], 1-based). */
function parseObj(text: string) {
  const v: number[][] = [];
  let vt = 0;
  let vn = 0;
  const faces: number[][][] = [];
  for (const line of text.split("\n")) {
    const [tag, ...rest] = line.trim().split(/\s+/);
    if (tag === "v") v.push(rest.map(Number));
    else if (tag === "vt") vt += 1;
    else if (tag === "vn") vn += 1;
    else if (tag === "f") faces.push(rest.map((corner) => corner.split("/").map(Number)));
  }
  return { v, vt, vn, faces };
}

describe("gear meshes", () => {
  const spec = { teeth: 12, tip: 3, root: 2.5, thickness: 0.6, hole: 0.4 };
  const obj = parseObj(gearObj(spec));

  it("has an outline of four points a tooth on both faces, a hole's rim as long, and faces that index only those", () => {
    expect(obj.v).toHaveLength(4 * spec.teeth * 4);
    // Per outline point: the two faces, the outer side and the hole's wall.
    expect(obj.faces).toHaveLength(4 * spec.teeth * 4);
    for (const face of obj.faces) {
      expect(face).toHaveLength(4);
      for (const [vi, ti, ni] of face) {
        expect(vi).toBeGreaterThanOrEqual(1);
        expect(vi).toBeLessThanOrEqual(obj.v.length);
        expect(ti).toBeGreaterThanOrEqual(1);
        expect(ti).toBeLessThanOrEqual(obj.vt);
        expect(ni).toBeGreaterThanOrEqual(1);
        expect(ni).toBeLessThanOrEqual(obj.vn);
      }
    }
  });

  it("is as big as its numbers say: tips and roots at their radii, the thickness along the axle", () => {
    const radii = obj.v.map(([x = 0, y = 0]) => Math.hypot(x, y));
    expect(Math.max(...radii)).toBeCloseTo(spec.tip, 3);
    const outline = radii.slice(0, 4 * spec.teeth);
    expect(outline.filter((r) => Math.abs(r - spec.tip) < 1e-3)).toHaveLength(2 * spec.teeth);
    expect(outline.filter((r) => Math.abs(r - spec.root) < 1e-3)).toHaveLength(2 * spec.teeth);
    const zs = new Set(obj.v.map(([, , z]) => z));
    expect([...zs].sort()).toEqual([-spec.thickness / 2, spec.thickness / 2]);
  });

  it("centres a tooth on angle 0 (the meshing of a pair in the mod counts on it)", () => {
    const tips = obj.v
      .slice(0, 4 * spec.teeth)
      .filter(([x = 0, y = 0]) => Math.abs(Math.hypot(x, y) - spec.tip) < 1e-3)
      .map(([x = 0, y = 0]) => Math.atan2(y, x));
    // The first tooth's tip runs from -a to +a.
    const around = tips.filter((a) => Math.abs(a) < Math.PI / spec.teeth);
    expect(around).toHaveLength(2);
    expect((around[0] ?? 0) + (around[1] ?? 0)).toBeCloseTo(0, 3);
  });

  it("writes every gear the mod names into the mod's models folder", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "reelsmith-meshes-"));
    try {
      await writeMeshes(dir);
      expect((await readdir(path.join(dir, "models"))).sort()).toEqual(Object.keys(GEARS).sort());
      const lua = await readFile(path.join(import.meta.dirname, "minetest", "reel", "init.lua"), "utf8");
      for (const file of Object.keys(GEARS)) expect(lua).toContain(`"${file}"`);
      // The mod's pitch radii and teeth are the meshes' (the pitch radius halfway between root and tip).
      for (const [name, gear] of Object.entries({
        big: GEARS["reel_gear_big.obj"],
        small: GEARS["reel_gear_small.obj"],
      })) {
        const line = lua.match(new RegExp(`${name} = \\{ mesh = "[^"]+", teeth = (\\d+), pitch = ([\\d.]+) \\}`));
        expect(Number(line?.[1]), name).toBe(gear?.teeth);
        expect(Number(line?.[2]), name).toBeCloseTo(((gear?.tip ?? 0) + (gear?.root ?? 0)) / 2, 3);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
