import { type CreditSource, PURCHASED_SOURCES } from "@reelsmith/core";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database, Executor, Transaction } from "../db/client.ts";
import { credits, subscriptions } from "../db/schema/index.ts";

export interface LedgerEntry {
  userId: string;
  amount: number;
  /** The part of `amount` that moves plan credits (expiring); the rest moves permanent credits. */
  planAmount?: number;
  source: CreditSource;
  notes: string;
  /** Unique per cause (e.g. `signup:<userId>`, `spend:<videoId>`): a second write is ignored. */
  idempotencyKey: string;
  videoId?: string | null;
  /** The API key a spend was made with (null or absent: the web app, or no spend). */
  apiKeyId?: string | null;
  /** When it happened; the database's clock when omitted. */
  createdAt?: Date;
}

export type LedgerRow = typeof credits.$inferSelect;

export interface Buckets {
  /** Everything: sum(amount). */
  balance: number;
  /** Plan credits of the open cycle: sum(plan_amount). */
  plan: number;
}

/** The credit ledger: the only code that reads or writes the credits table. */
export class CreditsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Serialises every ledger change of one user until the transaction ends (a transaction-scoped
   * advisory lock: no row is locked, so other writers of the user's rows are not blocked). Re-entrant.
   */
  async lockUser(tx: Transaction, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credits:${userId}`}))`);
  }

  async balance(userId: string, ex: Executor = this.db): Promise<number> {
    return (await this.buckets(userId, ex)).balance;
  }

  async buckets(userId: string, ex: Executor = this.db): Promise<Buckets> {
    const [row] = await ex
      .select({
        balance: sql<string | null>`coalesce(sum(${credits.amount}), 0)`,
        plan: sql<string | null>`coalesce(sum(${credits.planAmount}), 0)`,
      })
      .from(credits)
      .where(eq(credits.userId, userId));
    return { balance: Number(row?.balance ?? 0), plan: Number(row?.plan ?? 0) };
  }

  /** Appends an entry unless one with the same idempotency key exists; returns the new row, if written. */
  async append(entry: LedgerEntry, ex: Executor = this.db): Promise<LedgerRow | undefined> {
    const [inserted] = await ex
      .insert(credits)
      .values({
        userId: entry.userId,
        amount: entry.amount,
        planAmount: entry.planAmount ?? 0,
        source: entry.source,
        notes: entry.notes,
        idempotencyKey: entry.idempotencyKey,
        videoId: entry.videoId ?? null,
        apiKeyId: entry.apiKeyId ?? null,
        ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
      })
      .onConflictDoNothing({ target: credits.idempotencyKey })
      .returning();
    return inserted;
  }

  async findByKey(idempotencyKey: string, ex: Executor = this.db): Promise<LedgerRow | undefined> {
    const [row] = await ex.select().from(credits).where(eq(credits.idempotencyKey, idempotencyKey));
    return row;
  }

  /** Idempotency keys of the user's rows that start with `prefix`. */
  async keysWithPrefix(userId: string, prefix: string, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex
      .select({ key: credits.idempotencyKey })
      .from(credits)
      .where(and(eq(credits.userId, userId), sql`starts_with(${credits.idempotencyKey}, ${prefix})`));
    return rows.map((r) => r.key);
  }

  async entries(userId: string, ex: Executor = this.db): Promise<LedgerRow[]> {
    return ex.select().from(credits).where(eq(credits.userId, userId)).orderBy(credits.createdAt);
  }

  /** Purchased (additional) credits written in [start, end). */
  async purchasedBetween(userId: string, start: Date, end: Date, ex: Executor = this.db): Promise<number> {
    const [row] = await ex
      .select({ total: sql<string | null>`coalesce(sum(${credits.amount}), 0)` })
      .from(credits)
      .where(
        and(
          eq(credits.userId, userId),
          inArray(credits.source, [...PURCHASED_SOURCES]),
          gte(credits.createdAt, start),
          lt(credits.createdAt, end),
        ),
      );
    return Number(row?.total ?? 0);
  }

  /** Credits spent per UTC day in [start, end), leaving out spends that were refunded. */
  async dailySpent(userId: string, start: Date, end: Date): Promise<{ date: string; spent: number }[]> {
    const day = sql<string>`to_char(${credits.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ date: day, spent: sql<string>`sum(-${credits.amount})` })
      .from(credits)
      .where(
        and(
          eq(credits.userId, userId),
          eq(credits.source, "spend"),
          gte(credits.createdAt, start),
          lt(credits.createdAt, end),
          sql`not exists (select 1 from ${credits} as r where r.idempotency_key = 'refund:' || substring(${credits.idempotencyKey} from 7))`,
        ),
      )
      .groupBy(day)
      .orderBy(day);
    return rows.map((r) => ({ date: r.date, spent: Number(r.spent) }));
  }

  /** The user's plan-credit cycle as stored on the subscription row, if one is set. */
  async cycle(userId: string, ex: Executor = this.db): Promise<{ start: Date; end: Date } | undefined> {
    const [row] = await ex
      .select({ start: subscriptions.creditsCycleStart, end: subscriptions.creditsCycleEnd })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    return row?.start && row.end ? { start: row.start, end: row.end } : undefined;
  }
}
