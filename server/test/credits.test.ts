import { messages } from "@reelsmith/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../src/lib/errors.ts";
import { balance, DAY, insertVideo, ledger, post, signUpUser, subscribe, TestClock } from "./billing-helpers.ts";
import { DRIVERS } from "./databases.ts";
import { createHarness, type Harness, json } from "./harness.ts";

describe.each(DRIVERS)("the credit ledger on %s", (driver) => {
  let h: Harness;
  let clock: TestClock;
  beforeEach(async () => {
    clock = new TestClock("2026-03-10T12:00:00.000Z");
    h = await createHarness(driver, { clock: clock.now });
  });
  afterEach(async () => {
    await h.close();
  });

  it("charges a video once, inside the caller's transaction, and refuses what the balance cannot cover", async () => {
    const user = await signUpUser(h, "spend@example.com");
    const credits = h.ctx.services.credits;
    const video = await insertVideo(h, user.id, 14);
    const row = await credits.locked(user.id, (tx) =>
      credits.spendForVideo(tx, { userId: user.id, videoId: video, amount: 14 }),
    );
    expect(row).toMatchObject({ amount: -14, source: "spend", idempotencyKey: `spend:${video}`, videoId: video });
    // A retry of the same creation charges nothing more.
    const again = await credits.locked(user.id, (tx) =>
      credits.spendForVideo(tx, { userId: user.id, videoId: video, amount: 14 }),
    );
    expect(again?.id).toBe(row?.id);
    expect(await balance(h, user.id)).toBe(6);

    const second = await insertVideo(h, user.id, 14);
    const refused = credits.locked(user.id, (tx) =>
      credits.spendForVideo(tx, { userId: user.id, videoId: second, amount: 14 }),
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      message: messages.credits.insufficientDialog,
      details: { required: 14, current: 6 },
    });
    expect(await balance(h, user.id)).toBe(6);
  });

  it("rolls the charge back with the caller's transaction", async () => {
    const user = await signUpUser(h, "rollback@example.com");
    const credits = h.ctx.services.credits;
    const video = await insertVideo(h, user.id);
    await expect(
      credits.locked(user.id, async (tx) => {
        await credits.spendForVideo(tx, { userId: user.id, videoId: video, amount: 6 });
        throw new Error("the render job could not be queued");
      }),
    ).rejects.toThrow("could not be queued");
    expect(await balance(h, user.id)).toBe(20);
    expect((await ledger(h, user.id)).map((r) => r.source)).toEqual(["signup_bonus"]);
  });

  it("never lets concurrent spends take the balance below zero", async () => {
    const user = await signUpUser(h, "concurrent@example.com");
    const credits = h.ctx.services.credits;
    const videos = await Promise.all(Array.from({ length: 8 }, () => insertVideo(h, user.id)));
    const outcomes = await Promise.allSettled(
      videos.map((videoId) =>
        credits.locked(user.id, (tx) => credits.spendForVideo(tx, { userId: user.id, videoId, amount: 6 })),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(5);
    expect(await balance(h, user.id)).toBe(2);

    const generic = await Promise.all(Array.from({ length: 4 }, () => credits.spend(user.id, 1)));
    expect(generic.filter((g) => g !== false && g.success)).toHaveLength(2);
    expect(generic.filter((g) => g !== false && !g.success)).toEqual([
      { success: false, error: "Insufficient credits", newBalance: 0 },
      { success: false, error: "Insufficient credits", newBalance: 0 },
    ]);
    expect(await balance(h, user.id)).toBe(0);
  });

  it("refunds exactly the spent amount once, and nothing for a video never charged", async () => {
    const user = await signUpUser(h, "refund@example.com");
    const credits = h.ctx.services.credits;
    const video = await insertVideo(h, user.id, 14);
    await credits.locked(user.id, (tx) => credits.spendForVideo(tx, { userId: user.id, videoId: video, amount: 14 }));
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () =>
        credits.locked(user.id, (tx) => credits.refundVideo(tx, { userId: user.id, videoId: video })),
      ),
    );
    expect(refunds.filter(Boolean)).toHaveLength(1);
    expect(refunds.find(Boolean)).toMatchObject({ amount: 14, source: "refund", idempotencyKey: `refund:${video}` });
    expect(await balance(h, user.id)).toBe(20);

    const never = await insertVideo(h, user.id);
    expect(
      await credits.locked(user.id, (tx) => credits.refundVideo(tx, { userId: user.id, videoId: never })),
    ).toBeNull();
    // Someone else's video is not refunded to this user.
    const other = await signUpUser(h, "refund.other@example.com");
    const foreign = await insertVideo(h, other.id);
    await credits.locked(other.id, (tx) =>
      credits.spendForVideo(tx, { userId: other.id, videoId: foreign, amount: 6 }),
    );
    expect(
      await credits.locked(user.id, (tx) => credits.refundVideo(tx, { userId: user.id, videoId: foreign })),
    ).toBeNull();
    expect(await balance(h, user.id)).toBe(20);
    expect(await balance(h, other.id)).toBe(14);
  });

  it("spends plan credits first and keeps every bucket non-negative across refunds and rollovers", async () => {
    const user = await signUpUser(h, "buckets@example.com");
    const credits = h.ctx.services.credits;
    await subscribe(h, user.cookie, "STARTER");
    // 100 plan credits + 20 permanent. Spend 110: 100 from the plan, 10 from the permanent bonus.
    const big = await insertVideo(h, user.id, 110);
    await credits.locked(user.id, (tx) => credits.spendForVideo(tx, { userId: user.id, videoId: big, amount: 110 }));
    expect(await json(h.request("/api/credits", { cookie: user.cookie }))).toMatchObject({
      balance: 10,
      planCredits: 0,
      permanentCredits: 10,
    });
    // The period ends before the failed video is refunded: its plan part cannot go back into an ended cycle,
    // so it comes back as permanent credits; nothing is lost and nothing expires twice.
    clock.set("2026-04-10T12:00:05.000Z");
    const refund = await credits.locked(user.id, (tx) => credits.refundVideo(tx, { userId: user.id, videoId: big }));
    expect(refund).toMatchObject({ amount: 110, planAmount: 0 });
    await h.ctx.services.billing.rollover();
    const summary = await json(h.request("/api/credits", { cookie: user.cookie }));
    expect(summary).toMatchObject({ balance: 220, planCredits: 100, permanentCredits: 120 });

    // Inside an open cycle a refund goes back to plan credits, which expire at the cycle's end.
    const small = await insertVideo(h, user.id, 30);
    await credits.locked(user.id, (tx) => credits.spendForVideo(tx, { userId: user.id, videoId: small, amount: 30 }));
    await credits.locked(user.id, (tx) => credits.refundVideo(tx, { userId: user.id, videoId: small }));
    expect(await json(h.request("/api/credits", { cookie: user.cookie }))).toMatchObject({
      planCredits: 100,
      permanentCredits: 120,
    });
    const rows = await ledger(h, user.id);
    let plan = 0;
    let total = 0;
    for (const row of rows) {
      plan += row.planAmount;
      total += row.amount;
      expect(plan).toBeGreaterThanOrEqual(0);
      expect(total - plan).toBeGreaterThanOrEqual(0);
    }
  });

  it("makes ended plan credits unusable even before the rollover job runs", async () => {
    const user = await signUpUser(h, "ended@example.com");
    await subscribe(h, user.cookie, "STARTER");
    clock.set("2026-04-10T12:00:01.000Z");
    // Only the 20 permanent credits may be spent: the cycle's 100 expired at its end.
    const outcome = await h.ctx.services.credits.spend(user.id, 50);
    expect(outcome).toMatchObject({ success: false });
    const rows = await ledger(h, user.id);
    expect(rows.filter((r) => r.source === "plan_expiry").map((r) => r.amount)).toEqual([-100]);
    await h.ctx.services.billing.rollover();
    expect(await balance(h, user.id)).toBe(120);
    expect((await ledger(h, user.id)).filter((r) => r.source === "plan_expiry")).toHaveLength(1);
  });

  it("accepts spends and adds only for a user and a whole amount above zero, without touching the ledger", async () => {
    const user = await signUpUser(h, "valid@example.com");
    const credits = h.ctx.services.credits;
    for (const [who, amount] of [
      [user.id, 0],
      [user.id, -5],
      [user.id, 2.5],
      [null, 5],
      ["", 5],
    ] as const) {
      expect(await credits.spend(who, amount)).toBe(false);
      expect(await credits.add(who, amount)).toBe(false);
    }
    expect(await ledger(h, user.id)).toHaveLength(1);
    expect(await credits.add(user.id, 5, { idempotencyKey: "support:ticket-1" })).toEqual({
      added: true,
      newBalance: 25,
    });
    expect(await credits.add(user.id, 5, { idempotencyKey: "support:ticket-1" })).toEqual({
      added: false,
      newBalance: 25,
    });
    const rows = await ledger(h, user.id);
    expect(rows.at(-1)).toMatchObject({ source: "adjustment", notes: "manual add", amount: 5 });
  });

  it("reports usage and spend per day for the period", async () => {
    const user = await signUpUser(h, "usage@example.com");
    const credits = h.ctx.services.credits;
    await subscribe(h, user.cookie, "PRO");
    await post(h, "/api/billing/checkout", user.cookie, { mode: "payment", quantity: 1 });
    await credits.spend(user.id, 6);
    clock.advance(DAY);
    await credits.spend(user.id, 14);
    const refunded = await insertVideo(h, user.id, 6);
    await credits.locked(user.id, (tx) => credits.spendForVideo(tx, { userId: user.id, videoId: refunded, amount: 6 }));
    await credits.locked(user.id, (tx) => credits.refundVideo(tx, { userId: user.id, videoId: refunded }));
    const summary = await json(h.request("/api/credits", { cookie: user.cookie }));
    expect(summary.usage).toEqual({
      monthlyPlanCredits: 350,
      additionalCredits: 0,
      total: 350,
      used: 0,
      remaining: 350,
    });
    expect(summary.daily.slice(0, 2)).toEqual([
      { date: "2026-03-10", spent: 6 },
      { date: "2026-03-11", spent: 14 },
    ]);
    expect(summary.daily).toHaveLength(2);
    expect((await h.request("/api/credits")).status).toBe(401);
  });
});
