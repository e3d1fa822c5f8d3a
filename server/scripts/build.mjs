// Bundles the server into dist/main.js. npm dependencies stay external (installed by npm ci);
// the workspace packages (@reelsmith/*) are TypeScript sources and are bundled in.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const readPackage = (dir) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
// Every npm dependency of the server and of the workspace packages it bundles stays external (native
// modules such as @napi-rs/canvas cannot be bundled, and font packages are read from node_modules).
const workspaces = [
  root,
  ...["packages/core", "packages/media", "packages/render", "library"].map((d) => path.join(root, "..", d)),
];
const external = [...new Set(workspaces.flatMap((dir) => Object.keys(readPackage(dir).dependencies ?? {})))].filter(
  (name) => !name.startsWith("@reelsmith/"),
);

/** One self-contained ESM file for Node from `entry`, its npm dependencies left external. */
const bundle = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "esm",
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: "warning",
  });

await bundle(path.join(root, "src/main.ts"), path.join(root, "dist/main.js"));
// The song analysis runs in a worker thread, from its own file beside the bundle.
await bundle(
  path.join(root, "../packages/render/src/pipeline/song-analysis.worker.ts"),
  path.join(root, "dist/song-analysis.worker.js"),
);
fs.rmSync(path.join(root, "dist/migrations"), { recursive: true, force: true });
fs.cpSync(path.join(root, "src/db/migrations"), path.join(root, "dist/migrations"), { recursive: true });
console.log("server built: dist/main.js");
