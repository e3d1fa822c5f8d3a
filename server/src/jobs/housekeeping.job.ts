import { z } from "zod";
import type { SessionRepository } from "../repositories/session.repository.ts";
import { defineJob } from "./queue.ts";

/** Every 30 minutes: delete expired sessions and verification tokens. */
export function housekeepingJob(sessions: SessionRepository, now: () => Date = () => new Date()) {
  return defineJob({
    name: "housekeeping",
    schema: z.object({}).passthrough(),
    options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 300, cron: "*/30 * * * *" },
    handler: async (_data, { logger }) => {
      const removed = await sessions.deleteExpired(now());
      logger.info(removed, "housekeeping: expired sessions and verifications removed");
    },
  });
}
