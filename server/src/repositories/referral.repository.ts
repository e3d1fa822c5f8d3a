import { and, count, eq, gte, isNotNull, isNull, sum } from "drizzle-orm";
import type { Database, Executor, Transaction } from "../db/client.ts";
import { credits, payments, referralCodes, referrals, signupBonusClaims, user } from "../db/schema/index.ts";

/** The affiliate programme's tables: referral codes and who referred whom. */
export class ReferralRepository {
  constructor(private readonly db: Database) {}

  async codeOf(userId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    return row?.code;
  }

  /** Gives the user this code unless they have one; false when the code is someone else's. */
  async insertCode(userId: string, code: string): Promise<boolean> {
    const inserted = await this.db
      .insert(referralCodes)
      .values({ userId, code })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code });
    return inserted.length === 1;
  }

  async ownerOfCode(code: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: referralCodes.userId })
      .from(referralCodes)
      .where(eq(referralCodes.code, code));
    return row?.userId;
  }

  /** Records the referrer of a new account, once: an account is referred by whoever came first. */
  async insertReferral(referredUserId: string, referrerUserId: string): Promise<boolean> {
    const inserted = await this.db
      .insert(referrals)
      .values({ referredUserId, referrerUserId })
      .onConflictDoNothing()
      .returning({ id: referrals.referredUserId });
    return inserted.length === 1;
  }

  async referrerOf(referredUserId: string, executor: Executor = this.db): Promise<string | undefined> {
    const [row] = await executor
      .select({ referrer: referrals.referrerUserId })
      .from(referrals)
      .where(eq(referrals.referredUserId, referredUserId));
    return row?.referrer;
  }

  /** Accounts made through the referrer's link, and how many of them have paid. */
  async counts(referrerUserId: string): Promise<{ signedUp: number; paid: number }> {
    const [all] = await this.db
      .select({ n: count() })
      .from(referrals)
      .where(eq(referrals.referrerUserId, referrerUserId));
    const [paid] = await this.db
      .select({ n: count() })
      .from(referrals)
      .where(and(eq(referrals.referrerUserId, referrerUserId), isNotNull(referrals.firstPaidAt)));
    return { signedUp: Number(all?.n ?? 0), paid: Number(paid?.n ?? 0) };
  }

  /** Credits the user has earned from referrals (their referral_reward ledger rows). */
  async creditsEarned(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sum(credits.amount) })
      .from(credits)
      .where(and(eq(credits.userId, userId), eq(credits.source, "referral_reward")));
    return Number(row?.total ?? 0);
  }

  /** Whether the user has a completed payment (a plan or a top-up), as the transaction sees it. */
  async hasCompletedPayment(tx: Transaction, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, "completed")))
      .limit(1);
    return Boolean(row);
  }

  /** Marks a referred account's first payment, once; returns the referrer when this call marked it. */
  async markFirstPaid(tx: Transaction, referredUserId: string, at: Date): Promise<string | undefined> {
    const [row] = await tx
      .update(referrals)
      .set({ firstPaidAt: at })
      .where(and(eq(referrals.referredUserId, referredUserId), isNull(referrals.firstPaidAt)))
      .returning({ referrer: referrals.referrerUserId });
    return row?.referrer;
  }

  /** The client address an account signed up from (an IPv6 address by its /64), if it was recorded. */
  async signupAddressOf(userId: string, executor: Executor = this.db): Promise<string | undefined> {
    const [row] = await executor
      .select({ address: signupBonusClaims.address })
      .from(signupBonusClaims)
      .where(eq(signupBonusClaims.userId, userId));
    return row?.address;
  }

  /** Whether the account's e-mail address is confirmed. */
  async emailVerified(userId: string, executor: Executor = this.db): Promise<boolean> {
    const [row] = await executor.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
    return row?.verified === true;
  }

  /** Referral rewards the referrer was granted since `since` (call it under the referrer's ledger lock). */
  async rewardsSince(tx: Transaction, referrerUserId: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(credits)
      .where(
        and(eq(credits.userId, referrerUserId), eq(credits.source, "referral_reward"), gte(credits.createdAt, since)),
      );
    return Number(row?.n ?? 0);
  }
}
