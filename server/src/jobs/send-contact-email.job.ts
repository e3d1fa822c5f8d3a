import { z } from "zod";
import type { ContactService } from "../services/contact.service.ts";
import { defineJob } from "./queue.ts";

/** Sends one contact message by SMTP; four attempts with backoff, then the message is marked failed. */
export function sendContactEmailJob(contact: ContactService) {
  return defineJob({
    name: "send-contact-email",
    schema: z.object({ messageId: z.uuid() }),
    options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    handler: async ({ messageId }, { logger, retryCount, finalAttempt }) => {
      const result = await contact.deliver(messageId, { final: finalAttempt });
      logger.info({ contactMessageId: messageId, result, attempt: retryCount + 1 }, "contact e-mail");
    },
  });
}
