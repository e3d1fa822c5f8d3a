import { Readable } from "node:stream";
import { messages } from "@reelsmith/core";
import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import { contentDisposition } from "../../repositories/storage/s3-storage.ts";
import type { BatchesService } from "../../services/batches.service.ts";
import { batchZipRoute, checkBatchRoute, createBatchRoute, getBatchRoute, listBatchesRoute } from "./batches.routes.ts";

export function batchesRoutes(deps: { auth: Auth; batches: BatchesService; createLimiter: RateLimiter }) {
  return createRouter()
    .openapi(checkBatchRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.batches.check(user.id, c.req.valid("json")), 200);
    })
    .openapi(createBatchRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      // A batch is one creation, as a video is: the same limit stops a flood of either.
      deps.createLimiter.enforce(`create:${user.id}`, messages.videos.tooMany);
      return c.json(await deps.batches.create(user.id, c.req.valid("json"), { apiKeyId: user.apiKeyId }), 201);
    })
    .openapi(listBatchesRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.batches.list(user.id), 200);
    })
    .openapi(getBatchRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.batches.get(user.id, c.req.valid("param").id), 200);
    })
    .openapi(batchZipRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      const { name, stream } = await deps.batches.zip(user.id, c.req.valid("param").id);
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition(name),
        "Cache-Control": "no-store",
      });
    });
}
