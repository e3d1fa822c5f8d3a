// Bundles the server into dist/main.js. npm dependencies stay external (installed by npm ci);
// the workspace packages (@reelsmith/*) are TypeScript sources and are bundled in.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith("@reelsmith/"));

await build({
  entryPoints: [path.join(root, "src/main.ts")],
  outfile: path.join(root, "dist/main.js"),
  bundle: true,
  platform: "node",
  target: "node22",
  format: "esm",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: "warning",
});
fs.rmSync(path.join(root, "dist/migrations"), { recursive: true, force: true });
fs.cpSync(path.join(root, "src/db/migrations"), path.join(root, "dist/migrations"), { recursive: true });
console.log("server built: dist/main.js");
