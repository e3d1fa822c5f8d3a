import { findPlan, type Plan, plans } from "../catalogue/plans.ts";

const ACTIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

/** Active when status (any case) is active, trialing or past_due; anything else, or none, is inactive. */
export function isSubscriptionActive(status: string | null | undefined): boolean {
  return typeof status === "string" && ACTIVE_STATUSES.has(status.trim().toLowerCase());
}

export type SubscriptionBadge = "Active" | "Inactive" | "No Subscription";

export function subscriptionBadge(subscription: { status: string | null } | null | undefined): SubscriptionBadge {
  if (!subscription?.status) return "No Subscription";
  return isSubscriptionActive(subscription.status) ? "Active" : "Inactive";
}

/**
 * Current plan: from plan_id first, then by matching price_id against the configured price ids.
 * `priceIds` maps a plan id to every provider price id that stands for it (monthly, annual).
 */
export function resolvePlan(
  subscription: { planId?: string | null; priceId?: string | null } | null | undefined,
  priceIds: Partial<Record<string, readonly string[]>> = {},
): Plan | undefined {
  if (!subscription) return undefined;
  const byId = findPlan(subscription.planId);
  if (byId) return byId;
  const price = subscription.priceId;
  if (!price) return undefined;
  return plans.find((p) => priceIds[p.id]?.includes(price));
}

/**
 * The one rule for a user's current plan, which every screen, credit rule and the render queue read: a
 * subscription counts while it is active (`isSubscriptionActive`), and its plan is read from plan_id, then
 * from price_id (`resolvePlan`). No subscription, an inactive one or an unknown plan: no current plan (free).
 */
export function currentPlan(
  subscription: { status?: string | null; planId?: string | null; priceId?: string | null } | null | undefined,
  priceIds: Partial<Record<string, readonly string[]>> = {},
): Plan | undefined {
  if (!subscription || !isSubscriptionActive(subscription.status)) return undefined;
  return resolvePlan(subscription, priceIds);
}

export type SubscriptionCardBadge = "Active" | "Scheduled Downgrade" | "Scheduled Cancellation" | "Inactive";

/** The settings card's badge: a scheduled change wins over plain Active (spec section 2). */
export function subscriptionCardBadge(subscription: {
  status: string | null | undefined;
  scheduledChangeType?: string | null | undefined;
}): SubscriptionCardBadge {
  if (!isSubscriptionActive(subscription.status)) return "Inactive";
  if (subscription.scheduledChangeType === "cancel") return "Scheduled Cancellation";
  if (subscription.scheduledChangeType === "downgrade") return "Scheduled Downgrade";
  return "Active";
}
