import type { ContactMessage, ContactStatus } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema/index.ts";

export type StoredContactMessage = typeof contactMessages.$inferSelect;

/** The contact outbox: every message is stored before anything tries to send it. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  async insert(message: Omit<ContactMessage, "website">, status: ContactStatus): Promise<StoredContactMessage> {
    const [row] = await this.db
      .insert(contactMessages)
      .values({
        firstName: message.firstName,
        lastName: message.lastName,
        email: message.email,
        subject: message.subject,
        message: message.message,
        status,
      })
      .returning();
    if (!row) throw new Error("contact message insert returned no row");
    return row;
  }

  async find(id: string): Promise<StoredContactMessage | undefined> {
    const [row] = await this.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row;
  }

  async markSent(id: string, sentAt: Date): Promise<void> {
    await this.db
      .update(contactMessages)
      .set({ status: "sent", sentAt, error: null })
      .where(eq(contactMessages.id, id));
  }

  /** Records a failed attempt; `final` marks the message failed, otherwise it stays queued for the retry. */
  async recordFailure(id: string, error: string, final: boolean): Promise<void> {
    await this.db
      .update(contactMessages)
      .set({ error, ...(final ? { status: "failed" } : {}) })
      .where(eq(contactMessages.id, id));
  }

  async setStatus(id: string, status: ContactStatus): Promise<void> {
    await this.db.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
  }
}
