import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "../db/schema/index.ts";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The webhook_endpoints and webhook_deliveries tables; reads are scoped to the owner. */
export class WebhooksRepository {
  constructor(private readonly db: Database) {}

  async insertEndpoint(row: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
    const [inserted] = await this.db.insert(webhookEndpoints).values(row).returning();
    if (!inserted) throw new Error("webhook_endpoints insert returned no row");
    return inserted;
  }

  endpoints(userId: string): Promise<WebhookEndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  }

  async countEndpoints(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    return Number(row?.n ?? 0);
  }

  async endpoint(userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)));
    return row;
  }

  /** Deletes the user's endpoint and its log; false when there was none. */
  async deleteEndpoint(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    return deleted.length === 1;
  }

  async insertDelivery(row: typeof webhookDeliveries.$inferInsert): Promise<WebhookDeliveryRow> {
    const [inserted] = await this.db.insert(webhookDeliveries).values(row).returning();
    if (!inserted) throw new Error("webhook_deliveries insert returned no row");
    return inserted;
  }

  /** A delivery with its endpoint (for sending it). */
  async deliveryWithEndpoint(
    id: string,
  ): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | undefined> {
    const [row] = await this.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id));
    return row;
  }

  /** The endpoint's latest deliveries, newest first. */
  deliveries(endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  }

  async delivery(endpointId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
    return row;
  }

  async recordAttempt(
    id: string,
    fields: Pick<WebhookDeliveryRow, "status" | "responseCode" | "error"> & { at: Date },
  ): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({
        status: fields.status,
        responseCode: fields.responseCode,
        error: fields.error,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: fields.at,
      })
      .where(eq(webhookDeliveries.id, id));
  }

  async markPending(id: string): Promise<void> {
    await this.db.update(webhookDeliveries).set({ status: "pending" }).where(eq(webhookDeliveries.id, id));
  }
}
