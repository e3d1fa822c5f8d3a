/**
 * The plan catalogue (spec section 9). Provider price ids come from server configuration.
 *
 * Billing is monthly or annual. Annual rule: an annual plan costs 10 x the monthly price ("2 months
 * free"), billed once a year; its credits are still granted month by month (the plan's monthly credits
 * at the start of each month of the year), so plan credits reset every month on both intervals.
 */
export const PLAN_IDS = ["STARTER", "PRO", "AGENCY", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month; null for enterprise (custom). */
  price: number | null;
  /** Credits granted each month; null for enterprise (not shown). */
  creditsPerMonth: number | null;
  maxVideos: number | null;
  description: string;
  features: readonly string[];
  popular: boolean;
  isEnterprise: boolean;
  /**
   * Place in the render queue: a waiting render of a higher number starts first ("fast" and "lightning-fast"
   * rendering). The encode itself runs at the same speed for everyone. Free accounts count as 0.
   */
  renderPriority: number;
}

export const plans: readonly Plan[] = [
  {
    id: "STARTER",
    name: "Starter",
    price: 17,
    creditsPerMonth: 100,
    maxVideos: 16,
    description: "For creators posting a few times a week.",
    features: ["100 credits per month", "Up to 16 videos", "Standard rendering speed", "E-mail support"],
    popular: false,
    isEnterprise: false,
    renderPriority: 0,
  },
  {
    id: "PRO",
    name: "Pro",
    price: 49,
    creditsPerMonth: 350,
    maxVideos: 58,
    description: "For daily posters and growing pages.",
    features: [
      "350 credits per month",
      "Up to 58 videos",
      "Fast rendering",
      "Priority support",
      "Early access to new features",
    ],
    popular: true,
    isEnterprise: false,
    renderPriority: 10,
  },
  {
    id: "AGENCY",
    name: "Agency",
    price: 119,
    creditsPerMonth: 1000,
    maxVideos: 166,
    description: "For agencies running many accounts.",
    features: [
      "1000 credits per month",
      "Up to 166 videos",
      "Lightning-fast rendering",
      "24/7 priority support",
      "Early access to new features",
      "Monthly 1 on 1 call with the founder",
    ],
    popular: false,
    isEnterprise: false,
    renderPriority: 20,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    price: null,
    creditsPerMonth: null,
    maxVideos: null,
    description: "Custom volume, custom workflows.",
    features: ["Custom credit volume", "Dedicated support", "Custom integrations"],
    popular: false,
    isEnterprise: true,
    renderPriority: 20,
  },
];

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** An annual plan is billed as this many months: 12 months for the price of 10. */
export const ANNUAL_MONTHS_CHARGED = 10;

/** The plans a user can subscribe to on their own (enterprise is by contact). */
export type PaidPlan = Plan & { price: number; creditsPerMonth: number; maxVideos: number };

export function isSelfServePlan(plan: Plan | undefined): plan is PaidPlan {
  return Boolean(plan && !plan.isEnterprise && plan.price !== null && plan.creditsPerMonth !== null);
}

export const selfServePlans: readonly PaidPlan[] = plans.filter(isSelfServePlan);

/** What one billing period of the plan costs, in cents: the monthly price, or 10 x it for a year. */
export function planPriceCents(plan: PaidPlan, interval: BillingInterval): number {
  const monthlyCents = Math.round(plan.price * 100);
  return interval === "year" ? monthlyCents * ANNUAL_MONTHS_CHARGED : monthlyCents;
}

/** The per-month figure shown on an annual card (the annual price / 12), in cents, rounded to the cent. */
export function monthlyEquivalentCents(plan: PaidPlan, interval: BillingInterval): number {
  return interval === "year" ? Math.round(planPriceCents(plan, "year") / 12) : planPriceCents(plan, "month");
}

/** What an annual plan saves against twelve monthly payments, in cents. */
export function annualSavingsCents(plan: PaidPlan): number {
  return planPriceCents(plan, "month") * 12 - planPriceCents(plan, "year");
}

export const FREE_PLAN_LABEL = "0 credits/month";

export function findPlan(id: string | null | undefined): Plan | undefined {
  if (!id) return undefined;
  return plans.find((p) => p.id.toLowerCase() === id.toLowerCase());
}

/** The self-serve plan with this id, or undefined (unknown, enterprise). */
export function findPaidPlan(id: string | null | undefined): PaidPlan | undefined {
  const plan = findPlan(id);
  return isSelfServePlan(plan) ? plan : undefined;
}

/** Where a render of an account on `plan` (none: free) goes in the queue; see `Plan.renderPriority`. */
export function renderPriorityOf(plan: Pick<Plan, "renderPriority"> | null | undefined): number {
  return plan?.renderPriority ?? 0;
}
