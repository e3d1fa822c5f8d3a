import { z } from "zod";
import type { BillingService } from "../services/billing/billing.service.ts";
import { defineJob } from "./queue.ts";

/**
 * Every minute: subscriptions whose credit cycle or (test provider) billing period ended roll over
 * (expire the ended cycle's plan credits, apply scheduled changes, charge test renewals, grant the new
 * cycle), and lapsed checkout reservations expire. Safe to run twice: nothing is due the second time and
 * every ledger row has its own idempotency key.
 */
export function billingRolloverJob(billing: BillingService, now: () => Date = () => new Date()) {
  return defineJob({
    name: "billing-rollover",
    schema: z.object({}).passthrough(),
    options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 300, cron: "* * * * *" },
    handler: async (_data, { logger }) => {
      const result = await billing.rollover(now());
      if (result.due > 0 || result.expiredCheckouts > 0) logger.info(result, "billing rollover");
    },
  });
}
