import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CUBE_SPANS, cubeCutSeconds, LAYERS, REST_DEPTH } from "../asmr/cube.ts";
import { REEL_MOD_DIR } from "./minetest.ts";
import { RECORDED_RECIPES } from "./recipes.ts";

/**
 * The recorded cube keeps the drawn cube's foley, so the mod must cut on the drawn clip's schedule: the same spans of
 * each cut, the knife meeting the top at the same moment and moving at the same speed, and the strata in the same
 * order at nearly the same depths. Read from the mod's own source, so a change to either side that would put a sound
 * off its picture fails here.
 */
const lua = readFileSync(path.join(REEL_MOD_DIR, "init.lua"), "utf8");
const luaNumbers = (text: string) => [...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));

describe("the recorded cube follows the drawn cube's schedule", () => {
  it("cuts with the same spans and the knife's rest height", () => {
    const spans = lua.match(/local CUBE_SLIDE, CUBE_CUT, CUBE_FALL = ([^\n]+)/)?.[1];
    expect(spans).toBeDefined();
    expect(luaNumbers(spans ?? "")).toEqual([...CUBE_SPANS.slide, ...CUBE_SPANS.cut, ...CUBE_SPANS.fall]);
    // The knife rises back while the slab falls.
    expect(CUBE_SPANS.lift).toEqual(CUBE_SPANS.fall);
    expect(Number(lua.match(/local CUBE_REST = (-?[\d.]+)/)?.[1])).toBe(REST_DEPTH);
  });

  it("has the drawn strata in their order, each boundary within a row of its depth", () => {
    const rows = [...(lua.match(/local CUBE_ROWS = \{([^}]+)\}/)?.[1] ?? "").matchAll(/"(\w+)"/g)].map((m) => m[1]);
    expect(rows.length).toBeGreaterThan(8);
    // Consecutive rows of one name are one stratum.
    const strata: { name: string; rows: number }[] = [];
    for (const name of rows) {
      const last = strata.at(-1);
      if (last && last.name === name) last.rows += 1;
      else strata.push({ name: name ?? "", rows: 1 });
    }
    expect(strata.map((s) => s.name)).toEqual(["grass", "soil", "sand", "stone", "deep", "magma"]);
    expect(strata).toHaveLength(LAYERS.length);
    let drawn = 0;
    let recorded = 0;
    strata.forEach((stratum, i) => {
      drawn += LAYERS[i]?.depth ?? 0;
      recorded += stratum.rows;
      expect(Math.abs(recorded - drawn * rows.length), stratum.name).toBeLessThanOrEqual(1);
    });
    expect(drawn).toBeCloseTo(1, 6);
  });

  it("takes each cut's length from the drawn clip of the same library", () => {
    const recipe = RECORDED_RECIPES.find((r) => r.kind === "asmr" && r.key === "cube");
    expect(recipe?.scene.scene).toBe("cube");
    expect(recipe?.cycle).toEqual({ full: cubeCutSeconds("full"), quick: cubeCutSeconds("quick") });
    // Four cuts in the drawn 8 s loop; one in the quick library's 1 s one.
    expect(cubeCutSeconds("full")).toBe(2);
    expect(cubeCutSeconds("quick")).toBe(1);
  });
});
