import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Database, Executor, Transaction } from "../db/client.ts";
import { signupBonusClaims } from "../db/schema/index.ts";

export type SignupBonusClaim = typeof signupBonusClaims.$inferSelect;
export type SignupBonusStatus = "pending" | "granted" | "capped";

/** The sign-up credits' claims: the only code that reads or writes signup_bonus_claims. */
export class SignupBonusRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Records a new account's claim and the address it signed up from; a second call changes nothing. */
  async insert(userId: string, address: string, createdAt: Date): Promise<void> {
    await this.db.insert(signupBonusClaims).values({ userId, address, createdAt }).onConflictDoNothing();
  }

  /** The user's claim; inside a transaction it is locked until the transaction ends. */
  async find(userId: string, ex: Executor = this.db, lock = false): Promise<SignupBonusClaim | undefined> {
    const query = ex.select().from(signupBonusClaims).where(eq(signupBonusClaims.userId, userId));
    const [row] = lock ? await query.for("update") : await query;
    return row;
  }

  /** Serialises the decisions for one address until the transaction ends (so a cap cannot be raced). */
  async lockAddress(tx: Transaction, address: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup-bonus:${address}`}))`);
  }

  /** Bonuses granted to accounts of `address` since `since`. */
  async countGranted(address: string, since: Date, ex: Executor = this.db): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(signupBonusClaims)
      .where(
        and(
          eq(signupBonusClaims.address, address),
          eq(signupBonusClaims.status, "granted"),
          gte(signupBonusClaims.decidedAt, since),
        ),
      );
    return Number(row?.n ?? 0);
  }

  async decide(userId: string, status: Exclude<SignupBonusStatus, "pending">, at: Date, tx: Transaction) {
    await tx.update(signupBonusClaims).set({ status, decidedAt: at }).where(eq(signupBonusClaims.userId, userId));
  }
}
