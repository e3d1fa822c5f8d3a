import { messages } from "@reelsmith/core";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { billingRolloverJob } from "../src/jobs/billing-rollover.job.ts";
import {
  balance,
  buyPacks,
  DAY,
  ledger,
  MINUTE,
  paymentIdOf,
  paymentRow,
  post,
  signUpUser,
  startTopUp,
  subscribe,
  subscriptionRow,
  TestClock,
} from "./billing-helpers.ts";
import { DRIVERS } from "./databases.ts";
import { createHarness, type Harness, json } from "./harness.ts";

describe.each(DRIVERS)("top-ups through the test checkout on %s", (driver) => {
  let h: Harness;
  let clock: TestClock;
  beforeEach(async () => {
    clock = new TestClock();
    h = await createHarness(driver, { clock: clock.now });
  });
  afterEach(async () => {
    await h.close();
  });

  it("shows the order with a test banner's data, pays it and credits the packs once", async () => {
    const user = await signUpUser(h, "packs@example.com");
    const created = await startTopUp(h, user.cookie, 2);
    expect(created.status).toBe(200);
    const { url } = await json(created);
    expect(url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\/[0-9a-f-]{36}$/);
    const id = paymentIdOf(url);

    const order = await json(h.request(`/api/billing/test-checkout/${id}`, { cookie: user.cookie }));
    expect(order).toMatchObject({
      mode: "payment",
      status: "open",
      items: [{ description: "Credit pack (10 credits)", quantity: 2, unitAmountCents: 300, amountCents: 600 }],
      credits: 20,
      subtotalCents: 600,
      discountCents: 0,
      totalCents: 600,
      currency: "USD",
      promoAllowed: false,
      successPath: "/home",
    });
    // While open, the checkout holds its 20 credits of this month's cap.
    expect(await json(h.request("/api/billing/top-up", { cookie: user.cookie }))).toMatchObject({
      purchasedThisMonth: 0,
      reservedThisMonth: 20,
      remainingCap: 30,
      maxQuantity: 3,
    });

    const paid = await post(h, `/api/billing/test-checkout/${id}/pay`, user.cookie);
    expect(await json(paid)).toEqual({ redirectPath: "/home" });
    expect(await balance(h, user.id)).toBe(40);
    const rows = await ledger(h, user.id);
    expect(rows.map((r) => [r.source, r.amount, r.idempotencyKey])).toEqual([
      ["signup_bonus", 20, `signup:${user.id}`],
      ["one_time", 20, `top-up:${id}`],
    ]);
    expect(await paymentRow(h, id)).toMatchObject({ status: "completed", amountCents: 600, credits: 20 });
    expect(await json(h.request("/api/billing/top-up", { cookie: user.cookie }))).toMatchObject({
      purchasedThisMonth: 20,
      reservedThisMonth: 0,
      remainingCap: 30,
    });

    // Paying again (a double click, a replayed request) fulfils nothing more.
    const again = await Promise.all(
      Array.from({ length: 5 }, () => post(h, `/api/billing/test-checkout/${id}/pay`, user.cookie)),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance(h, user.id)).toBe(40);
  });

  it("processes one completion event once however often it is delivered", async () => {
    const user = await signUpUser(h, "replay@example.com");
    const id = paymentIdOf((await json(startTopUp(h, user.cookie, 3))).url);
    const event = {
      id: `evt_replayed_${id}`,
      type: "checkout.completed" as const,
      provider: "test" as const,
      paymentId: id,
      providerSessionId: null,
      providerCustomerId: null,
      paymentIntentId: null,
      amountTotalCents: null,
      subscription: null,
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => h.ctx.services.billing.processEvent(event)));
    expect(results.filter((r) => r === "processed")).toHaveLength(1);
    expect(results.filter((r) => r === "duplicate")).toHaveLength(4);
    expect(await balance(h, user.id)).toBe(50);
    expect((await ledger(h, user.id)).filter((r) => r.source === "one_time")).toHaveLength(1);
  });

  it("refuses zero packs and more than the cap allows, in the spec's words", async () => {
    const user = await signUpUser(h, "limits@example.com");
    const zero = await startTopUp(h, user.cookie, 0);
    expect(zero.status).toBe(400);
    expect(await zero.json()).toMatchObject({ code: "VALIDATION_FAILED", message: messages.billing.nothingToPurchase });

    const six = await startTopUp(h, user.cookie, 6);
    expect(six.status).toBe(409);
    expect(await six.json()).toMatchObject({
      code: "LIMIT_REACHED",
      message: "You can buy at most 5 packs right now (50 credits remaining this month).",
      maxQuantityAllowed: 5,
      remainingCap: 50,
    });

    await buyPacks(h, user.cookie, 3);
    const three = await startTopUp(h, user.cookie, 3);
    expect(three.status).toBe(409);
    expect(await three.json()).toMatchObject({
      message: "You can buy at most 2 packs right now (20 credits remaining this month).",
      maxQuantityAllowed: 2,
      remainingCap: 20,
    });
    await buyPacks(h, user.cookie, 2);
    const full = await startTopUp(h, user.cookie, 1);
    expect(await full.json()).toMatchObject({
      code: "LIMIT_REACHED",
      message: messages.billing.monthlyLimitReached,
      maxQuantityAllowed: 0,
      remainingCap: 0,
    });
    expect(await balance(h, user.id)).toBe(70);

    // A new UTC calendar month opens the cap again.
    clock.set("2026-04-01T00:00:00.000Z");
    expect(await json(h.request("/api/billing/top-up", { cookie: user.cookie }))).toMatchObject({
      purchasedThisMonth: 0,
      remainingCap: 50,
      maxQuantity: 5,
    });
  });

  it("lets two concurrent checkouts share the monthly cap but never pass it", async () => {
    const user = await signUpUser(h, "race@example.com");
    const attempts = await Promise.all([startTopUp(h, user.cookie, 5), startTopUp(h, user.cookie, 5)]);
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = attempts.find((a) => a.status === 409);
    expect(await refused?.json()).toMatchObject({ maxQuantityAllowed: 0, remainingCap: 0 });

    const user2 = await signUpUser(h, "race2@example.com");
    await buyPacks(h, user2.cookie, 3);
    const pair = await Promise.all([startTopUp(h, user2.cookie, 2), startTopUp(h, user2.cookie, 2)]);
    expect(pair.map((a) => a.status).sort()).toEqual([200, 409]);
    const ok = pair.find((a) => a.status === 200);
    const id = paymentIdOf((await json(ok as Response)).url);
    await post(h, `/api/billing/test-checkout/${id}/pay`, user2.cookie);
    expect(await balance(h, user2.id)).toBe(20 + 30 + 20);
  });

  it("checks the cap again at fulfilment and refunds a purchase that would pass it", async () => {
    const user = await signUpUser(h, "lapsed@example.com");
    const first = paymentIdOf((await json(startTopUp(h, user.cookie, 5))).url);
    // The first checkout's reservation lapses unpaid; a second one takes the whole cap and is paid.
    clock.advance(31 * MINUTE);
    await buyPacks(h, user.cookie, 5);
    expect(await balance(h, user.id)).toBe(70);
    // The provider reports the first one paid after all (money taken): it must not pass the cap.
    const result = await h.ctx.services.billing.processEvent({
      id: "evt_late_completion",
      type: "checkout.completed",
      provider: "test",
      paymentId: first,
      providerSessionId: null,
      providerCustomerId: null,
      paymentIntentId: null,
      amountTotalCents: 1500,
      subscription: null,
    });
    expect(result).toBe("processed");
    expect(await balance(h, user.id)).toBe(70);
    expect(await paymentRow(h, first)).toMatchObject({ status: "refunded" });
  });

  it("cannot pay a lapsed, cancelled or foreign checkout", async () => {
    const owner = await signUpUser(h, "owner@example.com");
    const other = await signUpUser(h, "other@example.com");
    const id = paymentIdOf((await json(startTopUp(h, owner.cookie, 1))).url);
    const foreign = await post(h, `/api/billing/test-checkout/${id}/pay`, other.cookie);
    expect(foreign.status).toBe(404);
    expect((await h.request(`/api/billing/test-checkout/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await h.request(`/api/billing/test-checkout/not-a-uuid`, { cookie: owner.cookie })).status).toBe(404);
    expect((await h.request(`/api/billing/test-checkout/${id}`)).status).toBe(401);

    const cancelled = await post(h, `/api/billing/test-checkout/${id}/cancel`, owner.cookie);
    expect(await json(cancelled)).toEqual({ redirectPath: "/home" });
    const late = await post(h, `/api/billing/test-checkout/${id}/pay`, owner.cookie);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ code: "GONE", message: messages.billing.checkoutFinished });

    const id2 = paymentIdOf((await json(startTopUp(h, owner.cookie, 1))).url);
    clock.advance(31 * MINUTE);
    const expired = await post(h, `/api/billing/test-checkout/${id2}/pay`, owner.cookie);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ message: messages.billing.checkoutExpired });
    expect(await balance(h, owner.id)).toBe(20);
  });

  it("keeps return paths on this site", async () => {
    const user = await signUpUser(h, "paths@example.com");
    const bad = await post(h, "/api/billing/checkout", user.cookie, {
      mode: "payment",
      quantity: 1,
      successPath: "https://evil.example/steal",
    });
    expect(bad.status).toBe(400);
    const good = await post(h, "/api/billing/checkout", user.cookie, {
      mode: "payment",
      quantity: 1,
      successPath: "/dashboard",
    });
    const id = paymentIdOf((await json(good)).url);
    expect(await json(post(h, `/api/billing/test-checkout/${id}/pay`, user.cookie))).toEqual({
      redirectPath: "/dashboard",
    });
  });
});

describe.each(DRIVERS)("plans, the test portal and the period rollover on %s", (driver) => {
  let h: Harness;
  let clock: TestClock;
  beforeEach(async () => {
    clock = new TestClock("2026-03-10T12:00:00.000Z");
    h = await createHarness(driver, { clock: clock.now });
  });
  afterEach(async () => {
    await h.close();
  });

  it("subscribes to PRO, grants 350 plan credits and reports the Current Plan", async () => {
    const user = await signUpUser(h, "pro@example.com");
    const id = await subscribe(h, user.cookie, "PRO");
    expect(await paymentRow(h, id)).toMatchObject({ status: "completed", amountCents: 4900, planId: "PRO" });
    expect(await json(h.request("/api/account", { cookie: user.cookie }))).toMatchObject({
      credits: 370,
      plan: { id: "PRO", name: "Pro" },
      subscriptionStatus: "active",
    });
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      provider: "test",
      status: "active",
      active: true,
      badge: "Active",
      plan: { id: "PRO" },
      interval: "month",
      currentPeriodStart: "2026-03-10T12:00:00.000Z",
      currentPeriodEnd: "2026-04-10T12:00:00.000Z",
      scheduledChangeType: null,
      priceCents: 4900,
    });
    expect(await json(h.request("/api/credits", { cookie: user.cookie }))).toMatchObject({
      balance: 370,
      planCredits: 350,
      permanentCredits: 20,
      period: { kind: "plan", start: "2026-03-10T12:00:00.000Z", end: "2026-04-10T12:00:00.000Z" },
      usage: { monthlyPlanCredits: 350, additionalCredits: 0, total: 350, used: 0, remaining: 370 },
    });

    const second = await post(h, "/api/billing/checkout", user.cookie, { mode: "subscription", planId: "AGENCY" });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ message: messages.billing.alreadySubscribed });
    const enterprise = await post(h, "/api/billing/checkout", user.cookie, {
      mode: "subscription",
      planId: "enterprise",
    });
    expect(enterprise.status).toBe(400);
  });

  it("takes 50 % off with HALFOFFWOW on the first payment, shown as a discount", async () => {
    const user = await signUpUser(h, "promo@example.com");
    const bad = await post(h, "/api/billing/checkout", user.cookie, {
      mode: "subscription",
      planId: "PRO",
      promoCode: "FREEPLEASE",
    });
    expect(await bad.json()).toMatchObject({ message: messages.billing.promoInvalid });
    const created = await json(
      post(h, "/api/billing/checkout", user.cookie, { mode: "subscription", planId: "STARTER", interval: "year" }),
    );
    const id = paymentIdOf(created.url);
    const withPromo = await json(
      post(h, `/api/billing/test-checkout/${id}/promo`, user.cookie, { code: "halfoffwow" }),
    );
    expect(withPromo).toMatchObject({
      items: [{ description: "Starter plan, billed yearly", quantity: 1, amountCents: 17000 }],
      subtotalCents: 17000,
      discountCents: 8500,
      totalCents: 8500,
      promoCode: "HALFOFFWOW",
      promoAllowed: true,
    });
    const removed = await json(post(h, `/api/billing/test-checkout/${id}/promo`, user.cookie, { code: null }));
    expect(removed).toMatchObject({ discountCents: 0, totalCents: 17000, promoCode: null });
    await post(h, `/api/billing/test-checkout/${id}/promo`, user.cookie, { code: "HALFOFFWOW" });
    await post(h, `/api/billing/test-checkout/${id}/pay`, user.cookie);
    expect(await paymentRow(h, id)).toMatchObject({ subtotalCents: 17000, discountCents: 8500, amountCents: 8500 });
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      plan: { id: "STARTER" },
      interval: "year",
      currentPeriodEnd: "2027-03-10T12:00:00.000Z",
    });
  });

  it("schedules a downgrade and a cancellation for the period end, and resumes", async () => {
    const user = await signUpUser(h, "portal@example.com");
    await subscribe(h, user.cookie, "PRO");
    const portalUrl = await json(post(h, "/api/billing/portal", user.cookie, {}));
    expect(portalUrl.url).toBe("http://localhost:3000/billing/test-portal?return=%2Fsettings");

    const portal = await json(h.request("/api/billing/test-portal", { cookie: user.cookie }));
    expect(portal.options).toHaveLength(6);
    expect(
      portal.options.find(
        (o: { planId: string; interval: string }) => o.planId === "STARTER" && o.interval === "month",
      ),
    ).toMatchObject({ change: "downgrade", priceCents: 1700 });
    expect(
      portal.options.find((o: { planId: string; interval: string }) => o.planId === "PRO" && o.interval === "month"),
    ).toMatchObject({ change: "none" });

    const downgraded = await json(
      post(h, "/api/billing/test-portal/change", user.cookie, { planId: "STARTER", interval: "month" }),
    );
    expect(downgraded.subscription).toMatchObject({
      badge: "Scheduled Downgrade",
      plan: { id: "PRO" },
      scheduledPlan: { id: "STARTER", name: "Starter" },
      scheduledChangeType: "downgrade",
      scheduledChangeDate: "2026-04-10T12:00:00.000Z",
    });
    expect(await balance(h, user.id)).toBe(370);

    const cancelled = await json(post(h, "/api/billing/test-portal/cancel", user.cookie));
    expect(cancelled.subscription).toMatchObject({
      badge: "Scheduled Cancellation",
      scheduledChangeType: "cancel",
      scheduledPlan: null,
      scheduledChangeDate: "2026-04-10T12:00:00.000Z",
    });
    const resumed = await json(post(h, "/api/billing/test-portal/resume", user.cookie));
    expect(resumed.subscription).toMatchObject({ badge: "Active", scheduledChangeType: null });
  });

  it("refuses the portal without a plan", async () => {
    const user = await signUpUser(h, "noplan@example.com");
    const response = await post(h, "/api/billing/portal", user.cookie, {});
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: messages.billing.noPlanToManage });
    expect((await h.request("/api/billing/test-portal", { cookie: user.cookie })).status).toBe(404);
  });

  it("upgrades at once with full payment, granting the new plan and carrying unspent plan credits", async () => {
    const user = await signUpUser(h, "upgrade@example.com");
    await subscribe(h, user.cookie, "STARTER");
    await h.ctx.services.credits.spend(user.id, 30, { reason: "video:reddit" });
    expect(await balance(h, user.id)).toBe(90);
    clock.advance(5 * DAY);
    const upgraded = await json(
      post(h, "/api/billing/test-portal/change", user.cookie, { planId: "PRO", interval: "month" }),
    );
    expect(upgraded.subscription).toMatchObject({
      plan: { id: "PRO" },
      badge: "Active",
      currentPeriodStart: "2026-03-15T12:00:00.000Z",
      currentPeriodEnd: "2026-04-15T12:00:00.000Z",
    });
    // 20 bonus + 70 unspent Starter credits carried over + 350 Pro credits.
    expect(await balance(h, user.id)).toBe(440);
    const summary = await json(h.request("/api/credits", { cookie: user.cookie }));
    expect(summary).toMatchObject({ planCredits: 420, permanentCredits: 20 });
    const charges = (await h.db.db.query.payments.findMany()).filter((p) => p.userId === user.id);
    expect(charges.map((p) => [p.planId, p.amountCents, p.status])).toEqual(
      expect.arrayContaining([
        ["STARTER", 1700, "completed"],
        ["PRO", 4900, "completed"],
      ]),
    );
    // At the new period's end every unspent plan credit expires; Pro's 350 come again.
    clock.set("2026-04-15T12:01:00.000Z");
    await h.ctx.services.billing.rollover();
    expect(await balance(h, user.id)).toBe(370);
  });

  it("rolls over at the period end once, applying a scheduled downgrade", async () => {
    const user = await signUpUser(h, "rollover@example.com");
    await subscribe(h, user.cookie, "PRO");
    await h.ctx.services.credits.spend(user.id, 100);
    await post(h, "/api/billing/test-portal/change", user.cookie, { planId: "STARTER", interval: "month" });

    // Nothing is due before the period ends.
    clock.set("2026-04-10T11:59:00.000Z");
    expect(await h.ctx.services.billing.rollover()).toMatchObject({ due: 0 });
    expect(await balance(h, user.id)).toBe(270);

    clock.set("2026-04-10T12:00:30.000Z");
    const first = await h.ctx.services.billing.rollover();
    const second = await h.ctx.services.billing.rollover();
    expect(first).toMatchObject({ due: 1, failed: 0 });
    expect(second).toMatchObject({ due: 0 });
    // 250 unspent Pro credits expired, Starter's 100 granted, the 20 bonus kept.
    expect(await balance(h, user.id)).toBe(120);
    const rows = await ledger(h, user.id);
    expect(rows.filter((r) => r.source === "plan_expiry").map((r) => r.amount)).toEqual([-250]);
    expect(rows.filter((r) => r.source === "plan_grant").map((r) => r.amount)).toEqual([350, 100]);
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      plan: { id: "STARTER" },
      badge: "Active",
      scheduledChangeType: null,
      currentPeriodStart: "2026-04-10T12:00:00.000Z",
      currentPeriodEnd: "2026-05-10T12:00:00.000Z",
    });
    const renewals = (await h.db.db.query.payments.findMany()).filter(
      (p) => p.userId === user.id && (p.metadata as { kind?: string }).kind === "renewal",
    );
    expect(renewals.map((p) => [p.planId, p.amountCents])).toEqual([["STARTER", 1700]]);

    // The pg-boss job: run twice (even at once), it grants once.
    expect(h.ctx.queue.names).toContain("billing-rollover");
    const job = billingRolloverJob(h.ctx.services.billing, clock.now);
    expect(job.options.cron).toBe("* * * * *");
    clock.set("2026-05-10T12:05:00.000Z");
    const context = {
      jobId: "test",
      logger: pino({ level: "silent" }),
      retryCount: 0,
      finalAttempt: false,
      signal: new AbortController().signal,
    };
    await Promise.all([job.handler({}, context), job.handler({}, context)]);
    expect((await ledger(h, user.id)).filter((r) => r.source === "plan_grant").map((r) => r.amount)).toEqual([
      350, 100, 100,
    ]);
    expect(await balance(h, user.id)).toBe(120);
  });

  it("ends a cancelled subscription at the period end and keeps permanent credits", async () => {
    const user = await signUpUser(h, "cancel@example.com");
    await buyPacks(h, user.cookie, 2);
    await subscribe(h, user.cookie, "STARTER");
    await post(h, "/api/billing/test-portal/cancel", user.cookie);
    clock.set("2026-04-10T12:00:01.000Z");
    await h.ctx.services.billing.rollover();
    expect(await json(h.request("/api/account", { cookie: user.cookie }))).toMatchObject({
      credits: 40,
      plan: null,
      subscriptionStatus: "inactive",
    });
    expect(await subscriptionRow(h, user.id)).toMatchObject({
      status: "canceled",
      creditsCycleStart: null,
      scheduledChangeType: null,
    });
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      badge: "Inactive",
      active: false,
      plan: null,
    });
    // A new plan can be bought again.
    await subscribe(h, user.cookie, "PRO");
    expect(await balance(h, user.id)).toBe(390);
  });

  it("grants an annual plan's credits month by month inside the paid year", async () => {
    const user = await signUpUser(h, "annual@example.com");
    clock.set("2026-01-31T09:00:00.000Z");
    await subscribe(h, user.cookie, "PRO", "year");
    expect(await balance(h, user.id)).toBe(370);
    await h.ctx.services.credits.spend(user.id, 50);
    clock.set("2026-02-28T09:00:00.000Z");
    await h.ctx.services.billing.rollover();
    await h.ctx.services.billing.rollover();
    // February: January's 300 unspent plan credits expired, 350 new ones.
    expect(await balance(h, user.id)).toBe(370);
    expect(await subscriptionRow(h, user.id)).toMatchObject({
      creditsCycleStart: new Date("2026-02-28T09:00:00.000Z"),
      creditsCycleEnd: new Date("2026-03-31T09:00:00.000Z"),
      currentPeriodEnd: new Date("2027-01-31T09:00:00.000Z"),
    });
    const renewals = (await h.db.db.query.payments.findMany()).filter(
      (p) => p.userId === user.id && (p.metadata as { kind?: string }).kind === "renewal",
    );
    expect(renewals).toHaveLength(0);
    expect((await ledger(h, user.id)).filter((r) => r.source === "plan_grant")).toHaveLength(2);
  });

  it("publishes a subscription event after a change", async () => {
    const user = await signUpUser(h, "events.sub@example.com");
    const seen: unknown[] = [];
    const unsubscribe = h.ctx.events.subscribe(user.id, (e) => seen.push(e));
    await subscribe(h, user.cookie, "PRO");
    await post(h, "/api/billing/test-portal/cancel", user.cookie);
    unsubscribe();
    expect(seen).toEqual(
      expect.arrayContaining([
        { type: "credits", balance: 370, change: { amount: 350, source: "plan_grant" } },
        { type: "subscription", status: "active", planId: "PRO" },
      ]),
    );
    expect(seen.filter((e) => (e as { type: string }).type === "subscription")).toHaveLength(2);
  });
});
