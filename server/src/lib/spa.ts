import fs from "node:fs";
import path from "node:path";
import { isKnownPagePath } from "@reelsmith/core";
import type { Hono } from "hono";
import { cspNonce, pageCsp, withNonce } from "./csp.ts";
import { serveFile } from "./serve-file.ts";
import { decodePath } from "./text-input.ts";
import type { AppBindings } from "./types.ts";

/** Rewrites index.html for the requested path (tags, config); identity when omitted. */
export type IndexHtmlRenderer = (template: string, pathname: string) => string;

export interface SpaOptions {
  /** The page's Content-Security-Policy for one response's nonce (every script of the page carries it). */
  contentSecurityPolicy?: (nonce: string) => string;
  /** Whether the web app has a page at this path; any other path gets the same HTML with status 404. */
  isKnownPath?: (pathname: string) => boolean;
}

/**
 * Serves the built single-page app: files under `assets/` carry content hashes and are cached for
 * a year; everything else is revalidated. Page paths get their pre-rendered HTML when the build made
 * one (public pages), else index.html (history fallback); either passes through `renderHtml`, so
 * each page is served with its own title and tags, and gets a per-response CSP nonce on its scripts.
 * A path the app has no page for (core's `isKnownPagePath`) is answered 404 with the same HTML: the
 * app renders its not-found page, and crawlers and monitors read the status.
 */
export function serveSpa(
  app: Hono<AppBindings>,
  distDir: string,
  renderHtml: IndexHtmlRenderer = (t) => t,
  options: SpaOptions = {},
): void {
  const policy = options.contentSecurityPolicy ?? ((nonce: string) => pageCsp(nonce));
  const isKnownPath = options.isKnownPath ?? isKnownPagePath;
  const root = path.resolve(distDir);
  const indexFile = path.join(root, "index.html");
  const prerendered = path.join(root, "prerendered");
  const cache = new Map<string, { mtimeMs: number; template: string }>();
  const read = (file: string): string => {
    const { mtimeMs } = fs.statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.template;
    const template = fs.readFileSync(file, "utf8");
    cache.set(file, { mtimeMs, template });
    return template;
  };
  /** The page pre-rendered at build time for this path, else the empty app shell. */
  const templateFor = (pathname: string): string => {
    const name = pathname === "/" ? "index" : pathname.replace(/^\/+|\/+$/g, "");
    if (/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(name)) {
      const file = path.join(prerendered, `${name}.html`);
      if (isFile(file)) return read(file);
    }
    return read(indexFile);
  };

  app.on(["GET", "HEAD"], "*", async (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    if (!fs.existsSync(indexFile)) {
      return c.text("The web app is not built. Run `npm start` (it builds on first run) or `npm run build`.", 503);
    }
    const decoded = decodePath(c.req.path);
    if (decoded === null) return c.notFound();
    const file = path.join(root, decoded);
    if (file !== indexFile && file.startsWith(root + path.sep) && !file.startsWith(prerendered) && isFile(file)) {
      const immutable = file.startsWith(path.join(root, "assets") + path.sep);
      const response = await serveFile(c, file, {
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
      if (response) return response;
    }
    const nonce = cspNonce();
    const html = withNonce(renderHtml(templateFor(c.req.path), c.req.path), nonce);
    const status = isKnownPath(c.req.path) ? 200 : 404;
    c.header("Cache-Control", "no-cache");
    c.header("Content-Security-Policy", policy(nonce));
    if (c.req.method === "HEAD") {
      c.header("Content-Type", "text/html; charset=utf-8");
      return c.body(null, status);
    }
    return c.html(html, status);
  });
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
