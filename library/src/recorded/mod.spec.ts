import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REEL_MOD_DIR } from "./minetest.ts";

/** Names a Lua chunk declares at its top level: `local function f`, `local a, b = ...` and `local a` at column 0. */
function topLevelLocals(source: string): string[] {
  const names: string[] = [];
  for (const line of source.split("\n")) {
    const fn = /^local function ([A-Za-z_]\w*)/.exec(line);
    if (fn) {
      names.push(fn[1] as string);
      continue;
    }
    const vars = /^local ([A-Za-z_][\w\s,]*?)\s*(=|$)/.exec(line);
    if (vars) names.push(...(vars[1] as string).split(",").map((n) => n.trim()));
  }
  return names;
}

describe("the recording mod's script", () => {
  it("counts a chunk's top-level locals, however they are declared", () => {
    expect(topLevelLocals("local a\nlocal b, c = 1, 2\nlocal function d() local e = 1 end\n  local f = 2\n")).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
  });

  it("declares fewer than LuaJIT's 200 locals in its main chunk, or the game refuses to load it", () => {
    // Over the limit the server exits at once ("main function has more than 200 local variables") and every
    // recording fails; a scene with many settings keeps them in one table.
    const source = readFileSync(path.join(REEL_MOD_DIR, "init.lua"), "utf8");
    expect(topLevelLocals(source).length).toBeLessThan(200);
  });
});
