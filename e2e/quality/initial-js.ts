import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface InitialJs {
  files: { file: string; bytes: number; gzip: number }[];
  bytes: number;
  gzip: number;
}

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;

/**
 * The JavaScript a visitor's browser must fetch before the first page renders: the entry scripts
 * and module preloads of index.html and, transitively, every chunk they import statically (dynamic
 * `import()` chunks load later and are not counted). Sizes are gzip at the default level, as the
 * server sends them.
 */
export function measureInitialJs(distDir: string): InitialJs {
  const html = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => path.join(distDir, (m[1] ?? "").replace(/^\//, "")));
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, "utf8");
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(path.resolve(path.dirname(file), match[1] ?? ""));
  }
  const files = [...seen].map((file) => {
    const content = fs.readFileSync(file);
    return { file: path.relative(distDir, file), bytes: content.length, gzip: zlib.gzipSync(content).length };
  });
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}
