import { isValidCreditChange, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import type { CreditsRepository } from "../repositories/credits.repository.ts";

export class CreditsService {
  constructor(private readonly credits: CreditsRepository) {}

  balance(userId: string): Promise<number> {
    return this.credits.balance(userId);
  }

  /**
   * The 20 free credits of a new account, as one ledger row keyed by the user: safe to call any
   * number of times, concurrently or not; only the first call writes.
   */
  async grantSignupBonus(userId: string): Promise<boolean> {
    if (!isValidCreditChange(userId, SIGNUP_BONUS_CREDITS)) return false;
    return this.credits.append({
      userId,
      amount: SIGNUP_BONUS_CREDITS,
      source: "signup_bonus",
      notes: "Free credits for a new account",
      idempotencyKey: `signup:${userId}`,
    });
  }
}
