/**
 * npm run showcase [-- --quick]: renders the landing page's clips with Reelsmith's own engine from
 * the starter library into SHOWCASE_DIR (default DATA_DIR/showcase). Already rendered clips are
 * kept; --quick renders the first three (for tests).
 */
import path from "node:path";
import { ENGINE_VERSION } from "@reelsmith/render";
import renderPkg from "../../../packages/render/package.json" with { type: "json" };
import { buildShowcase } from "./build.ts";
import { showcaseEngineVersion, showcasePlan } from "./plan.ts";

const quick = process.argv.includes("--quick");
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
const outDir = process.env.SHOWCASE_DIR?.trim()
  ? path.resolve(process.env.SHOWCASE_DIR)
  : path.join(dataDir, "showcase");
const started = performance.now();
buildShowcase({
  outDir,
  plan: showcasePlan(quick ? 3 : undefined),
  engineVersion: showcaseEngineVersion(renderPkg.version, ENGINE_VERSION),
  log: (line) => console.error(line),
}).then(
  (manifest) => {
    console.error(
      `[showcase] ${manifest.clips.length} clips in ${outDir} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  },
  (error: unknown) => {
    console.error(`[showcase] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
