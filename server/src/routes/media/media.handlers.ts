import fs from "node:fs";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { AppError } from "../../lib/errors.ts";
import type { AppBindings } from "../../lib/types.ts";
import type { LocalStorage } from "../../repositories/storage/local-storage.ts";
import { parseRange } from "../../repositories/storage/object-storage.ts";
import { contentDisposition } from "../../repositories/storage/s3-storage.ts";
import type { UrlSigner } from "../../repositories/storage/url-signer.ts";

export const LINK_EXPIRED = "This link has expired. Reload the page to get a new one.";
export const LINK_INVALID = "This link is not valid.";

/**
 * Objects of the local storage driver behind signed, expiring URLs (`/api/media/<key>?expires&sig`),
 * with Range support so players can seek. A bad or old signature is refused before the disk is touched.
 */
export function mediaRoutes(deps: { storage: LocalStorage; signer: UrlSigner }) {
  const app = new Hono<AppBindings>();
  app.on(["GET", "HEAD"], "/api/media/*", async (c) => {
    const key = decodeURIComponent(c.req.path.slice("/api/media/".length));
    const query = { expires: c.req.query("expires"), sig: c.req.query("sig"), download: c.req.query("download") };
    const verdict = deps.signer.verify(key, query);
    if (verdict !== "ok") throw new AppError("FORBIDDEN", verdict === "expired" ? LINK_EXPIRED : LINK_INVALID);
    let file: string;
    try {
      file = deps.storage.pathOf(key);
    } catch {
      throw new AppError("NOT_FOUND", "Not found.");
    }
    const info = await deps.storage.stat(key);
    if (!info) throw new AppError("NOT_FOUND", "Not found.");

    const secondsLeft = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      "Content-Type": info.contentType,
      "Accept-Ranges": "bytes",
      "Cache-Control": `private, max-age=${secondsLeft}`,
      "X-Content-Type-Options": "nosniff",
    };
    if (query.download) headers["Content-Disposition"] = contentDisposition(query.download);

    const range = parseRange(c.req.header("range"), info.size);
    if (range === "unsatisfiable") {
      return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${info.size}` } });
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? info.size - 1;
    headers["Content-Length"] = String(info.size === 0 ? 0 : end - start + 1);
    if (range) headers["Content-Range"] = `bytes ${start}-${end}/${info.size}`;
    const status = range ? 206 : 200;
    if (c.req.method === "HEAD" || info.size === 0) return new Response(null, { status, headers });
    const body = Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream;
    return new Response(body, { status, headers });
  });
  return app;
}
