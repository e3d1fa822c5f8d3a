/**
 * Proves that a video type is the files docs/ARCHITECTURE.md lists ("A sixth video type"), with a type that
 * exists only in tests (`test/video-type/`, a quote card):
 *
 *   node scripts/check-video-type.ts      (exits 1 when a check fails)
 *
 * 1. The folder compiles whole: the test type's definition, recipe, producer and builder, added to the
 *    product's registries through the same registry types the product uses.
 * 2. Without any one piece it does not compile. A piece is a file of the folder or a registry entry tagged
 *    `// piece: <name>` in `registries.ts` (a file's tagged lines go with it: the newcomer forgot to write
 *    it, not only to delete it). A piece that is only a registry entry must fail in `registries.ts` with a
 *    missing or unexpected property, the error a total registry gives.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const FIXTURE = path.join(ROOT, "test", "video-type");
const TAG = /\/\/ piece: (\S+)\s*$/;
/** "Property is missing", "not assignable" and "may only specify known properties": a registry's refusals. */
const REGISTRY_ERRORS = /registries\.ts\(\d+,\d+\): error TS(2741|2322|1360|2353|2739)/;

function tsc(dir: string): { ok: boolean; output: string } {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(dir, "tsconfig.json")],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/** The pieces: every source file but the registries, and every tag in the registries. */
function pieces(): { name: string; file: boolean }[] {
  const files = fs
    .readdirSync(FIXTURE)
    .filter((f) => /\.tsx?$/.test(f) && f !== "registries.ts")
    .map((name) => ({ name, file: true }));
  const registries = fs.readFileSync(path.join(FIXTURE, "registries.ts"), "utf8");
  const tags = new Set(registries.split("\n").flatMap((line) => TAG.exec(line)?.[1] ?? []));
  const entries = [...tags].filter((t) => !files.some((f) => f.name === t)).map((name) => ({ name, file: false }));
  return [...files, ...entries];
}

/** A copy of the fixture beside it (the same relative paths) without one piece. */
function without(piece: string): string {
  const dir = path.join(ROOT, "test", `.video-type-without-${piece.replace(/\W/g, "-")}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(FIXTURE, dir, { recursive: true });
  fs.rmSync(path.join(dir, piece), { force: true });
  for (const name of fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f))) {
    const file = path.join(dir, name);
    const lines = fs.readFileSync(file, "utf8").split("\n");
    fs.writeFileSync(file, lines.filter((line) => TAG.exec(line)?.[1] !== piece).join("\n"));
  }
  return dir;
}

let failures = 0;
const whole = tsc(FIXTURE);
if (whole.ok) {
  console.log("ok    the test type compiles from its pieces");
} else {
  failures += 1;
  console.log(`FAIL  the test type does not compile whole:\n${whole.output}`);
}
for (const piece of pieces()) {
  const dir = without(piece.name);
  try {
    const result = tsc(dir);
    const first = result.output.split("\n").find((line) => line.includes("error TS")) ?? "";
    const caught = !result.ok && (piece.file || REGISTRY_ERRORS.test(result.output));
    if (!caught) failures += 1;
    const what = piece.file ? `without ${piece.name}` : `without its ${piece.name} entry`;
    console.log(`${caught ? "ok  " : "FAIL"}  ${what}: ${result.ok ? "compiles" : first.replace(`${dir}/`, "")}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(failures > 0 ? 1 : 0);
