import { isValidCreditChange, messages, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import type { Tx } from "../db/tx.ts";
import type { EventBus } from "../events/event-bus.ts";
import { AppError } from "../lib/errors.ts";
import type { CreditsRepository, LedgerEntry } from "../repositories/credits.repository.ts";

export class CreditsService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly events?: EventBus,
  ) {}

  /** Tells the user's open screens the new balance, after a ledger change has been committed. */
  async publishBalance(userId: string, change?: Pick<LedgerEntry, "amount" | "source">): Promise<void> {
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

  /**
   * The 20 free credits of a new account, as one ledger row keyed by the user: safe to call any
   * number of times, concurrently or not; only the first call writes.
   */
  async grantSignupBonus(userId: string): Promise<boolean> {
    if (!isValidCreditChange(userId, SIGNUP_BONUS_CREDITS)) return false;
    const entry: LedgerEntry = {
      userId,
      amount: SIGNUP_BONUS_CREDITS,
      source: "signup_bonus",
      notes: "Free credits for a new account",
      idempotencyKey: `signup:${userId}`,
    };
    const written = await this.credits.append(entry);
    if (written) await this.publishBalance(userId, entry);
    return written;
  }

  /**
   * Inside the caller's transaction: locks the user's balance, refuses with INSUFFICIENT_CREDITS when it
   * is below the cost, else writes the spend keyed by the video (a second call for the same video is a
   * no-op). The caller publishes the new balance after commit.
   */
  async spendForVideo(tx: Tx, spend: { userId: string; videoId: string; amount: number; type: string }): Promise<void> {
    if (!isValidCreditChange(spend.userId, spend.amount)) return;
    await this.credits.lockUser(tx, spend.userId);
    const balance = await this.credits.balance(spend.userId, tx);
    if (balance < spend.amount) {
      throw new AppError("INSUFFICIENT_CREDITS", messages.credits.insufficientDialog, {
        required: spend.amount,
        current: balance,
      });
    }
    await this.credits.append(
      {
        userId: spend.userId,
        amount: -spend.amount,
        source: "spend",
        notes: `video:${spend.type} (${spend.videoId})`,
        idempotencyKey: `spend:${spend.videoId}`,
        videoId: spend.videoId,
      },
      tx,
    );
  }

  /**
   * Inside the caller's transaction: gives back exactly what was spent on the video, once. Returns the
   * refunded amount (0 when nothing was spent or it was already refunded).
   */
  async refundVideo(tx: Tx, refund: { userId: string; videoId: string }): Promise<number> {
    const spent = await this.credits.byKey(`spend:${refund.videoId}`, tx);
    if (!spent || spent.userId !== refund.userId || spent.amount >= 0) return 0;
    const written = await this.credits.append(
      {
        userId: refund.userId,
        amount: -spent.amount,
        source: "refund",
        notes: `refund for failed video (${refund.videoId})`,
        idempotencyKey: `refund:${refund.videoId}`,
        videoId: refund.videoId,
      },
      tx,
    );
    return written ? -spent.amount : 0;
  }
}
