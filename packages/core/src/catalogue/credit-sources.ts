/**
 * Ledger sources. The spec's own (one_time, adjustment, pack, additional, top_up) plus the
 * ones a real ledger needs (signup_bonus, plan_grant, plan_expiry, spend, refund, and referral_reward: what
 * a referrer earns when an account made through their link first pays). Amounts are
 * signed: spend and plan_expiry are negative, adjustment either, everything else positive.
 * Purchased credit packs are written as one_time (the spec's monthly-cap query counts that source).
 */
export const CREDIT_SOURCES = [
  "one_time",
  "adjustment",
  "pack",
  "additional",
  "top_up",
  "signup_bonus",
  "plan_grant",
  "plan_expiry",
  "spend",
  "refund",
  "referral_reward",
] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

/** Sources whose rows are purchases: they count as "additional credits" in the usage panel. */
export const PURCHASED_SOURCES = [
  "one_time",
  "pack",
  "additional",
  "top_up",
] as const satisfies readonly CreditSource[];
