import {
  TOP_UP_MAX_PACKS_PER_PURCHASE,
  TOP_UP_MONTHLY_CAP_CREDITS,
  TOP_UP_PACK_CREDITS,
  TOP_UP_PACK_PRICE_CENTS,
} from "../catalogue/billing.ts";
import { messages } from "../messages.ts";

/** One-time credits still purchasable this month: cap - used (purchased + reserved), never below 0. */
export function remainingMonthlyCap(usedThisMonth: number, cap: number = TOP_UP_MONTHLY_CAP_CREDITS): number {
  const used = Number.isFinite(usedThisMonth) ? Math.max(0, usedThisMonth) : 0;
  return Math.max(0, cap - used);
}

/** Maximum packs in one purchase: floor(remaining cap / pack size), at most 5 (spec section 5). */
export function maxTopUpQuantity(remainingCap: number): number {
  if (!Number.isFinite(remainingCap) || remainingCap <= 0) return 0;
  return Math.min(TOP_UP_MAX_PACKS_PER_PURCHASE, Math.floor(remainingCap / TOP_UP_PACK_CREDITS));
}

/** The quantity as an integer clamped to 0..max; anything that is not a number becomes 0. */
export function clampTopUpQuantity(quantity: number, max: number): number {
  if (!Number.isFinite(quantity)) return 0;
  const upper = Math.max(0, Math.floor(max));
  return Math.min(upper, Math.max(0, Math.trunc(quantity)));
}

export function topUpCredits(quantity: number): number {
  return Math.max(0, Math.trunc(quantity)) * TOP_UP_PACK_CREDITS;
}

export function topUpTotalCents(quantity: number): number {
  return Math.max(0, Math.trunc(quantity)) * TOP_UP_PACK_PRICE_CENTS;
}

/** Money with two decimals: 600 -> "$6.00". */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(Math.round(cents)) / 100).toFixed(2)}`;
}

/** The Pay button is disabled while loading, when quantity <= 0, or when no cap is left (spec section 5). */
export function canStartTopUp(state: { loading: boolean; quantity: number; remainingCap: number }): boolean {
  return !state.loading && state.quantity > 0 && state.remainingCap > 0;
}

/**
 * The message a failed top-up checkout shows (spec section 8): with maxQuantityAllowed or remainingCap,
 * the "at most n packs" line (the monthly-limit line when nothing is left); otherwise the server's message,
 * or the generic checkout failure.
 */
export function topUpCheckoutErrorMessage(error: {
  message?: string | null | undefined;
  maxQuantityAllowed?: number | null | undefined;
  remainingCap?: number | null | undefined;
}): string {
  const hasLimit = typeof error.maxQuantityAllowed === "number" || typeof error.remainingCap === "number";
  if (hasLimit) {
    const remaining = Math.max(0, error.remainingCap ?? 0);
    const max = Math.max(0, error.maxQuantityAllowed ?? maxTopUpQuantity(remaining));
    if (remaining <= 0 || max <= 0) return messages.billing.monthlyLimitReached;
    return messages.billing.maxPacks(max, remaining);
  }
  return error.message?.trim() ? error.message : messages.billing.checkoutFailed;
}

/** The UTC calendar month holding `now`: [first of this month, first of next month). */
export function utcMonthRange(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
