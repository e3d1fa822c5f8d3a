import type { TextCoverage } from "@reelsmith/render";
import { createRouter } from "../../lib/create-app.ts";
import { AppError } from "../../lib/errors.ts";
import { inside, serveFile } from "../../lib/serve-file.ts";
import { decodePath } from "../../lib/text-input.ts";
import type { PreviewDirs } from "../../repositories/previews.repository.ts";
import { type CatalogService, LIBRARY_FILES_PATH, PREVIEWS_PATH } from "../../services/catalog.service.ts";
import { catalogRoute, libraryFileRoute, previewFileRoute, textCoverageRoute } from "./catalog.routes.ts";

/** Files whose links carry a version (`?v=`) never change under the same link. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The catalogue, the starter library's files and the previews: public, read-only, long cached. */
export function catalogRoutes(deps: {
  catalog: CatalogService;
  libraryDir: string;
  previews: PreviewDirs;
  textCoverage: () => Promise<TextCoverage>;
}) {
  const router = createRouter()
    .openapi(catalogRoute, (c) => {
      c.header("Cache-Control", "no-cache");
      return c.json(deps.catalog.catalog(), 200);
    })
    .openapi(textCoverageRoute, async (c) => {
      // The fonts change only when the server's machine does: a day in caches is fine.
      c.header("Cache-Control", "public, max-age=86400");
      const { spans } = await deps.textCoverage();
      return c.json({ spans: spans.map(([first, last]): [number, number] => [first, last]) }, 200);
    });
  // Plain routes (a library path has several segments), described in the document all the same.
  router.openAPIRegistry.registerPath(libraryFileRoute);
  router.openAPIRegistry.registerPath(previewFileRoute);
  const notFound = () => new AppError("NOT_FOUND", "Not found.");
  router.on(["GET", "HEAD"], `${LIBRARY_FILES_PATH}/*`, async (c) => {
    const relative = decodePath(c.req.path.slice(LIBRARY_FILES_PATH.length + 1));
    const file = relative === null ? null : inside(deps.libraryDir, relative);
    const response = file ? await serveFile(c, file, { "Cache-Control": IMMUTABLE }) : null;
    if (!response) throw notFound();
    return response;
  });
  router.on(["GET", "HEAD"], `${PREVIEWS_PATH}/:kind/:file`, async (c) => {
    const kind = c.req.param("kind");
    if (kind !== "captions" && kind !== "voices") throw notFound();
    const file = inside(deps.previews[kind], c.req.param("file"));
    const response = file ? await serveFile(c, file, { "Cache-Control": IMMUTABLE }) : null;
    if (!response) throw notFound();
    return response;
  });
  return router;
}
