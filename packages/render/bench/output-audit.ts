/**
 * The output audit on the full library: every video type's example rendered (720x1280 draft, offline
 * voices) from the library in LIBRARY_DIR (default library/build), its file measured as the test's
 * output audit measures it (test/audit.ts), and a table of the figures per type printed: length
 * against what the format wants, pixel shape, loudness, true peak, the longest silence and the
 * longest stretch of footage shown twice. No time is measured or asserted; a type with a fault makes
 * the run exit with 1 after the table, each fault named.
 * Usage: npm run bench (after the other benchmarks), or node packages/render/bench/output-audit.ts [type ...].
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VIDEO_TYPES, type VideoType, videoInputSchemas } from "@reelsmith/core";
import { libraryDir, loadLibrary } from "@reelsmith/library";
import { ensureExampleMedia } from "../scripts/example-media.ts";
import { resolveAssets } from "../src/pipeline/assets.ts";
import { produceVideo } from "../src/pipeline/produce.ts";
import { OfflineTtsProvider } from "../src/tts/offline.ts";
import { type AuditFigures, auditFaults, auditFigures, LENGTH_RANGES, longest } from "../test/audit.ts";

const asked = process.argv.slice(2) as VideoType[];
const types = asked.length > 0 ? asked : VIDEO_TYPES;
const library = await loadLibrary();
const tts = new OfflineTtsProvider({ onWarning: () => {} });
const root = await mkdtemp(join(tmpdir(), "reelsmith-audit-bench-"));
const rows: { type: VideoType; figures: AuditFigures; faults: string[] }[] = [];

try {
  console.log(`output audit: the examples rendered from the library in ${libraryDir()}`);
  // The examples' uploads (serum.png, beach.png, song.mp3) live beside the input as media/<name>.
  await ensureExampleMedia(join(root, "media", "media"));
  for (const type of types) {
    const raw = JSON.parse(await readFile(new URL(`../examples/${type}.json`, import.meta.url), "utf8")) as {
      input: unknown;
      files?: Record<string, string>;
    };
    const input = videoInputSchemas[type].parse(raw.input);
    const files = Object.fromEntries(Object.entries(raw.files ?? {}).map(([id, p]) => [id, join(root, "media", p)]));
    const result = await produceVideo({
      type,
      input: input as never,
      assets: resolveAssets(type, input as never, library, files) as never,
      tts,
      workDir: join(root, type),
      draft: true,
    });
    const figures = await auditFigures(result.videoPath);
    rows.push({ type, figures, faults: auditFaults(type, figures) });
    console.log(`  ${type} rendered and measured`);
  }
} finally {
  await rm(root, { recursive: true, force: true });
}

const table = [
  [
    "type",
    "length s",
    "wanted s",
    "SAR",
    "LUFS",
    "dBTP",
    "longest silence s",
    "longest repeat s",
    "black frames",
    "faults",
  ],
  ...rows.map(({ type, figures: f, faults }) => {
    const repeat = f.repeats.reduce(
      (most, r) => (r.again.end - r.again.start > most ? r.again.end - r.again.start : most),
      0,
    );
    return [
      type,
      f.durationS.toFixed(1),
      LENGTH_RANGES[type].join("-"),
      f.sar,
      f.lufs.toFixed(1),
      f.truePeak === null ? "-" : f.truePeak.toFixed(1),
      longest(f.silences).toFixed(2),
      repeat.toFixed(1),
      String(Math.round(f.blacks.reduce((sum, b) => sum + (b.end - b.start), 0) * 30)),
      String(faults.length),
    ];
  }),
];
const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => (row[i] ?? "").length))) ?? [];
for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
const faulty = rows.filter((r) => r.faults.length > 0);
for (const { type, faults } of faulty) for (const fault of faults) console.log(`${type}: ${fault}`);
if (faulty.length > 0) process.exitCode = 1;
