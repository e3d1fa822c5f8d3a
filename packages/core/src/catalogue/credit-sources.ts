/**
 * Ledger sources. The spec's own (one_time, adjustment, pack, additional, top_up) plus the
 * ones a real ledger needs (signup_bonus, plan_grant, spend, refund). Amounts are signed:
 * spend is negative, everything else positive.
 */
export const CREDIT_SOURCES = [
  "one_time",
  "adjustment",
  "pack",
  "additional",
  "top_up",
  "signup_bonus",
  "plan_grant",
  "spend",
  "refund",
] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];
