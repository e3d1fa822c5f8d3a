import { and, asc, eq, gt, gte, lt, lte, or, sql } from "drizzle-orm";
import type { Database, Executor, Transaction } from "../db/client.ts";
import { payments, subscriptions, user, webhookEvents } from "../db/schema/index.ts";
import { UUID } from "../lib/ids.ts";

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, "userId" | "createdAt" | "updatedAt">;

/** Payments, subscription rows and provider webhook events: the only code that touches those tables. */
export class BillingRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async findUser(userId: string, ex: Executor = this.db) {
    const [row] = await ex
      .select({ id: user.id, email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId));
    return row;
  }

  // --- payments ---

  async insertPayment(values: NewPayment, ex: Executor = this.db): Promise<PaymentRow> {
    const [row] = await ex.insert(payments).values(values).returning();
    if (!row) throw new Error("payment insert returned no row");
    return row;
  }

  async findPayment(id: string, ex: Executor = this.db): Promise<PaymentRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await ex.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  async updatePayment(id: string, patch: Partial<NewPayment>, ex: Executor = this.db): Promise<PaymentRow | undefined> {
    const [row] = await ex.update(payments).set(patch).where(eq(payments.id, id)).returning();
    return row;
  }

  /**
   * One-time credits of top-up checkouts started in [start, end): completed ones, and open ones whose
   * reservation has not lapsed at `now`. `excludeId` leaves one payment out (the one being fulfilled).
   */
  async topUpUsage(
    userId: string,
    month: { start: Date; end: Date },
    now: Date,
    ex: Executor = this.db,
    excludeId?: string,
  ): Promise<{ completed: number; reserved: number }> {
    const [row] = await ex
      .select({
        completed: sql<
          string | null
        >`coalesce(sum(${payments.credits}) filter (where ${payments.status} = 'completed'), 0)`,
        reserved: sql<
          string | null
        >`coalesce(sum(${payments.credits}) filter (where ${payments.status} = 'open' and ${payments.expiresAt} > ${now}), 0)`,
      })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.mode, "payment"),
          gte(payments.createdAt, month.start),
          lt(payments.createdAt, month.end),
          excludeId ? sql`${payments.id} <> ${excludeId}` : undefined,
        ),
      );
    return { completed: Number(row?.completed ?? 0), reserved: Number(row?.reserved ?? 0) };
  }

  /** The user's open top-up checkouts whose session is still live at `now`, oldest first. */
  async liveTopUps(userId: string, now: Date, ex: Executor = this.db): Promise<PaymentRow[]> {
    return ex
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.mode, "payment"),
          eq(payments.status, "open"),
          gt(payments.expiresAt, now),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id));
  }

  /**
   * Moves a checkout from open to `status` only if it is still open (a completion that got there first
   * is never overwritten); answers the updated row, or undefined when it was no longer open.
   */
  async closeOpenPayment(
    id: string,
    status: "cancelled" | "expired",
    ex: Executor = this.db,
  ): Promise<PaymentRow | undefined> {
    const [row] = await ex
      .update(payments)
      .set({ status })
      .where(and(eq(payments.id, id), eq(payments.status, "open")))
      .returning();
    return row;
  }

  /** Open checkouts whose reservation lapsed become expired; returns how many. */
  async expireLapsedPayments(now: Date): Promise<number> {
    const rows = await this.db
      .update(payments)
      .set({ status: "expired" })
      .where(and(eq(payments.status, "open"), lte(payments.expiresAt, now)))
      .returning({ id: payments.id });
    return rows.length;
  }

  // --- subscriptions ---

  async findSubscription(userId: string, ex: Executor = this.db): Promise<SubscriptionRow | undefined> {
    const [row] = await ex.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  async findUserIdByProviderIds(
    ids: { subscriptionId?: string | null; customerId?: string | null },
    ex: Executor = this.db,
  ): Promise<string | undefined> {
    const conditions = [
      ids.subscriptionId ? eq(subscriptions.providerSubscriptionId, ids.subscriptionId) : undefined,
      ids.customerId ? eq(subscriptions.providerCustomerId, ids.customerId) : undefined,
    ].filter((c) => c !== undefined);
    if (conditions.length === 0) return undefined;
    const [row] = await ex
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(or(...conditions));
    return row?.userId;
  }

  /** Creates or replaces the user's one subscription row. */
  async saveSubscription(userId: string, values: SubscriptionValues, ex: Executor = this.db): Promise<SubscriptionRow> {
    const now = new Date();
    const [row] = await ex
      .insert(subscriptions)
      .values({ ...values, userId, updatedAt: now })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: now } })
      .returning();
    if (!row) throw new Error("subscription upsert returned no row");
    return row;
  }

  async updateSubscription(
    userId: string,
    patch: Partial<SubscriptionValues>,
    ex: Executor = this.db,
  ): Promise<SubscriptionRow | undefined> {
    const [row] = await ex
      .update(subscriptions)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(subscriptions.userId, userId))
      .returning();
    return row;
  }

  /**
   * Users whose subscription needs the rollover at `now`: a plan-credit cycle that ended, or (built-in
   * test provider, which bills renewals itself) a billing period that ended while active.
   */
  async dueForRollover(now: Date, limit = 200): Promise<string[]> {
    const rows = await this.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        or(
          lte(subscriptions.creditsCycleEnd, now),
          and(
            eq(subscriptions.provider, "test"),
            sql`lower(${subscriptions.status}) in ('active', 'trialing', 'past_due')`,
            lte(subscriptions.currentPeriodEnd, now),
          ),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.userId);
  }

  // --- webhook events ---

  async eventSeen(id: string, ex: Executor = this.db): Promise<boolean> {
    const [row] = await ex.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, id));
    return Boolean(row);
  }

  /** Records a provider event; false when it was recorded before (so it is processed once). */
  async recordEvent(
    event: { id: string; provider: string; type: string; payload: unknown },
    ex: Executor = this.db,
  ): Promise<boolean> {
    const rows = await ex
      .insert(webhookEvents)
      .values({
        id: event.id,
        provider: event.provider,
        type: event.type,
        payload: event.payload as object,
        processedAt: new Date(),
      })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning({ id: webhookEvents.id });
    return rows.length === 1;
  }
}
