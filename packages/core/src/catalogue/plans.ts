/** The plan catalogue (spec section 9). Provider price ids come from server configuration. */
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
  },
];

export const FREE_PLAN_LABEL = "0 credits/month";

export function findPlan(id: string | null | undefined): Plan | undefined {
  if (!id) return undefined;
  return plans.find((p) => p.id.toLowerCase() === id.toLowerCase());
}
