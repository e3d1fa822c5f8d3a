import { SIGNUP_BONUS_CREDITS, SIGNUP_BONUS_DAILY_CAP } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { user } from "../src/db/schema/index.ts";
import { DRIVERS } from "./databases.ts";
import { startFakeSmtp } from "./fake-smtp.ts";
import { createHarness, type Harness } from "./harness.ts";

/**
 * Who the free sign-up credits reach: a per-address cap stops one machine farming accounts, but an office,
 * a class or a self-hosted LAN whose people all reach the server through one address must not be left with 0.
 */
describe.each(DRIVERS)("the sign-up credits on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  /** `n` new accounts signed up from `address` (through one proxy), settled as the server would; their balances. */
  async function accountsFrom(address: string, n: number, verified: boolean): Promise<number[]> {
    const balances: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const email = `${address.replace(/[^0-9a-f]/gi, "")}.${i}.${driver}@example.com`;
      const response = await h.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "x-forwarded-for": address },
        body: JSON.stringify({ email, password: "correct-horse-9", name: "New User" }),
      });
      expect(response.status).toBe(200);
      const [row] = await h.db.db.select().from(user).where(eq(user.email, email));
      const id = row?.id ?? "";
      await h.ctx.services.signupBonus.settle({ id, emailVerified: verified });
      balances.push(await h.ctx.services.credits.balance(id));
    }
    return balances;
  }

  it("gives every account of a LAN behind one private address its credits, and still caps a public address", async () => {
    h = await createHarness(driver, { signupBonusDailyCap: SIGNUP_BONUS_DAILY_CAP, trustedProxyHops: 1 });
    // A class of 25 behind the school's router, or everyone reaching a self-hosted server through Docker's bridge.
    for (const address of ["192.168.1.1", "172.17.0.1"]) {
      expect(await accountsFrom(address, 12, false)).toEqual(Array(12).fill(SIGNUP_BONUS_CREDITS));
    }
    // One public address without e-mail confirmation: the cap.
    expect(await accountsFrom("203.0.113.9", 5, false)).toEqual([
      ...Array(SIGNUP_BONUS_DAILY_CAP).fill(SIGNUP_BONUS_CREDITS),
      ...Array(5 - SIGNUP_BONUS_DAILY_CAP).fill(0),
    ]);
  });

  it("with e-mail confirmation on, lets ten times as many confirmed accounts of one public address have them", async () => {
    const smtp = await startFakeSmtp();
    try {
      h = await createHarness(driver, {
        signupBonusDailyCap: SIGNUP_BONUS_DAILY_CAP,
        trustedProxyHops: 1,
        smtp: { host: "127.0.0.1", port: smtp.port, secure: false, from: "studio@studio.test", to: "ops@studio.test" },
      });
      // An office behind one public address, every account confirmed.
      expect(await accountsFrom("198.51.100.30", 6, true)).toEqual(Array(6).fill(SIGNUP_BONUS_CREDITS));
      // Unconfirmed, nothing yet.
      expect(await accountsFrom("198.51.100.31", 1, false)).toEqual([0]);
    } finally {
      await smtp.close();
    }
  });
});
