import { PROMO_CODES, type PromoCode } from "../catalogue/billing.ts";
import { type BillingInterval, findPaidPlan, type Plan } from "../catalogue/plans.ts";

/** The promotion for a code as typed (trimmed, any case), or undefined. */
export function findPromo(code: string | null | undefined): PromoCode | undefined {
  const wanted = code?.trim().toUpperCase();
  if (!wanted) return undefined;
  return PROMO_CODES.find((p) => p.code === wanted);
}

/** Price after a promotion: the discount is percentOff of the amount, rounded to the cent. */
export function applyPromo(
  amountCents: number,
  code: string | null | undefined,
): { subtotalCents: number; discountCents: number; totalCents: number; promo: PromoCode | undefined } {
  const subtotalCents = Math.max(0, Math.round(amountCents));
  const promo = findPromo(code);
  const discountCents = promo ? Math.round((subtotalCents * promo.percentOff) / 100) : 0;
  return { subtotalCents, discountCents, totalCents: subtotalCents - discountCents, promo };
}

export type PlanChange = "upgrade" | "downgrade" | "none";

/**
 * What moving from the current plan to a target is. A plan with a higher monthly price is an upgrade
 * (applies at once), a lower one a downgrade (applies at the end of the period). On the same plan,
 * monthly -> annual is an upgrade (the year is paid at once) and annual -> monthly a downgrade.
 */
export function classifyPlanChange(
  current: { planId: string; interval: BillingInterval },
  target: { planId: string; interval: BillingInterval },
): PlanChange {
  const from = findPaidPlan(current.planId);
  const to = findPaidPlan(target.planId);
  if (!from || !to) throw new RangeError(`unknown plan ${!from ? current.planId : target.planId}`);
  if (from.id === to.id) {
    if (current.interval === target.interval) return "none";
    return target.interval === "year" ? "upgrade" : "downgrade";
  }
  return to.price > from.price ? "upgrade" : "downgrade";
}

export type PricingButtonState = "loading" | "contact" | "current" | "downgrade" | "choose";

/**
 * The plan card's button (spec section 2): Loading... while the account or a checkout loads; Contact Us
 * for enterprise; Current Plan on the plan (and interval) the viewer has; Downgrade when the card's price
 * is lower than the current plan's; otherwise Choose Plan.
 */
export function pricingButtonState(input: {
  plan: Plan;
  interval: BillingInterval;
  loading: boolean;
  current: { planId: string; interval: BillingInterval } | null;
}): PricingButtonState {
  const { plan, current } = input;
  if (plan.isEnterprise) return "contact";
  if (input.loading) return "loading";
  if (!current) return "choose";
  const currentPlan = findPaidPlan(current.planId);
  if (currentPlan?.id === plan.id && current.interval === input.interval) return "current";
  if (currentPlan && plan.price !== null && plan.price < currentPlan.price) return "downgrade";
  return "choose";
}

export const PRICING_BUTTON_LABELS: Record<PricingButtonState, string> = {
  loading: "Loading...",
  contact: "Contact Us",
  current: "Current Plan",
  downgrade: "Downgrade",
  choose: "Choose Plan",
};
