import { creditCost } from "../video-types/index.ts";

/** A user may create a video only if balance >= cost; an unknown type costs 0 and is allowed. */
export function canAfford(balance: number, type: string): boolean {
  return balance >= creditCost(type);
}

/** Spending or adding requires a user and a positive whole amount. */
export function isValidCreditChange(userId: string | null | undefined, amount: number): boolean {
  return Boolean(userId) && Number.isInteger(amount) && amount > 0;
}

/** Usage: used = total - remaining, clamped to 0..total. */
export function creditsUsed(total: number, remaining: number): number {
  const safeTotal = Math.max(0, total);
  return Math.min(safeTotal, Math.max(0, safeTotal - remaining));
}

/**
 * The usage panel (spec section 2): total = this period's monthly plan credits + additional (purchased)
 * credits; used = total - remaining, clamped to 0..total.
 */
export function creditUsage(input: { monthlyPlanCredits: number; additionalCredits: number; remaining: number }): {
  total: number;
  used: number;
  remaining: number;
} {
  const total = Math.max(0, input.monthlyPlanCredits) + Math.max(0, input.additionalCredits);
  return { total, used: creditsUsed(total, input.remaining), remaining: input.remaining };
}
