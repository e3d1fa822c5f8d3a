import {
  type BillingInterval,
  currentPlan,
  findPaidPlan,
  isSubscriptionActive,
  planPriceCents,
  type SubscriptionView,
  subscriptionCardBadge,
} from "@reelsmith/core";
import type { SubscriptionRow } from "../../repositories/billing.repository.ts";
import type { ProviderName } from "../../repositories/payments/payment-provider.ts";
import type { PriceCatalog } from "../price-catalog.ts";

/** The subscription card's view of a user's subscription row; the plan is core's `currentPlan`. */
export function subscriptionViewOf(
  row: SubscriptionRow | undefined,
  provider: ProviderName,
  prices: PriceCatalog,
): SubscriptionView {
  const empty: SubscriptionView = {
    provider,
    status: null,
    active: false,
    badge: "No Subscription",
    plan: null,
    interval: null,
    scheduledPlan: null,
    scheduledInterval: null,
    scheduledChangeType: null,
    scheduledChangeDate: null,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    priceCents: null,
  };
  if (!row?.status) return empty;
  const active = isSubscriptionActive(row.status);
  const plan = currentPlan(row, prices.priceIdsByPlan());
  const paid = findPaidPlan(plan?.id);
  const interval: BillingInterval = row.billingInterval === "year" ? "year" : "month";
  const scheduledPlan = active ? findPaidPlan(row.scheduledPlanId) : undefined;
  const changeType =
    active && (row.scheduledChangeType === "downgrade" || row.scheduledChangeType === "cancel")
      ? row.scheduledChangeType
      : null;
  return {
    ...empty,
    status: row.status,
    active,
    badge: active ? subscriptionCardBadge(row) : "Inactive",
    plan: plan ? { id: plan.id, name: plan.name } : null,
    interval: plan ? interval : null,
    scheduledPlan: scheduledPlan ? { id: scheduledPlan.id, name: scheduledPlan.name } : null,
    scheduledInterval: scheduledPlan ? ((row.scheduledInterval as BillingInterval | null) ?? interval) : null,
    scheduledChangeType: changeType,
    scheduledChangeDate: changeType ? ((row.scheduledChangeDate ?? row.currentPeriodEnd)?.toISOString() ?? null) : null,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    priceCents: paid ? planPriceCents(paid, interval) : null,
  };
}
