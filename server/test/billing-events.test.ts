import { renderPriorityOf } from "@reelsmith/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { payments, subscriptions, webhookEvents } from "../src/db/schema/index.ts";
import type { BillingEvent } from "../src/repositories/payments/payment-provider.ts";
import { balance, ledger, post, signUpUser, subscribe, subscriptionRow, TestClock } from "./billing-helpers.ts";
import { DRIVERS } from "./databases.ts";
import { createHarness, type Harness, json } from "./harness.ts";

/** An event as `webhook_events` stored it (JSON), with its dates back as dates. */
function revive(payload: unknown): BillingEvent {
  const event = structuredClone(payload) as Record<string, unknown>;
  for (const key of ["snapshot", "subscription"]) {
    const snapshot = event[key] as Record<string, unknown> | null | undefined;
    if (!snapshot) continue;
    snapshot.periodStart = new Date(snapshot.periodStart as string);
    snapshot.periodEnd = new Date(snapshot.periodEnd as string);
  }
  return event as unknown as BillingEvent;
}

describe.each(DRIVERS)("the test provider emits provider events on %s", (driver) => {
  let h: Harness;
  let clock: TestClock;
  beforeEach(async () => {
    clock = new TestClock("2026-03-10T12:00:00.000Z");
    h = await createHarness(driver, { clock: clock.now });
  });
  afterEach(async () => {
    await h.close();
  });

  it("records every test checkout, portal change and renewal in webhook_events, and a replay changes nothing", async () => {
    const user = await signUpUser(h, "events.portal@example.com");
    await subscribe(h, user.cookie, "STARTER");
    await post(h, "/api/billing/test-portal/change", user.cookie, { planId: "STARTER", interval: "month" });
    await post(h, "/api/billing/test-portal/cancel", user.cookie);
    await post(h, "/api/billing/test-portal/resume", user.cookie);
    clock.advance(86_400_000);
    const upgraded = await post(h, "/api/billing/test-portal/change", user.cookie, {
      planId: "PRO",
      interval: "month",
    });
    expect(upgraded.status).toBe(200);
    expect(await balance(h, user.id)).toBe(20 + 100 + 350);
    clock.set("2026-04-11T12:00:30.000Z");
    await h.ctx.services.billing.rollover();

    const events = await h.db.db.select().from(webhookEvents).orderBy(webhookEvents.receivedAt);
    expect(events.every((e) => e.provider === "test")).toBe(true);
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        "checkout.completed",
        "invoice.paid",
        "invoice.paid",
        "subscription.updated",
        "subscription.updated",
        "subscription.updated",
      ].sort(),
    );
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const charges = (await h.db.db.select().from(payments)).map((p) => [
      p.planId,
      p.amountCents,
      (p.metadata as { kind?: string }).kind ?? "checkout",
    ]);
    expect(charges).toEqual(
      expect.arrayContaining([
        ["STARTER", 1700, "checkout"],
        ["PRO", 4900, "upgrade"],
        ["PRO", 4900, "renewal"],
      ]),
    );
    expect(charges).toHaveLength(3);

    const before = {
      balance: await balance(h, user.id),
      ledger: (await ledger(h, user.id)).length,
      subscription: await subscriptionRow(h, user.id),
    };
    for (const stored of events) {
      expect(await h.ctx.services.billing.processEvent(revive(stored.payload))).toBe("duplicate");
    }
    expect(await balance(h, user.id)).toBe(before.balance);
    expect((await ledger(h, user.id)).length).toBe(before.ledger);
    expect(await subscriptionRow(h, user.id)).toEqual(before.subscription);
    expect(await h.db.db.select().from(payments)).toHaveLength(3);
  });

  it("renews a period once even when a second run read the subscription before the first one committed", async () => {
    const user = await signUpUser(h, "events.renewal@example.com");
    await subscribe(h, user.cookie, "PRO");
    clock.set("2026-04-10T12:00:30.000Z");
    const stale = await subscriptionRow(h, user.id);
    if (!stale) throw new Error("no subscription");
    await h.ctx.services.billing.rollover();
    // A job run that read the row before the renewal emits the same event: a duplicate.
    await h.ctx.services.billing.testProvider.renew(stale, clock.now());
    const renewals = (await h.db.db.select().from(payments)).filter(
      (p) => (p.metadata as { kind?: string }).kind === "renewal",
    );
    expect(renewals.map((p) => [p.planId, p.amountCents])).toEqual([["PRO", 4900]]);
    expect((await ledger(h, user.id)).filter((r) => r.source === "plan_grant").map((r) => r.amount)).toEqual([
      350, 350,
    ]);
    expect(await h.db.db.select().from(webhookEvents)).toHaveLength(2);
  });

  it("writes no subscription change from the test portal outside processEvent", async () => {
    const user = await signUpUser(h, "events.only@example.com");
    await subscribe(h, user.cookie, "PRO");
    const processed: string[] = [];
    const processor = h.ctx.services.billing.events;
    const original = processor.processEvent.bind(processor);
    processor.processEvent = async (event) => {
      processed.push(event.type);
      return original(event);
    };
    await post(h, "/api/billing/test-portal/change", user.cookie, { planId: "STARTER", interval: "year" });
    expect(processed).toEqual(["subscription.updated"]);
    expect(await subscriptionRow(h, user.id)).toMatchObject({
      scheduledChangeType: "downgrade",
      scheduledPlanId: "STARTER",
      scheduledInterval: "year",
    });
    await post(h, "/api/billing/test-portal/change", user.cookie, { planId: "AGENCY", interval: "month" });
    clock.set("2026-04-10T12:00:30.000Z");
    await h.ctx.services.billing.rollover();
    expect(processed).toEqual(["subscription.updated", "invoice.paid", "invoice.paid"]);
  });
});

describe.each(DRIVERS)("one rule for the current plan on %s", (driver) => {
  let h: Harness;
  let clock: TestClock;
  beforeEach(async () => {
    clock = new TestClock("2026-03-10T12:00:00.000Z");
    h = await createHarness(driver, { clock: clock.now });
  });
  afterEach(async () => {
    await h.close();
  });

  async function setSubscription(userId: string, status: string) {
    // Only a price id, and a status in another case: the plan is read from price_id.
    const values = {
      status,
      planId: null,
      priceId: "test_price_PRO_month",
      billingInterval: "month",
      currentPeriodStart: new Date("2026-03-01T00:00:00.000Z"),
      currentPeriodEnd: new Date("2026-04-01T00:00:00.000Z"),
      creditsCycleStart: new Date("2026-03-01T00:00:00.000Z"),
      creditsCycleEnd: new Date("2026-04-01T00:00:00.000Z"),
      currentPeriodPaid: true,
      provider: "test",
      providerSubscriptionId: `test_sub_${userId}`,
    };
    await h.db.db
      .insert(subscriptions)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  }

  it("gives the account, the subscription card, the usage panel, the portal and the render queue the same plan", async () => {
    const user = await signUpUser(h, "rule@example.com");
    await setSubscription(user.id, "Past_Due");
    expect(await json(h.request("/api/account", { cookie: user.cookie }))).toMatchObject({
      plan: { id: "PRO" },
      subscriptionStatus: "active",
    });
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      active: true,
      plan: { id: "PRO" },
      priceCents: 4900,
    });
    expect(await json(h.request("/api/credits", { cookie: user.cookie }))).toMatchObject({
      period: { kind: "plan" },
      usage: { monthlyPlanCredits: 350 },
    });
    expect((await h.request("/api/billing/test-portal", { cookie: user.cookie })).status).toBe(200);
    expect(renderPriorityOf(await h.ctx.services.accounts.currentPlan(user.id))).toBeGreaterThan(0);

    await setSubscription(user.id, "canceled");
    expect(await json(h.request("/api/account", { cookie: user.cookie }))).toMatchObject({ plan: null });
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      active: false,
      plan: null,
    });
    expect(await json(h.request("/api/credits", { cookie: user.cookie }))).toMatchObject({
      period: { kind: "month" },
      usage: { monthlyPlanCredits: 0 },
    });
    expect((await h.request("/api/billing/test-portal", { cookie: user.cookie })).status).toBe(404);
    expect(await h.ctx.services.accounts.currentPlan(user.id)).toBeUndefined();
  });
});
