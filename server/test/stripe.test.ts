import { addMonthsUtc, messages } from "@reelsmith/core";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookEvents } from "../src/db/schema/index.ts";
import type { StripeEnv } from "../src/env.ts";
import {
  balance,
  ledger,
  MINUTE,
  paymentRow,
  post,
  signUpUser,
  subscriptionRow,
  TestClock,
} from "./billing-helpers.ts";
import { DRIVERS } from "./databases.ts";
import { FakeStripe, stripeSubscription } from "./fake-stripe.ts";
import { createHarness, type Harness, json } from "./harness.ts";

const WEBHOOK_SECRET = "whsec_test_secret_for_signatures";
const signer = new Stripe("sk_test_fake");

function stripeEnv(apiBase: string): StripeEnv {
  return {
    secretKey: "sk_test_fake",
    webhookSecret: WEBHOOK_SECRET,
    apiBase,
    prices: {
      plans: {
        STARTER: { month: "price_starter_month", year: "price_starter_year" },
        PRO: { month: "price_pro_month", year: "price_pro_year" },
        AGENCY: { month: "price_agency_month", year: "price_agency_year" },
      },
      topUpPack: "price_topup_pack",
    },
    promotionCodes: { HALFOFFWOW: "promo_halfoffwow" },
  };
}

let eventCounter = 0;
function eventPayload(type: string, object: object, id = `evt_test_${++eventCounter}`): string {
  return JSON.stringify({
    id,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

function sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
}

describe.each(DRIVERS)("Stripe against a local fake on %s", (driver) => {
  let fake: FakeStripe;
  let h: Harness;
  let clock: TestClock;
  beforeAll(async () => {
    fake = await FakeStripe.start();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    clock = new TestClock(new Date().toISOString());
    h = await createHarness(driver, { clock: clock.now, stripe: stripeEnv(fake.url) });
  });
  afterEach(async () => {
    await h.close();
  });

  const webhook = (payload: string, signature: string | null = sign(payload)) =>
    h.request("/api/billing/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: signature ? { "stripe-signature": signature } : {},
    });

  const completedSession = (paymentId: string, extra: Record<string, unknown> = {}) => ({
    id: `cs_for_${paymentId}`,
    object: "checkout.session",
    client_reference_id: paymentId,
    mode: "payment",
    payment_status: "paid",
    payment_intent: `pi_${paymentId}`,
    customer: "cus_packs",
    amount_total: 600,
    ...extra,
  });

  async function startTopUp(cookie: string, quantity: number): Promise<string> {
    const response = await post(h, "/api/billing/checkout", cookie, { mode: "payment", quantity });
    expect(response.status).toBe(200);
    const body = await json(response);
    const create = fake.requestsTo("POST", "/v1/checkout/sessions").at(-1);
    expect(body.url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_\\d+$`));
    return create?.form.client_reference_id ?? "";
  }

  it("creates a payment Checkout Session and fulfils it once from a signed webhook replayed 5 times", async () => {
    const user = await signUpUser(h, "stripe.packs@example.com");
    const paymentId = await startTopUp(user.cookie, 2);
    const [create] = fake.requestsTo("POST", "/v1/checkout/sessions");
    expect(create?.authorization).toBe("Bearer sk_test_fake");
    expect(create?.idempotencyKey).toBe(`checkout:${paymentId}`);
    expect(create?.form).toMatchObject({
      mode: "payment",
      "line_items[0][price]": "price_topup_pack",
      "line_items[0][quantity]": "2",
      client_reference_id: paymentId,
      customer_email: "stripe.packs@example.com",
      customer_creation: "always",
      success_url: "http://localhost:3000/home",
      cancel_url: "http://localhost:3000/home",
      "metadata[paymentId]": paymentId,
      "payment_intent_data[metadata][paymentId]": paymentId,
      expires_at: String(Math.floor(clock.now().getTime() / 1000) + 30 * 60),
    });
    const row = await paymentRow(h, paymentId);
    expect(row).toMatchObject({ provider: "stripe", status: "open" });
    expect(row?.checkoutUrl).toBe(`${fake.url}/pay/${row?.providerSessionId}`);

    const payload = eventPayload("checkout.session.completed", completedSession(paymentId), "evt_packs_1");
    const first = await webhook(payload);
    expect(await json(first)).toEqual({ received: true, result: "processed" });
    expect(await balance(h, user.id)).toBe(40);
    const replays = await Promise.all(Array.from({ length: 4 }, () => webhook(payload)));
    const more = await webhook(payload);
    for (const r of [...replays, more]) expect(await json(r)).toEqual({ received: true, result: "duplicate" });
    expect(await balance(h, user.id)).toBe(40);
    expect((await ledger(h, user.id)).filter((r) => r.source === "one_time")).toHaveLength(1);
    expect(await h.db.db.select().from(webhookEvents)).toHaveLength(1);
    expect(await paymentRow(h, paymentId)).toMatchObject({
      status: "completed",
      providerPaymentIntentId: `pi_${paymentId}`,
      amountCents: 600,
    });
  });

  it("rejects tampered, old, unsigned or wrongly signed payloads and changes nothing", async () => {
    const user = await signUpUser(h, "stripe.sig@example.com");
    const paymentId = await startTopUp(user.cookie, 1);
    const good = eventPayload("checkout.session.completed", completedSession(paymentId));
    const tampered = good.replace('"amount_total":600', '"amount_total":1');
    const attempts = [
      webhook(tampered, sign(good)),
      webhook(good, sign(good, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
      webhook(good, null),
      webhook(good, sign(good, { secret: "whsec_someone_else" })),
      webhook(good, "t=1,v1=deadbeef"),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "INVALID_SIGNATURE",
        message: messages.billing.invalidSignature,
      });
    }
    expect(await balance(h, user.id)).toBe(20);
    expect(await h.db.db.select().from(webhookEvents)).toHaveLength(0);
  });

  it("subscribes through a Checkout Session with the promotion mapped, and syncs the plan from Stripe", async () => {
    const user = await signUpUser(h, "stripe.pro@example.com");
    const created = await post(h, "/api/billing/checkout", user.cookie, {
      mode: "subscription",
      planId: "PRO",
      promoCode: "HALFOFFWOW",
    });
    expect(created.status).toBe(200);
    const create = fake.requestsTo("POST", "/v1/checkout/sessions").at(-1);
    const paymentId = create?.form.client_reference_id ?? "";
    expect(create?.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_pro_month",
      "line_items[0][quantity]": "1",
      "discounts[0][promotion_code]": "promo_halfoffwow",
      "subscription_data[metadata][userId]": user.id,
      success_url: "http://localhost:3000/settings",
    });
    expect(create?.form.allow_promotion_codes).toBeUndefined();
    expect(await paymentRow(h, paymentId)).toMatchObject({
      subtotalCents: 4900,
      discountCents: 2450,
      amountCents: 2450,
    });

    const start = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
    const end = addMonthsUtc(start, 1);
    fake.subscriptions.set(
      "sub_pro",
      stripeSubscription({ id: "sub_pro", customer: "cus_pro", price: "price_pro_month", start, end, userId: user.id }),
    );
    const completed = eventPayload(
      "checkout.session.completed",
      completedSession(paymentId, {
        mode: "subscription",
        subscription: "sub_pro",
        customer: "cus_pro",
        amount_total: 2450,
      }),
    );
    expect(await json(webhook(completed))).toMatchObject({ result: "processed" });
    expect(fake.requestsTo("GET", "/v1/subscriptions/sub_pro")).toHaveLength(1);
    expect(await json(h.request("/api/account", { cookie: user.cookie }))).toMatchObject({
      credits: 370,
      plan: { id: "PRO" },
      subscriptionStatus: "active",
    });
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      provider: "stripe",
      plan: { id: "PRO" },
      badge: "Active",
      currentPeriodEnd: end.toISOString(),
    });
    // Stripe also reports the first invoice paid: the same period is not granted twice.
    const invoice = eventPayload("invoice.paid", {
      id: "in_1",
      object: "invoice",
      billing_reason: "subscription_create",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_pro" } },
    });
    expect(await json(webhook(invoice))).toMatchObject({ result: "processed" });
    expect(await balance(h, user.id)).toBe(370);

    // The portal opens for the Stripe customer.
    const portal = await json(post(h, "/api/billing/portal", user.cookie, {}));
    expect(portal.url).toBe(`${fake.url}/portal/cus_pro`);
    expect(fake.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)?.form).toEqual({
      customer: "cus_pro",
      return_url: "http://localhost:3000/settings",
    });

    // A cancellation at the period end, then a scheduled downgrade, as the portal reports them.
    const cancelling = stripeSubscription({
      id: "sub_pro",
      customer: "cus_pro",
      price: "price_pro_month",
      start,
      end,
      userId: user.id,
      cancelAtPeriodEnd: true,
    });
    await webhook(eventPayload("customer.subscription.updated", cancelling));
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      badge: "Scheduled Cancellation",
      scheduledChangeDate: end.toISOString(),
    });
    fake.schedules.set("sub_sched_1", {
      id: "sub_sched_1",
      object: "subscription_schedule",
      phases: [
        { start_date: start.getTime() / 1000, end_date: end.getTime() / 1000, items: [{ price: "price_pro_month" }] },
        { start_date: end.getTime() / 1000, end_date: null, items: [{ price: "price_starter_month" }] },
      ],
    });
    const downgrading = stripeSubscription({
      id: "sub_pro",
      customer: "cus_pro",
      price: "price_pro_month",
      start,
      end,
      userId: user.id,
      schedule: "sub_sched_1",
    });
    await webhook(eventPayload("customer.subscription.updated", downgrading));
    expect(await json(h.request("/api/billing/subscription", { cookie: user.cookie }))).toMatchObject({
      badge: "Scheduled Downgrade",
      scheduledPlan: { id: "STARTER" },
      scheduledChangeType: "downgrade",
    });
    expect(await balance(h, user.id)).toBe(370);

    // The renewal: Stripe moves to the next period on Starter and reports the invoice paid.
    const nextEnd = addMonthsUtc(end, 1);
    clock.set(new Date(end.getTime() + MINUTE));
    fake.subscriptions.set(
      "sub_pro",
      stripeSubscription({
        id: "sub_pro",
        customer: "cus_pro",
        price: "price_starter_month",
        start: end,
        end: nextEnd,
        userId: user.id,
      }),
    );
    const renewal = eventPayload("invoice.paid", {
      id: "in_2",
      object: "invoice",
      billing_reason: "subscription_cycle",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_pro" } },
    });
    expect(await json(webhook(renewal))).toMatchObject({ result: "processed" });
    expect(await json(h.request("/api/account", { cookie: user.cookie }))).toMatchObject({
      credits: 120,
      plan: { id: "STARTER" },
    });
    expect((await ledger(h, user.id)).filter((r) => r.source === "plan_expiry").map((r) => r.amount)).toEqual([-350]);

    // Deleted: the plan credits expire, the bonus stays.
    const ended = stripeSubscription({
      id: "sub_pro",
      customer: "cus_pro",
      price: "price_starter_month",
      start: end,
      end: nextEnd,
      userId: user.id,
      status: "canceled",
    });
    await webhook(eventPayload("customer.subscription.deleted", ended));
    expect(await json(h.request("/api/account", { cookie: user.cookie }))).toMatchObject({
      credits: 20,
      plan: null,
      subscriptionStatus: "inactive",
    });
    expect(await subscriptionRow(h, user.id)).toMatchObject({ status: "canceled", creditsCycleStart: null });
  });

  it("grants an upgrade inside a period once it is paid, whatever the event order, and nothing for a cheaper plan", async () => {
    const user = await signUpUser(h, "stripe.upgrade@example.com");
    await post(h, "/api/billing/checkout", user.cookie, { mode: "subscription", planId: "STARTER" });
    const paymentId = fake.requestsTo("POST", "/v1/checkout/sessions").at(-1)?.form.client_reference_id ?? "";
    const start = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
    const end = addMonthsUtc(start, 1);
    const sub = (price: string) =>
      stripeSubscription({ id: "sub_up", customer: "cus_up", price, start, end, userId: user.id });
    fake.subscriptions.set("sub_up", sub("price_starter_month"));
    await webhook(
      eventPayload(
        "checkout.session.completed",
        completedSession(paymentId, {
          mode: "subscription",
          subscription: "sub_up",
          customer: "cus_up",
          amount_total: 1700,
        }),
      ),
    );
    expect(await balance(h, user.id)).toBe(120);
    await h.ctx.services.credits.spend(user.id, 40);

    // The portal upgrades to Agency: Stripe first reports the change, then the paid proration invoice.
    fake.subscriptions.set("sub_up", sub("price_agency_month"));
    await webhook(eventPayload("customer.subscription.updated", sub("price_agency_month")));
    expect(await balance(h, user.id)).toBe(80);
    const paid = () =>
      eventPayload("invoice.paid", {
        id: "in_up",
        object: "invoice",
        billing_reason: "subscription_update",
        parent: { type: "subscription_details", subscription_details: { subscription: "sub_up" } },
      });
    await webhook(paid());
    expect(await balance(h, user.id)).toBe(1080);
    await webhook(paid());
    expect(await balance(h, user.id)).toBe(1080);

    // An immediate switch to a cheaper plan in the same period grants nothing more.
    fake.subscriptions.set("sub_up", sub("price_pro_month"));
    await webhook(eventPayload("customer.subscription.updated", sub("price_pro_month")));
    await webhook(paid());
    expect(await balance(h, user.id)).toBe(1080);
    expect(await json(h.request("/api/account", { cookie: user.cookie }))).toMatchObject({ plan: { id: "PRO" } });
  });

  it("refunds through Stripe a completed top-up that would pass the monthly cap", async () => {
    const user = await signUpUser(h, "stripe.cap@example.com");
    const first = await startTopUp(user.cookie, 5);
    clock.advance(31 * MINUTE);
    const second = await startTopUp(user.cookie, 5);
    await webhook(eventPayload("checkout.session.completed", completedSession(second, { amount_total: 1500 })));
    expect(await balance(h, user.id)).toBe(70);
    await webhook(eventPayload("checkout.session.completed", completedSession(first, { amount_total: 1500 })));
    expect(await balance(h, user.id)).toBe(70);
    expect(await paymentRow(h, first)).toMatchObject({ status: "refunded" });
    const [refund] = fake.requestsTo("POST", "/v1/refunds");
    expect(refund?.form).toMatchObject({ payment_intent: `pi_${first}`, "metadata[paymentId]": first });
    expect(refund?.idempotencyKey).toBe(`refund:${first}`);
  });

  it("expires a cancelled order's Checkout Session at Stripe and frees its credits at once", async () => {
    const user = await signUpUser(h, "stripe.cancel@example.com");
    const paymentId = await startTopUp(user.cookie, 5);
    const sessionId = (await paymentRow(h, paymentId))?.providerSessionId ?? "";
    expect(await json(h.request("/api/billing/top-up", { cookie: user.cookie }))).toMatchObject({
      remainingCap: 0,
      // Resuming opens the session's own page again, usable until it expires.
      pendingOrders: [{ id: paymentId, credits: 50, amountCents: 1500, resumeUrl: `${fake.url}/pay/${sessionId}` }],
    });

    const cancelled = await post(h, `/api/billing/checkouts/${paymentId}/cancel`, user.cookie);
    expect(await json(cancelled)).toEqual({ id: paymentId, status: "cancelled" });
    const [expire] = fake.requestsTo("POST", `/v1/checkout/sessions/${sessionId}/expire`);
    expect(expire?.idempotencyKey).toBe(`expire:${paymentId}`);
    expect(fake.sessions.get(sessionId)?.status).toBe("expired");
    expect(await json(h.request("/api/billing/top-up", { cookie: user.cookie }))).toMatchObject({
      remainingCap: 50,
      pendingOrders: [],
    });
    expect(await startTopUp(user.cookie, 5)).not.toBe(paymentId);

    // Stripe's own expiry event for the cancelled session changes nothing.
    await webhook(eventPayload("checkout.session.expired", { id: sessionId, client_reference_id: paymentId }));
    expect(await paymentRow(h, paymentId)).toMatchObject({ status: "cancelled" });
  });

  it("fulfils a payment that raced the cancel through the cap check: credited within the cap, refunded past it", async () => {
    const user = await signUpUser(h, "stripe.race@example.com");
    const small = await startTopUp(user.cookie, 2);
    const large = await startTopUp(user.cookie, 3);
    // The first was paid at Stripe a moment before the cancel reached it: the session cannot be expired.
    const smallSession = (await paymentRow(h, small))?.providerSessionId ?? "";
    const smallState = fake.sessions.get(smallSession);
    if (smallState) smallState.status = "complete";
    expect(await json(post(h, `/api/billing/checkouts/${small}/cancel`, user.cookie))).toEqual({
      id: small,
      status: "cancelled",
    });
    expect(await json(post(h, `/api/billing/checkouts/${large}/cancel`, user.cookie))).toEqual({
      id: large,
      status: "cancelled",
    });
    // Its payment still arrives and is within the cap: the credits are not lost.
    await webhook(eventPayload("checkout.session.completed", completedSession(small, { amount_total: 600 })));
    expect(await paymentRow(h, small)).toMatchObject({ status: "completed" });
    expect(await balance(h, user.id)).toBe(40);

    // The freed cap is bought up by a new order; a late payment of the other cancelled one would pass it.
    const full = await startTopUp(user.cookie, 3);
    await webhook(eventPayload("checkout.session.completed", completedSession(full, { amount_total: 900 })));
    expect(await balance(h, user.id)).toBe(70);
    await webhook(eventPayload("checkout.session.completed", completedSession(large, { amount_total: 900 })));
    expect(await balance(h, user.id)).toBe(70);
    expect(await paymentRow(h, large)).toMatchObject({ status: "refunded" });
    const [refund] = fake.requestsTo("POST", "/v1/refunds");
    expect(refund?.form).toMatchObject({ payment_intent: `pi_${large}` });
    expect(fake.requestsTo("POST", "/v1/refunds")).toHaveLength(1);

    // The paid one cannot be cancelled any more.
    const late = await post(h, `/api/billing/checkouts/${small}/cancel`, user.cookie);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: messages.billing.orderAlreadyPaid });
  });

  it("sends Stripe back to the trusted address the checkout was started at", async () => {
    await h.close();
    h = await createHarness(driver, {
      clock: clock.now,
      stripe: stripeEnv(fake.url),
      trustedOrigins: ["http://localhost:3000", "http://studio.lan:3000"],
    });
    const user = await signUpUser(h, "stripe.lan@example.com");
    const response = await h.ctx.app.request("http://studio.lan:3000/api/billing/checkout", {
      method: "POST",
      headers: { origin: "http://studio.lan:3000", cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ mode: "payment", quantity: 1, successPath: "/home", cancelPath: "/videos" }),
    });
    expect(response.status).toBe(200);
    expect(fake.requestsTo("POST", "/v1/checkout/sessions").at(-1)?.form).toMatchObject({
      success_url: "http://studio.lan:3000/home",
      cancel_url: "http://studio.lan:3000/videos",
    });
  });

  it("answers provider failures with the spec's messages and releases the reservation", async () => {
    const user = await signUpUser(h, "stripe.fail@example.com");
    fake.failNextCheckout = true;
    const failed = await post(h, "/api/billing/checkout", user.cookie, { mode: "payment", quantity: 5 });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: "PROVIDER_ERROR", message: messages.billing.checkoutFailed });
    fake.omitUrl = true;
    const noUrl = await post(h, "/api/billing/checkout", user.cookie, { mode: "payment", quantity: 5 });
    fake.omitUrl = false;
    expect(await noUrl.json()).toMatchObject({ message: messages.billing.noCheckoutUrl });
    expect(await json(h.request("/api/billing/top-up", { cookie: user.cookie }))).toMatchObject({
      reservedThisMonth: 0,
      remainingCap: 50,
    });
  });

  it("keeps the built-in test checkout closed and ignores events it does not act on", async () => {
    const user = await signUpUser(h, "stripe.closed@example.com");
    const paymentId = await startTopUp(user.cookie, 1);
    expect((await h.request(`/api/billing/test-checkout/${paymentId}`, { cookie: user.cookie })).status).toBe(404);
    expect((await post(h, `/api/billing/test-checkout/${paymentId}/pay`, user.cookie)).status).toBe(404);
    expect((await h.request("/api/billing/test-portal", { cookie: user.cookie })).status).toBe(404);
    expect(await balance(h, user.id)).toBe(20);
    const other = await webhook(eventPayload("customer.created", { id: "cus_x", object: "customer" }));
    expect(await json(other)).toEqual({ received: true, result: "ignored" });
    // A checkout whose payment is still pending waits for the async success event.
    const pending = eventPayload(
      "checkout.session.completed",
      completedSession(paymentId, { payment_status: "unpaid", amount_total: 300 }),
    );
    expect(await json(webhook(pending))).toEqual({ received: true, result: "ignored" });
    expect(await balance(h, user.id)).toBe(20);
    const succeeded = eventPayload(
      "checkout.session.async_payment_succeeded",
      completedSession(paymentId, { amount_total: 300 }),
    );
    expect(await json(webhook(succeeded))).toEqual({ received: true, result: "processed" });
    expect(await balance(h, user.id)).toBe(30);
  });
});

describe("Stripe without configuration", () => {
  it("answers 404 on the webhook route", async () => {
    const h = await createHarness("pglite");
    try {
      const response = await h.request("/api/billing/webhooks/stripe", { method: "POST", body: "{}" });
      expect(response.status).toBe(404);
    } finally {
      await h.close();
    }
  });
});
