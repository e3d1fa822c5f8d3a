import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerConfig } from "../src/app.ts";
import { credits, referrals, user } from "../src/db/schema/index.ts";
import { buyPacks, signUpUser, subscribe } from "./billing-helpers.ts";
import { DRIVERS } from "./databases.ts";
import { startFakeSmtp } from "./fake-smtp.ts";
import { createHarness, type Harness, json, ORIGIN } from "./harness.ts";

describe.each(DRIVERS)("the affiliate programme on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  const start = async (rewardCredits?: number, config: Partial<ServerConfig> = {}) => {
    // Behind one proxy, so each sign-up below can come from its own address.
    h = await createHarness(driver, {
      trustedProxyHops: 1,
      ...(rewardCredits === undefined ? {} : { affiliateRewardCredits: rewardCredits }),
      ...config,
    });
  };
  let nextNetwork = 1;
  const affiliate = async (cookie: string) => {
    const response = await h.request("/api/affiliate", { cookie });
    expect(response.status).toBe(200);
    return json(response);
  };
  /**
   * A sign-up as the page sends it after a visit with `?ref=`, from `address` (by default a network of its
   * own: another person).
   */
  const signUpWith = async (email: string, ref: unknown, address = `198.51.${nextNetwork++}.10`) => {
    const response = await h.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "x-forwarded-for": address },
      body: JSON.stringify({ email, password: "correct-horse-9", name: "Referred", ref }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const account = await json(h.request("/api/account", { cookie }));
    return { cookie, id: account.user.id as string };
  };
  const rewards = (referrerId: string) =>
    h.db.db
      .select({ amount: credits.amount, key: credits.idempotencyKey })
      .from(credits)
      .where(and(eq(credits.userId, referrerId), eq(credits.source, "referral_reward")));

  it("gives each user one stable referral link and attributes the sign-ups that come through it", async () => {
    await start();
    const alice = await signUpUser(h, `alice.aff.${driver}@example.com`);
    const first = await affiliate(alice.cookie);
    expect(first.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(first.link).toBe(`${ORIGIN}/?ref=${first.code}`);
    expect(first).toMatchObject({ signed_up: 0, paid: 0, credits_earned: 0, reward_credits: 20 });
    expect((await affiliate(alice.cookie)).code).toBe(first.code);

    const bob = await signUpUser(h, `bob.aff.${driver}@example.com`);
    expect((await affiliate(bob.cookie)).code).not.toBe(first.code);

    // Codes are read in any case; an unknown or malformed code never stands in the way of a sign-up.
    const carol = await signUpWith(`carol.aff.${driver}@example.com`, first.code.toLowerCase());
    await signUpWith(`dan.aff.${driver}@example.com`, "NOSUCHCODE");
    await signUpWith(`erin.aff.${driver}@example.com`, { not: "a code" });
    await signUpWith(`fay.aff.${driver}@example.com`, "bad code!");
    expect(await affiliate(alice.cookie)).toMatchObject({ signed_up: 1, paid: 0 });
    const stored = await h.db.db.select().from(referrals);
    expect(stored.map((r) => [r.referredUserId, r.referrerUserId, r.firstPaidAt])).toEqual([
      [carol.id, alice.id, null],
    ]);
    expect(await affiliate(bob.cookie)).toMatchObject({ signed_up: 0 });

    const other = await h.request("/api/affiliate");
    expect(other.status).toBe(401);
  });

  it("refuses self-referral, and an account is attributed to one referrer only", async () => {
    await start();
    const alice = await signUpUser(h, `self.aff.${driver}@example.com`);
    const bob = await signUpUser(h, `second.aff.${driver}@example.com`);
    const aliceCode = (await affiliate(alice.cookie)).code;
    const bobCode = (await affiliate(bob.cookie)).code;
    const service = h.ctx.services.referrals;
    expect(await service.attribute(alice.id, aliceCode)).toBe(false);
    expect(await h.db.db.select().from(referrals)).toEqual([]);

    expect(await service.attribute(alice.id, bobCode)).toBe(true);
    expect(await service.attribute(alice.id, bobCode)).toBe(false);
    // The first referrer stays: a second attribution of the same account changes nothing.
    const rows = await h.db.db.select().from(referrals);
    expect(rows.map((r) => [r.referredUserId, r.referrerUserId])).toEqual([[alice.id, bob.id]]);
    expect(await affiliate(alice.cookie)).toMatchObject({ signed_up: 0 });
    expect(await affiliate(bob.cookie)).toMatchObject({ signed_up: 1 });
  });

  it("rewards the referrer once, at the referred account's first payment, and counts it as paid", async () => {
    await start();
    const alice = await signUpUser(h, `earner.aff.${driver}@example.com`);
    const code = (await affiliate(alice.cookie)).code;
    const bob = await signUpWith(`payer.aff.${driver}@example.com`, code);
    const carol = await signUpWith(`planner.aff.${driver}@example.com`, code);
    await signUpWith(`free.aff.${driver}@example.com`, code);
    const before = (await json(h.request("/api/account", { cookie: alice.cookie }))).credits as number;

    // A top-up is a payment.
    const payment = await buyPacks(h, bob.cookie, 1);
    expect(await rewards(alice.id)).toEqual([{ amount: 20, key: `referral:${bob.id}` }]);
    expect(await affiliate(alice.cookie)).toMatchObject({ signed_up: 3, paid: 1, credits_earned: 20 });
    expect((await json(h.request("/api/account", { cookie: alice.cookie }))).credits).toBe(before + 20);

    // Later payments, and the same payment again, earn nothing more.
    await buyPacks(h, bob.cookie, 1);
    await subscribe(h, bob.cookie, "STARTER");
    const again = await h.request(`/api/billing/test-checkout/${payment}/pay`, {
      method: "POST",
      body: "{}",
      cookie: bob.cookie,
    });
    expect(again.status).toBe(200);
    expect(await rewards(alice.id)).toHaveLength(1);

    // A plan's first payment is a payment too.
    await subscribe(h, carol.cookie, "PRO");
    expect((await rewards(alice.id)).map((r) => r.key).sort()).toEqual(
      [`referral:${bob.id}`, `referral:${carol.id}`].sort(),
    );
    expect(await affiliate(alice.cookie)).toMatchObject({ signed_up: 3, paid: 2, credits_earned: 40 });
    expect((await json(h.request("/api/account", { cookie: alice.cookie }))).credits).toBe(before + 40);

    // The payers themselves earn nothing from it.
    expect(await rewards(bob.id)).toEqual([]);
  });

  it("rewards only a referred account that is another person, at most 5 a day per referrer", async () => {
    await start();
    const alice = await signUpWith(`farmer.aff.${driver}@example.com`, undefined, "203.0.113.5");
    const code = (await affiliate(alice.cookie)).code;
    // Accounts made through her own link from her own address or network: they pay, and count as paid, but
    // earn nothing.
    for (const [i, address] of ["203.0.113.5", "203.0.113.77", "203.0.113.200"].entries()) {
      const own = await signUpWith(`own${i}.aff.${driver}@example.com`, code, address);
      await buyPacks(h, own.cookie, 1);
    }
    expect(await rewards(alice.id)).toEqual([]);
    expect(await affiliate(alice.cookie)).toMatchObject({ signed_up: 3, paid: 3, credits_earned: 0 });
    // Seven people elsewhere pay on one day: five rewards.
    for (let i = 0; i < 7; i += 1) {
      const friend = await signUpWith(`friend${i}.aff.${driver}@example.com`, code);
      await buyPacks(h, friend.cookie, 1);
    }
    expect(await rewards(alice.id)).toHaveLength(5);
    expect(await affiliate(alice.cookie)).toMatchObject({ signed_up: 10, paid: 10, credits_earned: 100 });
  });

  it("with e-mail confirmation on, rewards only a referred account that confirmed its address", async () => {
    const smtp = await startFakeSmtp();
    try {
      await start(undefined, {
        smtp: { host: "127.0.0.1", port: smtp.port, secure: false, from: "studio@studio.test", to: "ops@studio.test" },
      });
      const alice = await signUpWith(`host.aff.${driver}@example.com`, undefined, "203.0.113.9");
      const code = (await affiliate(alice.cookie)).code;
      const unconfirmed = await signUpWith(`unconfirmed.aff.${driver}@example.com`, code);
      await buyPacks(h, unconfirmed.cookie, 1);
      expect(await rewards(alice.id)).toEqual([]);
      const confirmed = await signUpWith(`confirmed.aff.${driver}@example.com`, code);
      await h.db.db.update(user).set({ emailVerified: true }).where(eq(user.id, confirmed.id));
      await buyPacks(h, confirmed.cookie, 1);
      expect(await rewards(alice.id)).toEqual([{ amount: 20, key: `referral:${confirmed.id}` }]);
    } finally {
      await smtp.close();
    }
  });

  it("counts a paying referral but grants nothing when the reward is set to 0", async () => {
    await start(0);
    const alice = await signUpUser(h, `zero.aff.${driver}@example.com`);
    const code = (await affiliate(alice.cookie)).code;
    const bob = await signUpWith(`zero.payer.${driver}@example.com`, code);
    await buyPacks(h, bob.cookie, 1);
    expect(await affiliate(alice.cookie)).toMatchObject({ paid: 1, credits_earned: 0, reward_credits: 0 });
    expect(await rewards(alice.id)).toEqual([]);
  });
});
