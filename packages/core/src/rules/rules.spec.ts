import { describe, expect, it } from "vitest";
import { plans } from "../catalogue/plans.ts";
import { creditCost, videoTypeCatalogue } from "../video-types/index.ts";
import { canAfford, creditsUsed, isValidCreditChange } from "./credits.ts";
import { greetingName, initials } from "./greeting.ts";
import { minutesSaved } from "./stats.ts";
import { currentPlan, isSubscriptionActive, resolvePlan, subscriptionBadge } from "./subscription.ts";

describe("greetingName", () => {
  it("uses the first name, else the e-mail local part, else 'User'", () => {
    expect(greetingName({ name: "  Maya Reed ", email: "m@x.io" })).toBe("Maya");
    expect(greetingName({ name: "", email: "dj.kilo@beats.fm" })).toBe("dj.kilo");
    expect(greetingName({ name: "   ", email: "" })).toBe("User");
    expect(greetingName(null)).toBe("User");
  });
});

describe("initials", () => {
  it("takes first and last initials, one name's first two letters, else the e-mail's", () => {
    expect(initials({ name: "maya anne reed" })).toBe("MR");
    expect(initials({ name: "Cher" })).toBe("CH");
    expect(initials({ name: "", email: "zed@x.io" })).toBe("ZE");
    expect(initials({})).toBe("U");
  });
});

describe("minutesSaved", () => {
  it("counts 39 minutes per video and never goes negative", () => {
    expect(minutesSaved(0)).toBe(0);
    expect(minutesSaved(3)).toBe(117);
    expect(minutesSaved(-2)).toBe(0);
  });
});

describe("credit costs and affordability", () => {
  it("charges 6 for text-hook, reddit and green-screen and 14 for ugc-ads and faceless-ai", () => {
    expect(["text-hook", "reddit", "green-screen", "ugc-ads", "faceless-ai"].map(creditCost)).toEqual([
      6, 6, 6, 14, 14,
    ]);
    expect(videoTypeCatalogue).toHaveLength(5);
  });
  it("allows creation only when balance >= cost; unknown types cost 0", () => {
    expect(canAfford(6, "reddit")).toBe(true);
    expect(canAfford(5, "reddit")).toBe(false);
    expect(canAfford(13, "ugc-ads")).toBe(false);
    expect(canAfford(0, "mystery")).toBe(true);
  });
  it("accepts a credit change only for a user and a positive whole amount", () => {
    expect(isValidCreditChange("u1", 5)).toBe(true);
    expect(isValidCreditChange("", 5)).toBe(false);
    expect(isValidCreditChange("u1", 0)).toBe(false);
    expect(isValidCreditChange("u1", -3)).toBe(false);
    expect(isValidCreditChange("u1", 1.5)).toBe(false);
  });
  it("clamps used credits to 0..total", () => {
    expect(creditsUsed(100, 40)).toBe(60);
    expect(creditsUsed(100, 140)).toBe(0);
    expect(creditsUsed(100, -5)).toBe(100);
    expect(creditsUsed(-10, 5)).toBe(0);
  });
});

describe("subscriptions", () => {
  it("is active for active, trialing and past_due in any case, inactive otherwise", () => {
    for (const s of ["active", "TRIALING", "Past_Due"]) expect(isSubscriptionActive(s)).toBe(true);
    for (const s of ["canceled", "incomplete", "", null, undefined]) expect(isSubscriptionActive(s)).toBe(false);
  });
  it("badges Active / Inactive / No Subscription", () => {
    expect(subscriptionBadge({ status: "active" })).toBe("Active");
    expect(subscriptionBadge({ status: "canceled" })).toBe("Inactive");
    expect(subscriptionBadge({ status: null })).toBe("No Subscription");
    expect(subscriptionBadge(null)).toBe("No Subscription");
  });
  it("resolves the plan from plan_id first, then from price_id", () => {
    const priceIds = { STARTER: ["price_s_m", "price_s_y"], PRO: ["price_p_m"] };
    expect(resolvePlan({ planId: "pro", priceId: "price_s_m" }, priceIds)?.id).toBe("PRO");
    expect(resolvePlan({ planId: null, priceId: "price_s_y" }, priceIds)?.id).toBe("STARTER");
    expect(resolvePlan({ planId: "GOLD", priceId: "nope" }, priceIds)).toBeUndefined();
    expect(resolvePlan(null)).toBeUndefined();
  });
  it("reads the current plan only from an active subscription, by plan_id and then price_id", () => {
    const priceIds = { PRO: ["price_p_m", "price_p_y"], AGENCY: ["price_a_m"] };
    expect(currentPlan({ status: "Past_Due", planId: null, priceId: "price_p_y" }, priceIds)?.id).toBe("PRO");
    expect(currentPlan({ status: "TRIALING", planId: "agency", priceId: "price_p_m" }, priceIds)?.id).toBe("AGENCY");
    expect(currentPlan({ status: "canceled", planId: "PRO", priceId: "price_p_m" }, priceIds)).toBeUndefined();
    expect(currentPlan({ status: null, planId: "PRO", priceId: null }, priceIds)).toBeUndefined();
    expect(currentPlan({ status: "active", planId: null, priceId: "price_unknown" }, priceIds)).toBeUndefined();
    expect(currentPlan(undefined, priceIds)).toBeUndefined();
  });
  it("keeps the catalogue's prices and credits", () => {
    expect(plans.map((p) => [p.id, p.price, p.creditsPerMonth, p.maxVideos])).toEqual([
      ["STARTER", 17, 100, 16],
      ["PRO", 49, 350, 58],
      ["AGENCY", 119, 1000, 166],
      ["enterprise", null, null, null],
    ]);
    expect(plans.filter((p) => p.popular).map((p) => p.id)).toEqual(["PRO"]);
  });
});
