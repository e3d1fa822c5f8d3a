import type { CreditSource } from "@reelsmith/core";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { credits } from "../db/schema/index.ts";

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

  async balance(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<string | null>`coalesce(sum(${credits.amount}), 0)` })
      .from(credits)
      .where(eq(credits.userId, userId));
    return Number(row?.total ?? 0);
  }

  /** Appends an entry unless one with the same idempotency key exists; true when written. */
  async append(entry: LedgerEntry): Promise<boolean> {
    const inserted = await this.db
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

  async entries(userId: string) {
    return this.db.select().from(credits).where(eq(credits.userId, userId)).orderBy(credits.createdAt);
  }
}
