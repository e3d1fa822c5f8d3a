/**
 * Renders every caption style's preview picture (a phrase) and single-word picture through the real
 * ASS + libass pipeline. Usage: npm run previews [-- <dir>] (default packages/render/previews).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { renderCaptionPreviews } from "../src/captions/previews.ts";

const dir = process.argv[2]
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
  : fileURLToPath(new URL("../previews", import.meta.url));
const started = performance.now();
const index = await renderCaptionPreviews(dir, { onStyle: (id) => process.stdout.write(`${id} `) });
console.log(
  `\n${index.length} styles, ${index.length * 2} pictures in ${dir} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
