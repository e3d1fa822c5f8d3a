import { z } from "zod";
import { sweepScratch } from "../lib/scratch.ts";
import type { SessionRepository } from "../repositories/session.repository.ts";
import { defineJob } from "./queue.ts";

/**
 * Every 30 minutes: delete expired sessions and verification tokens, and the scratch folders of renders and
 * uploads whose process died (see lib/scratch.ts).
 */
export function housekeepingJob(sessions: SessionRepository, now: () => Date = () => new Date()) {
  return defineJob({
    name: "housekeeping",
    schema: z.object({}).passthrough(),
    options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 300, cron: "*/30 * * * *" },
    handler: async (_data, { logger }) => {
      const removed = await sessions.deleteExpired(now());
      logger.info(removed, "housekeeping: expired sessions and verifications removed");
      const scratch = await sweepScratch();
      if (scratch.removed.length > 0) {
        logger.info({ removed: scratch.removed }, "housekeeping: stale scratch folders removed");
      }
    },
  });
}
