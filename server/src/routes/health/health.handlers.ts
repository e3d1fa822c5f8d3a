import type { Health, VoiceProvider } from "@reelsmith/core";
import type { DatabaseHandle } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { createRouter } from "../../lib/create-app.ts";
import { type ObjectStorage, storageWritable } from "../../repositories/storage/object-storage.ts";
import { healthRoute } from "./health.routes.ts";

export function healthRoutes(deps: {
  database: DatabaseHandle;
  queue: JobQueue;
  storage: ObjectStorage;
  version: string;
  /** The voice engine renders speak with. */
  voice?: VoiceProvider;
  /** The recorded footage's progress (it never makes the server unhealthy). */
  footage?: () => Promise<Health["footage"]>;
}) {
  return createRouter().openapi(healthRoute, async (c) => {
    const [database, queue, writable, footage] = await Promise.all([
      deps.database
        .ping()
        .then((latencyMs) => ({ ok: true, driver: deps.database.driver, latencyMs }))
        .catch(() => ({ ok: false, driver: deps.database.driver, latencyMs: -1 })),
      deps.queue.status().catch(() => ({ ok: false, queues: 0 })),
      storageWritable(deps.storage),
      deps.footage?.().catch(() => undefined),
    ]);
    const storage = { ok: writable, driver: deps.storage.driver };
    const ok = database.ok && queue.ok && storage.ok;
    const body: Health = {
      status: ok ? "ok" : "degraded",
      version: deps.version,
      database,
      queue,
      storage,
      ...(deps.voice ? { voice: { provider: deps.voice } } : {}),
      ...(footage ? { footage } : {}),
    };
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
}
