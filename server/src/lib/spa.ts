import fs from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { sendFile } from "./send-file.ts";
import type { AppBindings } from "./types.ts";

/** Rewrites index.html for the requested path (tags, config); identity when omitted. */
export type IndexHtmlRenderer = (template: string, pathname: string) => string;

/**
 * Serves the built single-page app: files under `assets/` carry content hashes and are cached for
 * a year; everything else is revalidated; unknown paths get index.html (history fallback), passed
 * through `renderHtml` so each page is served with its own title and tags.
 */
export function serveSpa(app: Hono<AppBindings>, distDir: string, renderHtml: IndexHtmlRenderer = (t) => t): void {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, "index.html");
  let cached: { mtimeMs: number; template: string } | undefined;
  const template = (): string => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, template: fs.readFileSync(indexFile, "utf8") };
    return cached.template;
  };

  app.on(["GET", "HEAD"], "*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    if (!fs.existsSync(indexFile)) {
      return c.text("The web app is not built. Run `npm start` (it builds on first run) or `npm run build`.", 503);
    }
    const file = path.join(root, decodeURIComponent(c.req.path));
    if (file !== indexFile && file.startsWith(root + path.sep) && isFile(file)) {
      const immutable = file.startsWith(path.join(root, "assets") + path.sep);
      return sendFile(c, file, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    const html = renderHtml(template(), c.req.path);
    c.header("Cache-Control", "no-cache");
    if (c.req.method === "HEAD") {
      c.header("Content-Type", "text/html; charset=utf-8");
      return c.body(null);
    }
    return c.html(html);
  });
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
