import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { PreviewService } from "../../services/preview.service.ts";
import { createPreviewRoute, getPreviewRoute, previewPlaylistRoute } from "./video-previews.routes.ts";

export function previewsRoutes(deps: { auth: Auth; previews: PreviewService }) {
  return createRouter()
    .openapi(createPreviewRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      const { preview, cached } = await deps.previews.create(user.id, c.req.valid("json"));
      return c.json(preview, cached ? 200 : 201);
    })
    .openapi(getPreviewRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.previews.get(user.id, c.req.valid("param").id), 200);
    })
    .openapi(previewPlaylistRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      const playlist = await deps.previews.playlist(user.id, c.req.valid("param").id);
      c.header("Cache-Control", "no-store");
      return c.body(playlist, 200, { "Content-Type": "application/vnd.apple.mpegurl" });
    });
}
