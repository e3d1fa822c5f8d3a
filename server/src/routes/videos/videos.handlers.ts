import { languageMessages, messages } from "@reelsmith/core";
import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import { AppError } from "../../lib/errors.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import type { BatchesService } from "../../services/batches.service.ts";
import type { VideosService } from "../../services/videos.service.ts";
import {
  createVideoRoute,
  deleteVideoRoute,
  getVideoRoute,
  listVideosRoute,
  retryVideoRoute,
} from "./videos.routes.ts";

export function videosRoutes(deps: {
  auth: Auth;
  videos: VideosService;
  /** Makes a video in several languages (a batch of one per language). */
  batches: BatchesService;
  createLimiter: RateLimiter;
}) {
  return createRouter()
    .openapi(createVideoRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      deps.createLimiter.enforce(`create:${user.id}`, messages.videos.tooMany);
      const body = c.req.valid("json");
      const via = { apiKeyId: user.apiKeyId };
      if (body.translations && !body.languages) {
        throw new AppError("VALIDATION_FAILED", languageMessages.translationsWithoutLanguages, {
          field: "translations",
        });
      }
      if (body.languages) return c.json(await deps.batches.createInLanguages(user.id, body, via), 201);
      return c.json(await deps.videos.create(user.id, body, via), 201);
    })
    .openapi(listVideosRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.videos.list(user.id, c.req.valid("query")), 200);
    })
    .openapi(getVideoRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.videos.get(user.id, c.req.valid("param").id), 200);
    })
    .openapi(retryVideoRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      deps.createLimiter.enforce(`create:${user.id}`, messages.videos.tooMany);
      return c.json(await deps.videos.retry(user.id, c.req.valid("param").id, { apiKeyId: user.apiKeyId }), 201);
    })
    .openapi(deleteVideoRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      await deps.videos.remove(user.id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
