import { describe, expect, it } from "vitest";
import { PROMO_CODES, TOP_UP_MONTHLY_CAP_CREDITS } from "../catalogue/billing.ts";
import {
  annualSavingsCents,
  monthlyEquivalentCents,
  planPriceCents,
  plans,
  renderPriorityOf,
  selfServePlans,
} from "../catalogue/plans.ts";
import { messages } from "../messages.ts";
import { checkoutRequestSchema, returnPathSchema } from "../schemas/billing.ts";
import { creditUsage } from "./credits.ts";
import { addMonthsUtc, creditCycleContaining, periodContaining, periodEnd, utcDays } from "./periods.ts";
import { applyPromo, classifyPlanChange, findPromo, pricingButtonState } from "./plans.ts";
import { subscriptionCardBadge } from "./subscription.ts";
import {
  canStartTopUp,
  clampTopUpQuantity,
  formatUsd,
  maxTopUpQuantity,
  remainingMonthlyCap,
  topUpCheckoutErrorMessage,
  topUpCredits,
  topUpTotalCents,
  utcMonthRange,
} from "./top-up.ts";

const byId = (id: string) => {
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(id);
  return plan;
};

describe("top-up caps and quantities", () => {
  it("leaves cap - used credits this month, never below zero", () => {
    expect(remainingMonthlyCap(0)).toBe(50);
    expect(remainingMonthlyCap(30)).toBe(20);
    expect(remainingMonthlyCap(50)).toBe(0);
    expect(remainingMonthlyCap(70)).toBe(0);
    expect(remainingMonthlyCap(Number.NaN)).toBe(TOP_UP_MONTHLY_CAP_CREDITS);
  });

  it("allows floor(remaining / 10) packs, at most 5", () => {
    expect(maxTopUpQuantity(50)).toBe(5);
    expect(maxTopUpQuantity(60)).toBe(5);
    expect(maxTopUpQuantity(49)).toBe(4);
    expect(maxTopUpQuantity(20)).toBe(2);
    expect(maxTopUpQuantity(9)).toBe(0);
    expect(maxTopUpQuantity(0)).toBe(0);
    expect(maxTopUpQuantity(-10)).toBe(0);
  });

  it("clamps the quantity to an integer in 0..max", () => {
    expect(clampTopUpQuantity(3, 5)).toBe(3);
    expect(clampTopUpQuantity(9, 5)).toBe(5);
    expect(clampTopUpQuantity(-2, 5)).toBe(0);
    expect(clampTopUpQuantity(2.7, 5)).toBe(2);
    expect(clampTopUpQuantity(Number.NaN, 5)).toBe(0);
    expect(clampTopUpQuantity(4, 2)).toBe(2);
    expect(clampTopUpQuantity(4, 0)).toBe(0);
  });

  it("prices packs at 10 credits for $3.00 and prints totals with two decimals", () => {
    expect(topUpCredits(2)).toBe(20);
    expect(topUpTotalCents(2)).toBe(600);
    expect(topUpTotalCents(5)).toBe(1500);
    expect(formatUsd(600)).toBe("$6.00");
    expect(formatUsd(850)).toBe("$8.50");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(-2450)).toBe("-$24.50");
  });

  it("disables Pay while loading, with quantity <= 0 or no cap left", () => {
    expect(canStartTopUp({ loading: false, quantity: 1, remainingCap: 10 })).toBe(true);
    expect(canStartTopUp({ loading: true, quantity: 1, remainingCap: 10 })).toBe(false);
    expect(canStartTopUp({ loading: false, quantity: 0, remainingCap: 10 })).toBe(false);
    expect(canStartTopUp({ loading: false, quantity: 1, remainingCap: 0 })).toBe(false);
  });

  it("words checkout errors as the spec does", () => {
    expect(topUpCheckoutErrorMessage({ message: "x", maxQuantityAllowed: 2, remainingCap: 20 })).toBe(
      "You can buy at most 2 packs right now (20 credits remaining this month).",
    );
    expect(topUpCheckoutErrorMessage({ remainingCap: 30 })).toBe(messages.billing.maxPacks(3, 30));
    expect(topUpCheckoutErrorMessage({ maxQuantityAllowed: 0, remainingCap: 0 })).toBe(
      "Monthly one-time purchase limit reached.",
    );
    expect(topUpCheckoutErrorMessage({ message: "Card network down" })).toBe("Card network down");
    expect(topUpCheckoutErrorMessage({})).toBe("Failed to create checkout session.");
  });

  it("counts the cap per UTC calendar month", () => {
    const { start, end } = utcMonthRange(new Date("2026-01-31T23:59:59Z"));
    expect(start.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(end.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(utcMonthRange(new Date("2026-12-15T10:00:00Z")).end.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe("plans, annual prices and promotions", () => {
  it("keeps the catalogue and prices a year at 10 x the monthly price", () => {
    expect(selfServePlans.map((p) => [p.id, planPriceCents(p, "month"), planPriceCents(p, "year")])).toEqual([
      ["STARTER", 1700, 17000],
      ["PRO", 4900, 49000],
      ["AGENCY", 11900, 119000],
    ]);
    const pro = selfServePlans[1];
    if (!pro) throw new Error("PRO");
    expect(monthlyEquivalentCents(pro, "year")).toBe(4083);
    expect(monthlyEquivalentCents(pro, "month")).toBe(4900);
    expect(annualSavingsCents(pro)).toBe(9800);
  });

  it("finds HALFOFFWOW in any case and takes 50 % off", () => {
    expect(findPromo(" halfoffwow ")?.percentOff).toBe(50);
    expect(findPromo("HALFOFF")).toBeUndefined();
    expect(findPromo(null)).toBeUndefined();
    expect(applyPromo(4900, "HALFOFFWOW")).toMatchObject({
      subtotalCents: 4900,
      discountCents: 2450,
      totalCents: 2450,
    });
    expect(applyPromo(1700, "halfoffwow")).toMatchObject({ discountCents: 850, totalCents: 850 });
    expect(applyPromo(119000, "HALFOFFWOW").totalCents).toBe(59500);
    expect(applyPromo(1701, "HALFOFFWOW")).toMatchObject({ discountCents: 851, totalCents: 850 });
    expect(applyPromo(4900, "NOPE")).toMatchObject({ discountCents: 0, totalCents: 4900, promo: undefined });
    expect(PROMO_CODES.map((p) => p.code)).toEqual(["HALFOFFWOW"]);
  });

  it("classifies plan changes: higher price up, lower down, monthly to annual up", () => {
    expect(classifyPlanChange({ planId: "STARTER", interval: "month" }, { planId: "PRO", interval: "month" })).toBe(
      "upgrade",
    );
    expect(classifyPlanChange({ planId: "AGENCY", interval: "year" }, { planId: "PRO", interval: "year" })).toBe(
      "downgrade",
    );
    expect(classifyPlanChange({ planId: "PRO", interval: "month" }, { planId: "PRO", interval: "year" })).toBe(
      "upgrade",
    );
    expect(classifyPlanChange({ planId: "PRO", interval: "year" }, { planId: "PRO", interval: "month" })).toBe(
      "downgrade",
    );
    expect(classifyPlanChange({ planId: "PRO", interval: "month" }, { planId: "pro", interval: "month" })).toBe("none");
    expect(() =>
      classifyPlanChange({ planId: "PRO", interval: "month" }, { planId: "enterprise", interval: "month" }),
    ).toThrow(RangeError);
  });

  it("gives every pricing button its state", () => {
    const state = (id: string, current: { planId: string; interval: "month" | "year" } | null, loading = false) =>
      pricingButtonState({ plan: byId(id), interval: "month", loading, current });
    expect(state("PRO", null, true)).toBe("loading");
    expect(state("enterprise", null, true)).toBe("contact");
    expect(state("PRO", null)).toBe("choose");
    expect(state("PRO", { planId: "PRO", interval: "month" })).toBe("current");
    expect(state("STARTER", { planId: "PRO", interval: "month" })).toBe("downgrade");
    expect(state("AGENCY", { planId: "PRO", interval: "month" })).toBe("choose");
    expect(state("PRO", { planId: "PRO", interval: "year" })).toBe("choose");
  });

  it("badges the subscription card, a scheduled change first", () => {
    expect(subscriptionCardBadge({ status: "active" })).toBe("Active");
    expect(subscriptionCardBadge({ status: "ACTIVE", scheduledChangeType: "downgrade" })).toBe("Scheduled Downgrade");
    expect(subscriptionCardBadge({ status: "past_due", scheduledChangeType: "cancel" })).toBe("Scheduled Cancellation");
    expect(subscriptionCardBadge({ status: "canceled", scheduledChangeType: "cancel" })).toBe("Inactive");
  });
});

describe("periods and credit cycles", () => {
  it("adds months from an anchor without drifting at month ends", () => {
    const jan31 = new Date("2026-01-31T10:00:00Z");
    expect(addMonthsUtc(jan31, 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonthsUtc(jan31, 2).toISOString()).toBe("2026-03-31T10:00:00.000Z");
    expect(addMonthsUtc(new Date("2028-01-31T00:00:00Z"), 1).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonthsUtc(jan31, 12).toISOString()).toBe("2027-01-31T10:00:00.000Z");
    expect(periodEnd(jan31, "year").toISOString()).toBe("2027-01-31T10:00:00.000Z");
  });

  it("finds the billing period that contains a moment", () => {
    const anchor = new Date("2026-01-15T00:00:00Z");
    expect(periodContaining(anchor, "month", new Date("2026-03-20T00:00:00Z"))).toEqual({
      start: new Date("2026-03-15T00:00:00Z"),
      end: new Date("2026-04-15T00:00:00Z"),
    });
    expect(periodContaining(anchor, "month", new Date("2026-04-15T00:00:00Z")).start).toEqual(
      new Date("2026-04-15T00:00:00Z"),
    );
    expect(periodContaining(anchor, "year", new Date("2027-06-01T00:00:00Z"))).toEqual({
      start: new Date("2027-01-15T00:00:00Z"),
      end: new Date("2028-01-15T00:00:00Z"),
    });
    expect(periodContaining(anchor, "month", new Date("2025-12-01T00:00:00Z")).start).toEqual(anchor);
  });

  it("splits an annual period into monthly credit cycles", () => {
    const period = { start: new Date("2026-01-31T00:00:00Z"), end: new Date("2027-01-31T00:00:00Z") };
    expect(creditCycleContaining(period, new Date("2026-03-05T00:00:00Z"))).toEqual({
      start: new Date("2026-02-28T00:00:00Z"),
      end: new Date("2026-03-31T00:00:00Z"),
    });
    expect(creditCycleContaining(period, new Date("2030-01-01T00:00:00Z"))).toEqual({
      start: new Date("2026-12-31T00:00:00Z"),
      end: new Date("2027-01-31T00:00:00Z"),
    });
    const month = { start: new Date("2026-05-10T00:00:00Z"), end: new Date("2026-06-10T00:00:00Z") };
    expect(creditCycleContaining(month, new Date("2026-05-20T00:00:00Z"))).toEqual(month);
  });

  it("lists the UTC days of a span", () => {
    expect(utcDays(new Date("2026-02-27T22:00:00Z"), new Date("2026-03-01T01:00:00Z"))).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
  });
});

describe("usage maths", () => {
  it("totals plan and additional credits and clamps used to 0..total", () => {
    expect(creditUsage({ monthlyPlanCredits: 350, additionalCredits: 20, remaining: 300 })).toEqual({
      total: 370,
      used: 70,
      remaining: 300,
    });
    expect(creditUsage({ monthlyPlanCredits: 0, additionalCredits: 0, remaining: 20 })).toEqual({
      total: 0,
      used: 0,
      remaining: 20,
    });
    expect(creditUsage({ monthlyPlanCredits: 100, additionalCredits: 0, remaining: 140 }).used).toBe(0);
  });
});

describe("checkout requests", () => {
  it("accepts a top-up or a plan purchase and only same-site return paths", () => {
    expect(checkoutRequestSchema.parse({ mode: "payment", quantity: 2 })).toEqual({ mode: "payment", quantity: 2 });
    expect(checkoutRequestSchema.parse({ mode: "subscription", planId: "PRO" })).toMatchObject({ interval: "month" });
    expect(checkoutRequestSchema.safeParse({ mode: "subscription", planId: "GOLD" }).success).toBe(false);
    expect(returnPathSchema.safeParse("/home?x=1").success).toBe(true);
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil", "home"]) {
      expect(returnPathSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("render priority", () => {
  it("puts each plan that promises faster rendering ahead of the cheaper ones, and free accounts last", () => {
    const of = (id: string) => renderPriorityOf(plans.find((p) => p.id === id));
    expect(renderPriorityOf(undefined)).toBe(0);
    expect(of("STARTER")).toBe(0);
    expect(of("PRO")).toBeGreaterThan(of("STARTER"));
    expect(of("AGENCY")).toBeGreaterThan(of("PRO"));
    // The wording on the pricing cards matches the order.
    expect(plans.find((p) => p.id === "PRO")?.features).toContain("Fast rendering");
    expect(plans.find((p) => p.id === "AGENCY")?.features).toContain("Lightning-fast rendering");
  });
});
