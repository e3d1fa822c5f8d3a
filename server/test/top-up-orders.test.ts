import { messages } from "@reelsmith/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  balance,
  buyPacks,
  MINUTE,
  paymentIdOf,
  paymentRow,
  post,
  signUpUser,
  startTopUp,
  TestClock,
} from "./billing-helpers.ts";
import { DRIVERS } from "./databases.ts";
import { createHarness, type Harness, json, ORIGIN } from "./harness.ts";

/** Another address the same server is reached at (a LAN name, 127.0.0.1), trusted by its configuration. */
const OTHER_ORIGIN = "http://127.0.0.1:3000";

describe.each(DRIVERS)("pending top-up orders on %s", (driver) => {
  let h: Harness;
  let clock: TestClock;
  beforeEach(async () => {
    clock = new TestClock("2026-03-10T12:00:00.000Z");
    h = await createHarness(driver, { clock: clock.now, trustedOrigins: [ORIGIN, OTHER_ORIGIN] });
  });
  afterEach(async () => {
    await h.close();
  });

  const topUp = async (cookie: string) => json(h.request("/api/billing/top-up", { cookie }));
  const cancel = (cookie: string, id: string) => post(h, `/api/billing/checkouts/${id}/cancel`, cookie);
  const started = async (cookie: string, quantity: number) => {
    const response = await startTopUp(h, cookie, quantity);
    expect(response.status).toBe(200);
    return paymentIdOf((await json(response)).url);
  };

  it("shows a checkout the user left as a pending order: credits, amount, start, and where to resume it", async () => {
    const user = await signUpUser(h, "left@example.com");
    const id = await started(user.cookie, 2);
    clock.advance(5 * MINUTE);

    const status = await topUp(user.cookie);
    expect(status).toMatchObject({ purchasedThisMonth: 0, reservedThisMonth: 20, remainingCap: 30, maxQuantity: 3 });
    expect(status.pendingOrders).toEqual([
      {
        id,
        quantity: 2,
        credits: 20,
        amountCents: 600,
        currency: "USD",
        createdAt: "2026-03-10T12:00:00.000Z",
        expiresAt: "2026-03-10T12:30:00.000Z",
        // The test checkout is a page of this app: a path, opened at whatever address the user is on.
        resumeUrl: `/checkout/test/${id}`,
      },
    ]);

    // Resuming it is paying it on its page: it leaves the pending list and counts as bought.
    expect((await post(h, `/api/billing/test-checkout/${id}/pay`, user.cookie)).status).toBe(200);
    expect(await topUp(user.cookie)).toMatchObject({ purchasedThisMonth: 20, reservedThisMonth: 0, pendingOrders: [] });
  });

  it("frees the cap at once on cancel: a checkout for the full remaining cap succeeds right after", async () => {
    const user = await signUpUser(h, "cancel@example.com");
    await buyPacks(h, user.cookie, 1);
    const left = await started(user.cookie, 4);
    expect(await topUp(user.cookie)).toMatchObject({ remainingCap: 0, maxQuantity: 0 });
    const refused = await startTopUp(h, user.cookie, 1);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: messages.billing.monthlyLimitReached });

    const cancelled = await cancel(user.cookie, left);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ id: left, status: "cancelled" });
    expect(await paymentRow(h, left)).toMatchObject({ status: "cancelled" });
    expect(await topUp(user.cookie)).toMatchObject({
      purchasedThisMonth: 10,
      reservedThisMonth: 0,
      remainingCap: 40,
      maxQuantity: 4,
      pendingOrders: [],
    });

    const again = await started(user.cookie, 4);
    expect((await topUp(user.cookie)).pendingOrders.map((o: { id: string }) => o.id)).toEqual([again]);

    // A second cancel answers the same; the cancelled checkout's page no longer takes the payment.
    expect(await json(cancel(user.cookie, left))).toEqual({ id: left, status: "cancelled" });
    const payCancelled = await post(h, `/api/billing/test-checkout/${left}/pay`, user.cookie);
    expect(payCancelled.status).toBe(410);
    expect(await payCancelled.json()).toMatchObject({ message: messages.billing.checkoutFinished });
    expect(await balance(h, user.id)).toBe(30);
  });

  it("answers 404 for another user's order or an unknown one, and 409 for a paid one", async () => {
    const owner = await signUpUser(h, "owner@example.com");
    const stranger = await signUpUser(h, "stranger@example.com");
    const id = await started(owner.cookie, 3);

    const foreign = await cancel(stranger.cookie, id);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "NOT_FOUND", message: messages.billing.checkoutNotFound });
    expect(await paymentRow(h, id)).toMatchObject({ status: "open" });
    expect((await topUp(stranger.cookie)).pendingOrders).toEqual([]);
    expect((await cancel(stranger.cookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await cancel(stranger.cookie, "not-a-uuid")).status).toBe(404);
    expect((await post(h, `/api/billing/checkouts/${id}/cancel`, "")).status).toBe(401);

    const paid = await buyPacks(h, owner.cookie, 1);
    const conflict = await cancel(owner.cookie, paid);
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: "CONFLICT", message: messages.billing.orderAlreadyPaid });
    expect(await paymentRow(h, paid)).toMatchObject({ status: "completed" });
    expect(await balance(h, owner.id)).toBe(30);
  });

  it("counts no expired checkout against the cap, before or after the rollover job marks it", async () => {
    const user = await signUpUser(h, "lapsed@example.com");
    const lapsed = await started(user.cookie, 5);
    clock.advance(30 * MINUTE);
    // The row is still open (no job ran), but its session is gone: it holds nothing.
    expect(await paymentRow(h, lapsed)).toMatchObject({ status: "open" });
    expect(await topUp(user.cookie)).toMatchObject({ reservedThisMonth: 0, remainingCap: 50, pendingOrders: [] });
    const next = await started(user.cookie, 5);

    // Cancelling the lapsed one answers that it expired and leaves the new order alone.
    expect(await json(cancel(user.cookie, lapsed))).toEqual({ id: lapsed, status: "expired" });
    expect(await topUp(user.cookie)).toMatchObject({ reservedThisMonth: 50, remainingCap: 0 });
    expect((await topUp(user.cookie)).pendingOrders.map((o: { id: string }) => o.id)).toEqual([next]);
  });

  it("returns a checkout started at another trusted address to that address, not to PUBLIC_URL", async () => {
    const user = await signUpUser(h, "elsewhere@example.com");
    const fromOther = await h.ctx.app.request(`${OTHER_ORIGIN}/api/billing/checkout`, {
      method: "POST",
      headers: { origin: OTHER_ORIGIN, cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ mode: "payment", quantity: 1 }),
    });
    expect(fromOther.status).toBe(200);
    expect((await json(fromOther)).url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/checkout\/test\/[0-9a-f-]{36}$/);

    // Without an Origin (a same-origin navigation, a script) the checkout lives at PUBLIC_URL.
    const noOrigin = await h.ctx.app.request(`${ORIGIN}/api/billing/checkout`, {
      method: "POST",
      headers: { cookie: user.cookie, "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: JSON.stringify({ mode: "payment", quantity: 1 }),
    });
    expect(noOrigin.status).toBe(200);
    expect((await json(noOrigin)).url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\//);

    // An address the server does not trust never gets that far.
    const foreign = await h.ctx.app.request(`${ORIGIN}/api/billing/checkout`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ mode: "payment", quantity: 1 }),
    });
    expect(foreign.status).toBe(403);
    expect((await topUp(user.cookie)).pendingOrders).toHaveLength(2);
  });
});
