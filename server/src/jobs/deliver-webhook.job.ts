import { WEBHOOKS } from "@reelsmith/core";
import { z } from "zod";
import type { WebhooksService } from "../services/webhooks.service.ts";
import { defineJob } from "./queue.ts";

/**
 * How a delivery backs off over about a day: 12 retries after the first attempt, `retryDelay` doubling each
 * time (20 s, 40 s ... about 11 h), about 23 h in all.
 */
export const WEBHOOK_RETRIES = 12;

/** Sends one webhook delivery; a refused or unanswered attempt is tried again with backoff, then marked failed. */
export function deliverWebhookJob(webhooks: WebhooksService, options: { retryDelaySeconds?: number } = {}) {
  return defineJob({
    name: "deliver-webhook",
    schema: z.object({ deliveryId: z.uuid() }),
    options: {
      retryLimit: WEBHOOK_RETRIES,
      retryDelay: options.retryDelaySeconds ?? 20,
      retryBackoff: true,
      expireInSeconds: Math.ceil(WEBHOOKS.timeoutMs / 1000) + 30,
    },
    handler: async ({ deliveryId }, { logger, retryCount, finalAttempt }) => {
      const result = await webhooks.deliver(deliveryId, { final: finalAttempt });
      logger.info({ deliveryId, result, attempt: retryCount + 1 }, "webhook delivery");
    },
  });
}
