import { isValidCreditChange, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import type { EventBus } from "../events/event-bus.ts";
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
}
