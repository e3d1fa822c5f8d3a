import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Hono } from "hono";
import type { AppBindings } from "./types.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
  ".mp4": "video/mp4",
  ".mp3": "audio/mpeg",
};

/**
 * Serves the built single-page app: files under `assets/` carry content hashes and are cached for
 * a year; everything else is revalidated; unknown paths get index.html (history fallback).
 */
export function serveSpa(app: Hono<AppBindings>, distDir: string): void {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, "index.html");
  app.on(["GET", "HEAD"], "*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    if (!fs.existsSync(indexFile)) {
      return c.text("The web app is not built. Run `npm start` (it builds on first run) or `npm run build`.", 503);
    }
    let file = path.join(root, decodeURIComponent(c.req.path));
    if (!file.startsWith(root + path.sep) || !isFile(file)) file = indexFile;
    const immutable = file.startsWith(path.join(root, "assets") + path.sep);
    const headers: Record<string, string> = {
      "Content-Type": TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      "Content-Length": String(fs.statSync(file).size),
    };
    if (c.req.method === "HEAD") return new Response(null, { headers });
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
    return new Response(body, { headers });
  });
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
