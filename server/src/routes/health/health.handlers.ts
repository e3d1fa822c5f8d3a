import type { Health } from "@reelsmith/core";
import type { DatabaseHandle } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { createRouter } from "../../lib/create-app.ts";
import { healthRoute } from "./health.routes.ts";

export function healthRoutes(deps: { database: DatabaseHandle; queue: JobQueue; version: string }) {
  return createRouter().openapi(healthRoute, async (c) => {
    const database = await deps.database
      .ping()
      .then((latencyMs) => ({ ok: true, driver: deps.database.driver, latencyMs }))
      .catch(() => ({ ok: false, driver: deps.database.driver, latencyMs: -1 }));
    const queue = await deps.queue.status().catch(() => ({ ok: false, queues: 0 }));
    const ok = database.ok && queue.ok;
    const body: Health = { status: ok ? "ok" : "degraded", version: deps.version, database, queue };
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
}
