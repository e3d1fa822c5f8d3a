import { messages, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { credits, user } from "../src/db/schema/index.ts";
import { DRIVERS } from "./databases.ts";
import { createHarness, type Harness, json } from "./harness.ts";

describe.each(DRIVERS)("accounts on %s", (driver) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness(driver);
  });
  afterEach(async () => {
    await h.close();
  });

  it("signs up, grants 20 credits as one ledger row and reports the account", async () => {
    const { response, cookie } = await h.signUp("Maya.Reed@Example.com", "correct-horse-9", "Maya Reed");
    expect(response.status).toBe(200);
    const account = await h.request("/api/account", { cookie });
    expect(account.status).toBe(200);
    const body = await json(account);
    expect(body).toMatchObject({
      user: { email: "maya.reed@example.com", name: "Maya Reed", image: null },
      credits: SIGNUP_BONUS_CREDITS,
      plan: null,
      subscriptionStatus: "none",
      videosCreated: 0,
    });
    const rows = await h.db.db.select().from(credits).where(eq(credits.userId, body.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 20, source: "signup_bonus" });
  });

  it("grants the bonus exactly once under concurrent duplicate sign-ups", async () => {
    const attempts = await Promise.all(Array.from({ length: 6 }, () => h.signUp("twin@example.com")));
    const statuses = attempts.map((a) => a.response.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const failed of attempts.filter((a) => a.response.status !== 200)) {
      expect(failed.response.status).toBe(409);
      expect(await failed.response.json()).toMatchObject({ code: "EMAIL_TAKEN", message: messages.auth.emailTaken });
    }
    const users = await h.db.db.select().from(user).where(eq(user.email, "twin@example.com"));
    expect(users).toHaveLength(1);
    // The credits come with the account's first request; every sign-up's cookie asks at once.
    await Promise.all(attempts.map((a) => h.request("/api/account", { cookie: a.cookie })));
    const rows = await h.db.db
      .select()
      .from(credits)
      .where(eq(credits.userId, users[0]?.id ?? ""));
    expect(rows.map((r) => r.amount)).toEqual([20]);
  });

  it("writes the sign-up grant once however often and however concurrently it is asked for", async () => {
    const { response, cookie } = await h.signUp("once@example.com");
    const { user: created } = (await response.json()) as { user: { id: string } };
    expect(await h.ctx.services.credits.balance(created.id)).toBe(0);
    const accounts = await Promise.all(Array.from({ length: 8 }, () => json(h.request("/api/account", { cookie }))));
    expect(accounts.map((a) => a.credits)).toEqual(Array(8).fill(20));
    const results = await Promise.all(
      Array.from({ length: 8 }, () => h.ctx.services.credits.grantSignupBonus(created.id)),
    );
    expect(results.every((written) => written === false)).toBe(true);
    expect(await h.ctx.services.credits.balance(created.id)).toBe(20);
  });

  it("answers 401 in the error shape without a session or with a forged one", async () => {
    for (const cookie of [undefined, "better-auth.session_token=forged.value"]) {
      const res = await h.request("/api/account", cookie ? { cookie } : {});
      expect(res.status).toBe(401);
      const body = await json(res);
      expect(body).toEqual({
        code: "UNAUTHORIZED",
        message: messages.auth.unauthorized,
        requestId: expect.any(String),
      });
      expect(res.headers.get("x-request-id")).toBe(body.requestId);
    }
  });

  it("answers the session with the account when signed in and null for a visitor, never 401", async () => {
    const { cookie } = await h.signUp("visitor@example.com", "correct-horse-9", "Vera Visitor");
    const signedIn = await h.request("/api/session", { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    expect(await json(signedIn)).toMatchObject({
      account: { user: { email: "visitor@example.com", name: "Vera Visitor" }, credits: SIGNUP_BONUS_CREDITS },
    });
    for (const other of [undefined, "better-auth.session_token=forged.value"]) {
      const res = await h.request("/api/session", other ? { cookie: other } : {});
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ account: null });
    }
  });

  it("shows each user only their own account", async () => {
    const a = await h.signUp("alice@example.com", "correct-horse-9", "Alice");
    const b = await h.signUp("bob@example.com", "correct-horse-9", "Bob");
    const aliceId = ((await a.response.json()) as { user: { id: string } }).user.id;
    await h.ctx.repositories.credits.append({
      userId: aliceId,
      amount: 7,
      source: "adjustment",
      notes: "test",
      idempotencyKey: "test:alice",
    });
    const asBob = await json(h.request("/api/account", { cookie: b.cookie }));
    expect(asBob.user.email).toBe("bob@example.com");
    expect(asBob.credits).toBe(20);
    const asAlice = await json(h.request("/api/account", { cookie: a.cookie }));
    expect(asAlice.user.email).toBe("alice@example.com");
    expect(asAlice.credits).toBe(27);
  });

  it("signs in with the right password and refuses a wrong one with a clear message", async () => {
    await h.signUp("sam@example.com", "correct-horse-9");
    const wrong = await h.signIn("sam@example.com", "wrong-horse-9");
    expect(wrong.response.status).toBe(401);
    expect(await wrong.response.json()).toMatchObject({
      code: "INVALID_CREDENTIALS",
      message: messages.auth.invalidCredentials,
    });
    const unknown = await h.signIn("nobody@example.com", "correct-horse-9");
    expect(await unknown.response.json()).toMatchObject({ code: "INVALID_CREDENTIALS" });
    const right = await h.signIn("SAM@example.com", "correct-horse-9");
    expect(right.response.status).toBe(200);
    const account = await json(h.request("/api/account", { cookie: right.cookie }));
    expect(account.user.email).toBe("sam@example.com");
  });

  it("refuses weak passwords and bad e-mails before creating anything", async () => {
    const short = await h.signUp("weak@example.com", "abc1");
    expect(short.response.status).toBe(400);
    expect(await short.response.json()).toMatchObject({
      code: "WEAK_PASSWORD",
      message: messages.auth.passwordTooShort,
    });
    const lettersOnly = await h.signUp("weak@example.com", "onlyletters");
    expect(await lettersOnly.response.json()).toMatchObject({
      code: "WEAK_PASSWORD",
      message: messages.auth.passwordWeak,
    });
    const badEmail = await h.signUp("not-an-email", "correct-horse-9");
    expect(await badEmail.response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: messages.auth.emailInvalid,
    });
    const users = await h.db.db.select().from(user);
    expect(users).toHaveLength(0);
  });

  it("signs out: the session stops working at once, though this process had just looked it up", async () => {
    const { cookie } = await h.signUp("leave@example.com");
    expect((await h.request("/api/account", { cookie })).status).toBe(200);
    const out = await h.request("/api/auth/sign-out", { method: "POST", cookie, body: "{}" });
    expect(out.status).toBe(200);
    expect((await h.request("/api/account", { cookie })).status).toBe(401);
  });
});

describe("auth rate limit", () => {
  it("answers 429 with Retry-After once an address exceeds the limit", async () => {
    const h = await createHarness("pglite", { authRateLimit: { max: 3, windowSeconds: 60 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await h.signIn("x@example.com", "whatever-1")).response.status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const limited = await h.signIn("x@example.com", "whatever-1");
      expect(await limited.response.json()).toMatchObject({
        code: "RATE_LIMITED",
        message: messages.auth.tooManyAttempts,
      });
      expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});

describe.each(DRIVERS)("profile updates on %s", (driver) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness(driver);
  });
  afterEach(async () => {
    await h.close();
  });

  const webp = `data:image/webp;base64,${Buffer.concat([
    Buffer.from("RIFF"),
    Buffer.from([0x20, 0, 0, 0]),
    Buffer.from("WEBPVP8 "),
    Buffer.alloc(24, 1),
  ]).toString("base64")}`;
  const patch = (cookie: string, body: unknown) =>
    h.request("/api/account", { method: "PATCH", cookie, body: JSON.stringify(body) });

  it("renames the user and stores a small avatar, checking the image's bytes", async () => {
    const { cookie } = await h.signUp("profile@example.com", "correct-horse-9", "Old Name");
    const renamed = await patch(cookie, { name: "  Maya Reed " });
    expect(await renamed.json()).toMatchObject({ user: { name: "Maya Reed", image: null } });
    const withAvatar = await patch(cookie, { image: webp });
    expect(await withAvatar.json()).toMatchObject({ user: { name: "Maya Reed", image: webp } });

    const pngClaimingWebp = `data:image/webp;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]).toString("base64")}`;
    const lying = await patch(cookie, { image: pngClaimingWebp });
    expect(lying.status).toBe(400);
    expect(await lying.json()).toMatchObject({ message: messages.reddit.avatarInvalid });
    const remote = await patch(cookie, { image: "https://example.com/me.png" });
    expect(remote.status).toBe(400);
    const empty = await patch(cookie, { name: "   " });
    expect(await empty.json()).toMatchObject({ message: expect.stringContaining(messages.settings.nameRequired) });
    const huge = await patch(cookie, { image: `data:image/webp;base64,${"A".repeat(300_000)}` });
    expect(huge.status).toBe(413);

    const cleared = await patch(cookie, { image: null });
    expect(await cleared.json()).toMatchObject({ user: { image: null } });
    expect((await patch("", { name: "x" })).status).toBe(401);
  });
});
