import { type ContactMessage, messages } from "@reelsmith/core";
import { rateLimited } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { RateLimiter } from "../lib/rate-limit.ts";
import type { ContactRepository, StoredContactMessage } from "../repositories/contact.repository.ts";
import type { Mailer } from "../repositories/mailer.ts";

export type ContactOutcome = "queued" | "outbox" | "dropped";

/**
 * The contact form (the spec's send-contact-email): every message is stored first; with SMTP
 * configured a job sends it (with retries), otherwise it stays in the outbox and is logged.
 */
export class ContactService {
  constructor(
    private readonly repository: ContactRepository,
    private readonly deps: {
      mailer: Mailer | undefined;
      limiter: RateLimiter;
      enqueue: (messageId: string) => Promise<unknown>;
      logger: Logger;
      now?: () => Date;
    },
  ) {}

  async submit(input: ContactMessage, sender: { ip: string }): Promise<ContactOutcome> {
    if (input.website?.trim()) {
      // The honeypot field is invisible to people: only bots fill it. Accept and drop, telling them nothing.
      this.deps.logger.info({ ip: sender.ip }, "contact: honeypot filled, message dropped");
      return "dropped";
    }
    const wait = Math.max(
      this.deps.limiter.hit(`ip:${sender.ip}`),
      this.deps.limiter.hit(`email:${input.email.toLowerCase()}`),
    );
    if (wait > 0) throw rateLimited(messages.contact.rateLimited, wait);

    const message = { ...input, subject: input.subject.replace(/\s+/g, " ") };
    if (!this.deps.mailer) {
      const row = await this.repository.insert(message, "outbox");
      this.deps.logger.info(
        { contactMessageId: row.id, from: row.email, subject: row.subject },
        "contact: message stored in the outbox (SMTP is not configured)",
      );
      return "outbox";
    }
    const row = await this.repository.insert(message, "queued");
    try {
      await this.deps.enqueue(row.id);
    } catch (error) {
      // Stored either way: an operator finds it in the outbox.
      this.deps.logger.error({ err: error, contactMessageId: row.id }, "contact: could not queue the e-mail");
      await this.repository.setStatus(row.id, "outbox");
      return "outbox";
    }
    return "queued";
  }

  /** Sends one stored message. Idempotent: a message already sent is not sent again. */
  async deliver(messageId: string, attempt: { final: boolean }): Promise<"sent" | "skipped"> {
    const row = await this.repository.find(messageId);
    if (!row || row.status === "sent") return "skipped";
    const mailer = this.deps.mailer;
    if (!mailer) {
      await this.repository.setStatus(row.id, "outbox");
      this.deps.logger.warn({ contactMessageId: row.id }, "contact: SMTP is not configured; kept in the outbox");
      return "skipped";
    }
    try {
      await mailer.send({
        from: mailer.from,
        to: mailer.to,
        replyTo: { name: `${row.firstName} ${row.lastName}`, address: row.email },
        subject: `[Reelsmith contact] ${row.subject}`,
        text: mailText(row),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.repository.recordFailure(row.id, reason, attempt.final);
      throw error;
    }
    await this.repository.markSent(row.id, (this.deps.now ?? (() => new Date()))());
    return "sent";
  }
}

export function mailText(row: StoredContactMessage): string {
  return [
    "New message from the Reelsmith contact form",
    "",
    `From: ${row.firstName} ${row.lastName} <${row.email}>`,
    `Subject: ${row.subject}`,
    `Received: ${row.createdAt.toISOString()}`,
    "",
    row.message,
    "",
  ].join("\n");
}
