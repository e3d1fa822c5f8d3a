import { randomUUID } from "node:crypto";
import {
  type CreditSource,
  type CreditsSummary,
  creditUsage,
  currentPlan,
  findPaidPlan,
  isValidCreditChange,
  messages,
  SIGNUP_BONUS_CREDITS,
  utcDays,
  utcMonthRange,
} from "@reelsmith/core";
import type { Transaction } from "../db/client.ts";
import type { EventBus } from "../events/event-bus.ts";
import { AppError } from "../lib/errors.ts";
import type { AccountRepository } from "../repositories/account.repository.ts";
import type { CreditsRepository, LedgerEntry, LedgerRow } from "../repositories/credits.repository.ts";

/** Sources `add` may write: positive, permanent credits. */
const ADD_SOURCES = ["adjustment", "one_time", "pack", "additional", "top_up"] as const satisfies CreditSource[];
export type AddSource = (typeof ADD_SOURCES)[number];

export type SpendOutcome =
  | { success: true; newBalance: number }
  | { success: false; error: string; newBalance: number };

/**
 * The credit ledger's rules. Every write takes the user's ledger lock inside a transaction, so the
 * balance can never go negative, also under concurrency:
 *
 * - Two buckets: plan credits (granted at the start of each monthly cycle, expire at its end through an
 *   explicit `plan_expiry` row) and permanent credits (sign-up bonus, purchases, refunds, adjustments;
 *   they never expire). Spends use plan credits first.
 * - A refund returns exactly what its spend took, once; its plan part goes back into plan credits while
 *   a cycle is open, else it becomes permanent (an ended cycle cannot take credits back).
 * - Balance = sum of the ledger. Writes made inside a caller's transaction are announced by the caller
 *   with `publishBalance` after its commit.
 */
export class CreditsService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly events?: EventBus,
    private readonly clock: () => Date = () => new Date(),
    private readonly accounts?: AccountRepository,
    /** Every price id of each plan, for reading the current plan by price (core's `currentPlan`). */
    private readonly priceIds: Partial<Record<string, readonly string[]>> = {},
  ) {}

  /** Tells the user's open screens the new balance, after a ledger change has been committed. */
  async publishBalance(userId: string, change?: { amount: number; source: string }): Promise<void> {
    if (!this.events) return;
    const balance = await this.credits.balance(userId);
    await this.events.publish(userId, {
      type: "credits",
      balance,
      ...(change ? { change: { amount: change.amount, source: change.source } } : {}),
    });
  }

  balance(userId: string): Promise<number> {
    return this.credits.balance(userId);
  }

  /** Runs `fn` in a new transaction that holds the user's ledger lock. */
  locked<T>(userId: string, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.credits.transaction(async (tx) => {
      await this.credits.lockUser(tx, userId);
      return fn(tx);
    });
  }

  /**
   * The 20 free credits of a new account, as one ledger row keyed by the user: safe to call any
   * number of times, concurrently or not; only the first call writes.
   */
  async grantSignupBonus(userId: string): Promise<boolean> {
    if (!isValidCreditChange(userId, SIGNUP_BONUS_CREDITS)) return false;
    const written = await this.locked(userId, (tx) => this.grantSignupBonusIn(tx, userId));
    if (written) await this.publishBalance(userId, written);
    return Boolean(written);
  }

  /**
   * The sign-up credits inside the caller's transaction (under the user's ledger lock); the row, or
   * undefined when they were granted before. Call `publishBalance` after the commit when a row came back.
   */
  async grantSignupBonusIn(tx: Transaction, userId: string): Promise<LedgerRow | undefined> {
    if (!isValidCreditChange(userId, SIGNUP_BONUS_CREDITS)) return undefined;
    await this.credits.lockUser(tx, userId);
    return this.#append(
      {
        userId,
        amount: SIGNUP_BONUS_CREDITS,
        source: "signup_bonus",
        notes: "Free credits for a new account",
        idempotencyKey: `signup:${userId}`,
      },
      tx,
    );
  }

  /**
   * Charges a video inside the caller's transaction (key `spend:<videoId>`): plan credits first, then
   * permanent ones. Throws INSUFFICIENT_CREDITS (402, the spec's dialog wording) when the balance is
   * below `amount`. Calling it again for the same video returns the first charge and charges nothing.
   * An amount of 0 (a type that costs nothing) writes no row and returns null. The video row must exist
   * in the transaction (the ledger row refers to it). Call `publishBalance` after the commit.
   */
  async spendForVideo(
    tx: Transaction,
    input: { userId: string; videoId: string; amount: number; apiKeyId?: string | undefined },
  ): Promise<LedgerRow | null> {
    if (input.amount === 0 && input.userId) return null;
    if (!isValidCreditChange(input.userId, input.amount)) {
      throw new AppError("VALIDATION_FAILED", "A spend needs a signed-in user and a whole amount above 0.");
    }
    const key = `spend:${input.videoId}`;
    await this.credits.lockUser(tx, input.userId);
    const existing = await this.credits.findByKey(key, tx);
    if (existing) {
      if (existing.userId !== input.userId) throw new AppError("CONFLICT", "This video was charged to another user.");
      return existing;
    }
    const { row, balance } = await this.#spendLocked(tx, {
      userId: input.userId,
      amount: input.amount,
      key,
      videoId: input.videoId,
      apiKeyId: input.apiKeyId ?? null,
      notes: `video ${input.videoId}`,
    });
    if (!row) {
      throw new AppError("INSUFFICIENT_CREDITS", messages.credits.insufficientDialog, {
        required: input.amount,
        current: balance,
      });
    }
    return row;
  }

  /**
   * Gives back exactly what `spendForVideo` took for the video, once (key `refund:<videoId>`), inside the
   * caller's transaction. Returns the refund row; null when the video was never charged or was refunded
   * already. Call `publishBalance` after the commit when a row came back.
   */
  async refundVideo(tx: Transaction, input: { userId: string; videoId: string }): Promise<LedgerRow | null> {
    await this.credits.lockUser(tx, input.userId);
    const spend = await this.credits.findByKey(`spend:${input.videoId}`, tx);
    if (!spend || spend.userId !== input.userId) return null;
    const now = this.clock();
    await this.settleEndedCycle(tx, input.userId, now);
    const cycle = await this.credits.cycle(input.userId, tx);
    const cycleOpen = Boolean(cycle && cycle.start <= now && now < cycle.end);
    const refund = await this.#append(
      {
        userId: input.userId,
        amount: -spend.amount,
        planAmount: cycleOpen ? -spend.planAmount : 0,
        source: "refund",
        notes: `refund of video ${input.videoId}`,
        idempotencyKey: `refund:${input.videoId}`,
        videoId: spend.videoId,
      },
      tx,
    );
    return refund ?? null;
  }

  /**
   * The spec's spend-credits call, for server code: false without touching the database unless there is
   * a user and a whole amount > 0; otherwise success with the new balance, or the spec's 'Insufficient
   * credits' error. With a videoId it is the same charge as `spendForVideo` (at most once per video).
   */
  async spend(
    userId: string | null | undefined,
    amount: number,
    options: { reason?: string; videoId?: string | null } = {},
  ): Promise<false | SpendOutcome> {
    if (!userId || !isValidCreditChange(userId, amount)) return false;
    const key = options.videoId ? `spend:${options.videoId}` : `spend:${randomUUID()}`;
    const result = await this.locked(userId, async (tx) => {
      const existing = await this.credits.findByKey(key, tx);
      if (existing) return { row: existing, fresh: false };
      const { row } = await this.#spendLocked(tx, {
        userId,
        amount,
        key,
        videoId: options.videoId ?? null,
        notes: options.reason ?? "video_generation",
      });
      return { row, fresh: true };
    });
    const newBalance = await this.credits.balance(userId);
    if (!result.row) return { success: false, error: messages.credits.insufficient, newBalance };
    if (result.fresh) await this.publishBalance(userId, result.row);
    return { success: true, newBalance };
  }

  /**
   * Adds permanent credits for server code (support adjustments, promotions): false without touching the
   * database unless there is a user and a whole amount > 0. With an idempotency key a repeat adds nothing.
   */
  async add(
    userId: string | null | undefined,
    amount: number,
    options: { source?: AddSource; notes?: string; idempotencyKey?: string } = {},
  ): Promise<false | { added: boolean; newBalance: number }> {
    if (!userId || !isValidCreditChange(userId, amount)) return false;
    const source = options.source ?? "adjustment";
    if (!(ADD_SOURCES as readonly string[]).includes(source)) return false;
    const entry: LedgerEntry = {
      userId,
      amount,
      source,
      notes: options.notes ?? "manual add",
      idempotencyKey: options.idempotencyKey ?? `add:${randomUUID()}`,
    };
    const row = await this.locked(userId, (tx) => this.#append(entry, tx));
    if (row) await this.publishBalance(userId, row);
    return { added: Boolean(row), newBalance: await this.credits.balance(userId) };
  }

  /**
   * What a referrer earns when an account made through their link first pays (source referral_reward,
   * key `referral:<referredUserId>`, so once per referred account), inside the caller's transaction: it
   * takes the referrer's ledger lock. Call `publishBalance` for the referrer after the commit.
   */
  async grantReferralReward(
    tx: Transaction,
    input: { referrerId: string; referredUserId: string; credits: number },
    /** Asked under the referrer's lock, so rewards granted at once cannot pass a bound together. */
    allowed: () => Promise<boolean> = async () => true,
  ): Promise<LedgerRow | undefined> {
    if (!isValidCreditChange(input.referrerId, input.credits)) return undefined;
    await this.credits.lockUser(tx, input.referrerId);
    if (!(await allowed())) return undefined;
    return this.#append(
      {
        userId: input.referrerId,
        amount: input.credits,
        source: "referral_reward",
        notes: "Reward for a referred account's first payment",
        idempotencyKey: `referral:${input.referredUserId}`,
      },
      tx,
    );
  }

  /** Credits bought through a checkout (source one_time, key `top-up:<paymentId>`), inside the caller's lock. */
  creditPurchase(
    tx: Transaction,
    input: { userId: string; paymentId: string; credits: number; notes: string },
  ): Promise<LedgerRow | undefined> {
    return this.#append(
      {
        userId: input.userId,
        amount: input.credits,
        source: "one_time",
        notes: input.notes,
        idempotencyKey: `top-up:${input.paymentId}`,
      },
      tx,
    );
  }

  /**
   * A plan's monthly credits for one cycle, once per user, cycle start and plan (key
   * `plan-grant:<userId>:<cycleStart>:<planId>`), inside the caller's lock.
   */
  grantPlanCredits(
    tx: Transaction,
    input: { userId: string; planId: string; credits: number; cycleStart: Date },
  ): Promise<LedgerRow | undefined> {
    const plan = findPaidPlan(input.planId);
    return this.#append(
      {
        userId: input.userId,
        amount: input.credits,
        planAmount: input.credits,
        source: "plan_grant",
        notes: `${plan?.name ?? input.planId} plan credits from ${input.cycleStart.toISOString().slice(0, 10)}`,
        idempotencyKey: `plan-grant:${input.userId}:${input.cycleStart.toISOString()}:${input.planId}`,
      },
      tx,
    );
  }

  /** The plans whose credits were granted for the cycle starting at `cycleStart`. */
  async plansGrantedForCycle(tx: Transaction, userId: string, cycleStart: Date): Promise<string[]> {
    const prefix = `plan-grant:${userId}:${cycleStart.toISOString()}:`;
    const keys = await this.credits.keysWithPrefix(userId, prefix, tx);
    return keys.map((k) => k.slice(prefix.length));
  }

  /**
   * Ends a cycle: the plan credits still unspent expire through one negative row (key
   * `plan-expiry:<userId>:<cycleStart>`), inside the caller's lock. Nothing is written when none are left.
   */
  async expirePlanCredits(
    tx: Transaction,
    input: { userId: string; cycleStart: Date },
  ): Promise<LedgerRow | undefined> {
    const { plan } = await this.credits.buckets(input.userId, tx);
    if (plan <= 0) return undefined;
    return this.#append(
      {
        userId: input.userId,
        amount: -plan,
        planAmount: -plan,
        source: "plan_expiry",
        notes: `unused plan credits of the cycle from ${input.cycleStart.toISOString().slice(0, 10)} expired`,
        idempotencyKey: `plan-expiry:${input.userId}:${input.cycleStart.toISOString()}`,
      },
      tx,
    );
  }

  /** Expires the plan credits of a cycle that has ended but was not rolled over yet (inside the lock). */
  async settleEndedCycle(tx: Transaction, userId: string, now: Date): Promise<LedgerRow | undefined> {
    const cycle = await this.credits.cycle(userId, tx);
    if (!cycle || cycle.end > now) return undefined;
    return this.expirePlanCredits(tx, { userId, cycleStart: cycle.start });
  }

  /**
   * The balance split into buckets, plus the usage panel of the settings page: this period's monthly plan
   * credits and purchased (additional) credits, used = total - remaining clamped to 0..total, and credits
   * spent per day. The period is the open plan cycle, or the calendar month without a plan.
   */
  async summary(userId: string): Promise<CreditsSummary> {
    const now = this.clock();
    const [buckets, cycle, subscription] = await Promise.all([
      this.credits.buckets(userId),
      this.credits.cycle(userId),
      this.accounts?.findSubscription(userId),
    ]);
    const cycleOpen = Boolean(cycle && cycle.start <= now && now < cycle.end);
    const plan = cycleOpen ? findPaidPlan(currentPlan(subscription, this.priceIds)?.id) : undefined;
    const period =
      plan && cycle ? { kind: "plan" as const, ...cycle } : { kind: "month" as const, ...utcMonthRange(now) };
    const planCredits = cycleOpen ? Math.max(0, buckets.plan) : 0;
    const [additional, spentRows] = await Promise.all([
      this.credits.purchasedBetween(userId, period.start, period.end),
      this.credits.dailySpent(userId, period.start, period.end),
    ]);
    const spentByDay = new Map(spentRows.map((r) => [r.date, r.spent]));
    const usage = creditUsage({
      monthlyPlanCredits: plan?.creditsPerMonth ?? 0,
      additionalCredits: additional,
      remaining: buckets.balance,
    });
    return {
      balance: buckets.balance,
      planCredits,
      permanentCredits: Math.max(0, buckets.balance - Math.max(0, buckets.plan)),
      period: { kind: period.kind, start: period.start.toISOString(), end: period.end.toISOString() },
      usage: { monthlyPlanCredits: plan?.creditsPerMonth ?? 0, additionalCredits: additional, ...usage },
      daily: utcDays(period.start, now < period.end ? now : new Date(period.end.getTime() - 1)).map((date) => ({
        date,
        spent: spentByDay.get(date) ?? 0,
      })),
    };
  }

  /** Every ledger row carries the service clock's time, so periods and rows agree (tests move the clock). */
  #append(entry: LedgerEntry, tx: Transaction): Promise<LedgerRow | undefined> {
    return this.credits.append({ ...entry, createdAt: entry.createdAt ?? this.clock() }, tx);
  }

  /** A spend under the lock: no row when the balance is too low. */
  async #spendLocked(
    tx: Transaction,
    input: {
      userId: string;
      amount: number;
      key: string;
      videoId: string | null;
      apiKeyId?: string | null;
      notes: string;
    },
  ): Promise<{ row: LedgerRow | null; balance: number }> {
    await this.settleEndedCycle(tx, input.userId, this.clock());
    const { balance, plan } = await this.credits.buckets(input.userId, tx);
    if (balance < input.amount) return { row: null, balance };
    const planPart = Math.min(input.amount, Math.max(0, plan));
    const row = await this.#append(
      {
        userId: input.userId,
        amount: -input.amount,
        planAmount: -planPart,
        source: "spend",
        notes: input.notes,
        idempotencyKey: input.key,
        videoId: input.videoId,
        apiKeyId: input.apiKeyId ?? null,
      },
      tx,
    );
    return { row: row ?? null, balance: balance - input.amount };
  }
}
