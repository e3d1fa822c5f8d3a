import { type BillingInterval, findPaidPlan, type PaidPlan, selfServePlans } from "@reelsmith/core";

export interface PriceIds {
  plans: Record<string, Record<BillingInterval, string>>;
  topUpPack: string;
}

/** The built-in test provider's price ids: stable names, no configuration needed. */
export function testPriceIds(): PriceIds {
  return {
    plans: Object.fromEntries(
      selfServePlans.map((p) => [p.id, { month: `test_price_${p.id}_month`, year: `test_price_${p.id}_year` }]),
    ),
    topUpPack: "test_price_topup_pack",
  };
}

/** Maps the catalogue's plans and intervals to the payment provider's price ids, and back. */
export class PriceCatalog {
  constructor(readonly ids: PriceIds) {}

  planPriceId(planId: string, interval: BillingInterval): string {
    const id = this.ids.plans[planId]?.[interval];
    if (!id) throw new RangeError(`no price configured for ${planId} (${interval})`);
    return id;
  }

  get topUpPackPriceId(): string {
    return this.ids.topUpPack;
  }

  /** The plan and interval a provider price id stands for, if any. */
  resolve(priceId: string | null | undefined): { plan: PaidPlan; interval: BillingInterval } | undefined {
    if (!priceId) return undefined;
    for (const [planId, byInterval] of Object.entries(this.ids.plans)) {
      for (const interval of ["month", "year"] as const) {
        if (byInterval[interval] === priceId) {
          const plan = findPaidPlan(planId);
          if (plan) return { plan, interval };
        }
      }
    }
    return undefined;
  }

  /** Every price id of each plan, for resolving a subscription's plan by price (core's resolvePlan). */
  priceIdsByPlan(): Record<string, string[]> {
    return Object.fromEntries(Object.entries(this.ids.plans).map(([planId, p]) => [planId, [p.month, p.year]]));
  }
}
