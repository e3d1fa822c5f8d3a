#!/usr/bin/env bash
# Runs every check and ends with one summary line: lint, typecheck, unit and integration tests
# of each workspace, the production build, then the browser tests against the built app.
# Every stage runs even when an earlier one failed, so one run shows everything that is wrong.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
REPORTS="$ROOT/.test-reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
STAGES=()

stage() {
  local name="$1"
  shift
  local started=$SECONDS status
  printf '\n\033[1;35m== %s\033[0m\n' "$name"
  "$@"
  status=$?
  STAGES+=("$name|$status|$((SECONDS - started))")
  return 0
}

vitest_ws() {
  local ws="$1"
  (cd "$ROOT/$ws" && npx --no-install vitest run --reporter=default --reporter=json \
    --outputFile.json="$REPORTS/vitest-${ws//\//-}.json")
}

stage "lint (biome)" npx --no-install biome check .
stage "docs (layout paths)" node "$ROOT/scripts/check-docs.ts"
stage "typecheck" npm run --silent typecheck
stage "video type (compile)" node "$ROOT/scripts/check-video-type.ts"
stage "build" npm run --silent build
# Lighthouse (mobile) on / and /pricing and the initial JavaScript of / against the built app, first: a run at the end
# of an hour of tests measured the machine (CI's host benchmark fell from about 2900 idle to 1900-2600, and the same
# build scored 73-88 there against 93-100 on a rested machine), not the page.
stage "quality (lighthouse)" node "$ROOT/e2e/quality/quality.ts"
for ws in packages/core packages/media packages/render library server web; do
  stage "tests: $ws" vitest_ws "$ws"
done
# The e2e server reads the builders' previews from here (made once, then cached between runs).
export PREVIEWS_DIR="${PREVIEWS_DIR:-$ROOT/.test-cache/previews}"
stage "previews" node "$ROOT/server/dist/main.js" previews
stage "e2e (chromium)" bash -c "cd '$ROOT/e2e' && npx --no-install playwright test"

node - "$REPORTS" "${STAGES[@]}" <<'JS'
const fs = require("node:fs");
const path = require("node:path");
const [reports, ...stages] = process.argv.slice(2);
let passed = 0, failed = 0, skipped = 0;
const counts = {};
// Every failed (and every flaky) test by name with the first line of its error, so the end of the log, which is
// often all that is kept, says what failed.
const named = [];
const firstLine = (text) => String(text ?? "").replace(/\x1b\[[0-9;]*m/g, "").trim().split("\n")[0].slice(0, 300);
function playwrightTests(suite, file, out) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) out.push({ title: `${file} › ${spec.title}`, test });
  }
  for (const child of suite.suites ?? []) playwrightTests(child, suite.file ?? file, out);
  return out;
}
for (const file of fs.existsSync(reports) ? fs.readdirSync(reports) : []) {
  const data = JSON.parse(fs.readFileSync(path.join(reports, file), "utf8"));
  if (file.startsWith("vitest-")) {
    counts[file] = [data.numPassedTests, data.numFailedTests, data.numPendingTests + (data.numTodoTests ?? 0)];
    for (const result of data.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name ?? "");
      for (const test of result.assertionResults ?? []) {
        if (test.status !== "failed") continue;
        named.push(`FAILED  ${where} › ${test.fullName}\n        ${firstLine(test.failureMessages?.[0])}`);
      }
      // A file that failed to load or crashed has no failed test of its own to name.
      if (result.status === "failed" && !(result.assertionResults ?? []).some((t) => t.status === "failed")) {
        named.push(`FAILED  ${where}\n        ${firstLine(result.message)}`);
      }
    }
  } else if (file === "playwright.json") {
    counts[file] = [data.stats.expected + data.stats.flaky, data.stats.unexpected, data.stats.skipped];
    for (const { title, test } of (data.suites ?? []).flatMap((s) => playwrightTests(s, s.file, []))) {
      if (test.status !== "unexpected" && test.status !== "flaky") continue;
      const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
      named.push(`${test.status === "flaky" ? "FLAKY " : "FAILED"}  e2e/${title}\n        ${firstLine(error)}`);
    }
  }
}
for (const [p, f, s] of Object.values(counts)) { passed += p; failed += f; skipped += s; }
console.log("\n== Summary");
let stageFailures = 0;
for (const entry of stages) {
  const [name, status, secs] = entry.split("|");
  const ok = status === "0";
  if (!ok) stageFailures += 1;
  console.log(`${ok ? "PASS" : "FAIL"}  ${name.padEnd(24)} ${secs}s`);
}
// A stage that failed without failing a counted test (lint, typecheck, build, a crash) counts as one failure.
const uncounted = Math.max(0, stageFailures - Object.values(counts).filter(([, f]) => f > 0).length);
failed += uncounted;
if (named.length > 0) console.log(`\n${named.join("\n")}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(stageFailures > 0 || failed > 0 ? 1 : 0);
JS
