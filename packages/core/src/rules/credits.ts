import { creditCost } from "../catalogue/video-types.ts";

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
