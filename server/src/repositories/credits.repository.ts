import type { CreditSource } from "@reelsmith/core";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { credits, user } from "../db/schema/index.ts";
import type { Executor, Tx } from "../db/tx.ts";

export interface LedgerEntry {
  userId: string;
  amount: number;
  source: CreditSource;
  notes: string;
  /** Unique per cause (e.g. `signup:<userId>`, `spend:<videoId>`): a second write is ignored. */
  idempotencyKey: string;
  videoId?: string | null;
}

/** The credit ledger: the only code that reads or writes the credits table. */
export class CreditsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Serialises every balance-lowering write of one user: held until the transaction ends. Spends
   * and any other negative entry take it before reading the balance, so two of them can never both
   * see the same credits.
   */
  async lockUser(tx: Tx, userId: string): Promise<boolean> {
    // NO KEY UPDATE: exclusive among lockers, yet compatible with the KEY SHARE lock that inserting a row
    // referencing the user (a video, a ledger entry) takes, so a transaction may insert before locking.
    const rows = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
    return rows.length === 1;
  }

  async balance(userId: string, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ total: sql<string | null>`coalesce(sum(${credits.amount}), 0)` })
      .from(credits)
      .where(eq(credits.userId, userId));
    return Number(row?.total ?? 0);
  }

  /** Appends an entry unless one with the same idempotency key exists; true when written. */
  async append(entry: LedgerEntry, executor: Executor = this.db): Promise<boolean> {
    const inserted = await executor
      .insert(credits)
      .values({
        userId: entry.userId,
        amount: entry.amount,
        source: entry.source,
        notes: entry.notes,
        idempotencyKey: entry.idempotencyKey,
        videoId: entry.videoId ?? null,
      })
      .onConflictDoNothing({ target: credits.idempotencyKey })
      .returning({ id: credits.id });
    return inserted.length === 1;
  }

  /** The entry written under a key, if any. */
  async byKey(idempotencyKey: string, executor: Executor = this.db) {
    const [row] = await executor.select().from(credits).where(eq(credits.idempotencyKey, idempotencyKey));
    return row;
  }

  async entries(userId: string) {
    return this.db.select().from(credits).where(eq(credits.userId, userId)).orderBy(credits.createdAt);
  }
}
