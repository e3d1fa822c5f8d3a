/**
 * The media layer is the only code that starts ffmpeg or ffprobe: anything else that did would run without its
 * limits (time, memory, stalls, processes at once) and could open an outside file with a guessed demuxer.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
const SOURCE_DIRS = [
  "packages/core/src",
  "packages/render/src",
  "packages/render/bench",
  "packages/render/scripts",
  "library/src",
  "server/src",
  "server/scripts",
  "scripts",
];
const SKIP = /(\.spec\.ts|\.test\.ts)$|\/(test|testing|node_modules|dist)\//;

function sources(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mjs|js|sh)$/.test(name) && !SKIP.test(path) ? [path] : [];
  });
}

const SPAWNS_TOOL = /\b(spawn|spawnSync|execFile|execFileSync|exec|execSync|runProcess)\s*\(\s*["'`]ff(mpeg|probe)\b/;
const NAMES_TOOL = /["'`]ff(mpeg|probe)["'`]|FFMPEG_PATH|FFPROBE_PATH/;
const STARTS_PROCESSES = /node:child_process|from\s+["']child_process["']|\.\/process\.ts["']|runProcess/;

/** Source files outside the media layer that start ffmpeg or ffprobe themselves. */
function offenders(root = ROOT): string[] {
  return SOURCE_DIRS.flatMap((dir) => sources(join(root, dir)))
    .filter((file) => {
      const text = readFileSync(file, "utf8");
      if (file.endsWith(".sh")) return /^\s*(exec\s+)?ff(mpeg|probe)\s/m.test(text);
      return SPAWNS_TOOL.test(text) || (STARTS_PROCESSES.test(text) && NAMES_TOOL.test(text));
    })
    .map((file) => relative(root, file));
}

describe("one media layer", () => {
  it("nothing but packages/media spawns ffmpeg or ffprobe", () => {
    expect(offenders()).toEqual([]);
  });

  it("the check finds a file that does", () => {
    const text = 'import { spawn } from "node:child_process";\nspawn("ffprobe", [file]);\n';
    expect(SPAWNS_TOOL.test(text)).toBe(true);
    expect(STARTS_PROCESSES.test(text) && NAMES_TOOL.test(text)).toBe(true);
    const runner = 'import { runProcess } from "./process.ts";\nawait runProcess("ffmpeg", ["-i", x]);\n';
    expect(SPAWNS_TOOL.test(runner)).toBe(true);
  });
});
