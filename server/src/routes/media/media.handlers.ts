import { createRouter } from "../../lib/create-app.ts";
import { AppError } from "../../lib/errors.ts";
import { serveFile } from "../../lib/serve-file.ts";
import { decodePath } from "../../lib/text-input.ts";
import type { LocalStorage } from "../../repositories/storage/local-storage.ts";
import { contentDisposition } from "../../repositories/storage/s3-storage.ts";
import type { UrlSigner } from "../../repositories/storage/url-signer.ts";
import { mediaRoute } from "./media.routes.ts";

export const LINK_EXPIRED = "This link has expired. Reload the page to get a new one.";
export const LINK_INVALID = "This link is not valid.";

/**
 * Objects of the local storage driver behind signed, expiring URLs (`/api/media/<key>?expires&sig`),
 * with Range support so players can seek. A bad or old signature is refused before the disk is touched.
 */
export function mediaRoutes(deps: { storage: LocalStorage; signer: UrlSigner }) {
  const app = createRouter();
  app.openAPIRegistry.registerPath(mediaRoute);
  app.on(["GET", "HEAD"], "/api/media/*", async (c) => {
    const key = decodePath(c.req.path.slice("/api/media/".length));
    if (key === null) throw new AppError("NOT_FOUND", "Not found.");
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
    const response = await serveFile(c, file, {
      "Content-Type": info.contentType,
      "Cache-Control": `private, max-age=${secondsLeft}`,
      ...(query.download ? { "Content-Disposition": contentDisposition(query.download) } : {}),
    });
    if (!response) throw new AppError("NOT_FOUND", "Not found.");
    return response;
  });
  return app;
}
