/** Top-ups, checkout and promotion constants (spec sections 5 and 9). */

/** One credit pack: 10 credits for 3.00 USD. */
export const TOP_UP_PACK_CREDITS = 10;
export const TOP_UP_PACK_PRICE_CENTS = 300;
/** At most 5 packs in one purchase. */
export const TOP_UP_MAX_PACKS_PER_PURCHASE = 5;
/** At most 50 one-time credits per calendar month (UTC), counted by the month the checkout started in. */
export const TOP_UP_MONTHLY_CAP_CREDITS = 50;
/** Where a finished top-up returns to (spec: default success path /home). */
export const TOP_UP_SUCCESS_PATH = "/home";
/** Where a finished plan purchase returns to. */
export const PLAN_SUCCESS_PATH = "/settings";
/** Where the billing portal returns to. */
export const PORTAL_RETURN_PATH = "/settings";
/**
 * An open checkout reserves its credits against the monthly cap for this long (the shortest expiry a
 * Stripe Checkout Session accepts); after it the reservation lapses and the checkout can no longer be paid.
 */
export const CHECKOUT_RESERVATION_MINUTES = 30;
export const CURRENCY = "USD";

export interface PromoCode {
  code: string;
  percentOff: number;
  /** Promotions apply to plan purchases ("any tier"), for the first billing period. */
  appliesTo: "subscription";
}

/** HALFOFFWOW: 50 % off any tier (spec section 1), on the first payment of a plan. */
export const PROMO_CODES: readonly PromoCode[] = [{ code: "HALFOFFWOW", percentOff: 50, appliesTo: "subscription" }];
