import { messages, SIGNUP_BONUS_CREDITS, SIGNUP_BONUS_DAILY_CAP } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createServerContext, type ServerConfig } from "../../src/app.ts";
import { credits, signupBonusClaims, user } from "../../src/db/schema/index.ts";
import { DAY, TestClock } from "../billing-helpers.ts";
import { startFakeSmtp } from "../fake-smtp.ts";
import { createHarness, type Harness, json, ORIGIN } from "../harness.ts";

/** Identity limits under attack: spoofed client addresses, password guessing, profile writes around the app, free-credit farming. */
describe("identity limits", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function harness(config: Partial<ServerConfig> = {}): Promise<Harness> {
    const h = await createHarness("postgres", config);
    cleanups.push(() => h.close());
    return h;
  }
  /** A request that went through one proxy which appended `client` to what the sender wrote. */
  const via = (client: string, spoofed = "") => ({ "x-forwarded-for": spoofed ? `${spoofed}, ${client}` : client });
  const post = (h: Harness, path: string, body: unknown, headers: Record<string, string> = {}, cookie?: string) =>
    h.request(path, { method: "POST", body: JSON.stringify(body), headers, ...(cookie ? { cookie } : {}) });
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  const signUpFrom = async (h: Harness, email: string, client: string) => {
    const response = await post(
      h,
      "/api/auth/sign-up/email",
      { email, password: "correct-horse-9", name: "New User" },
      via(client),
    );
    expect(response.status).toBe(200);
    return cookieOf(response);
  };
  const ledgerOf = async (h: Harness, email: string) => {
    const [found] = await h.db.db.select().from(user).where(eq(user.email, email));
    return h.db.db
      .select()
      .from(credits)
      .where(eq(credits.userId, found?.id ?? ""));
  };

  it("keys the address limit on the hop our proxy appended, so a forged X-Forwarded-For cannot escape it", async () => {
    const h = await harness({ trustedProxyHops: 1, authRateLimit: { max: 5, windowSeconds: 60 } });
    await post(h, "/api/auth/sign-up/email", { email: "victim@example.com", password: "correct-horse-9", name: "V" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await post(
        h,
        "/api/auth/sign-in/email",
        { email: "victim@example.com", password: `wrong-guess-${i}` },
        via("198.51.100.7", `10.0.${i}.1`),
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    // Sign-ups from one client with a different forged first hop each: limited the same way.
    const signUps: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await post(
        h,
        "/api/auth/sign-up/email",
        { email: `farm${i}@example.com`, password: "correct-horse-9", name: "Farm" },
        via("198.51.100.8", `192.0.2.${i}`),
      );
      signUps.push(res.status);
    }
    expect(signUps).toEqual([...Array(5).fill(200), ...Array(3).fill(429)]);
    // Another client behind the same proxy is not affected.
    const other = await post(
      h,
      "/api/auth/sign-in/email",
      { email: "victim@example.com", password: "wrong-guess-x" },
      via("198.51.100.9", "198.51.100.7"),
    );
    expect(other.status).toBe(401);
  });

  it("counts back from the right by the configured number of proxies, and one IPv6 /64 as one address", async () => {
    const h = await harness({ trustedProxyHops: 2, authRateLimit: { max: 2, windowSeconds: 60 } });
    const attempt = (xff: string) =>
      post(h, "/api/auth/sign-in/email", { email: "nobody@example.com", password: "x1" }, { "x-forwarded-for": xff });
    // client, edge proxy -> the client is the second entry from the right, whatever comes before it.
    expect((await attempt("1.1.1.1, 203.0.113.50, 10.0.0.2")).status).toBe(401);
    expect((await attempt("2.2.2.2, 203.0.113.50, 10.0.0.3")).status).toBe(401);
    expect((await attempt("203.0.113.50, 10.0.0.4")).status).toBe(429);
    // Every address of one IPv6 /64 counts together.
    expect((await attempt("2001:db8:1:2::a, 10.0.0.2")).status).toBe(401);
    expect((await attempt("2001:db8:1:2:ffff::1, 10.0.0.2")).status).toBe(401);
    expect((await attempt("[2001:db8:1:2::beef], 10.0.0.2")).status).toBe(429);
    expect((await attempt("2001:db8:1:3::a, 10.0.0.2")).status).toBe(401);
  });

  it("stops a guesser after 10 wrong passwords from one address, with Retry-After and a clear message", async () => {
    const h = await harness({ trustedProxyHops: 1 });
    await h.signUp("target@example.com");
    await h.signUp("bystander@example.com");
    const guess = (email: string, password: string, client: string) =>
      post(h, "/api/auth/sign-in/email", { email, password }, via(client));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push(
        (await guess(i % 2 ? "TARGET@example.com" : " target@example.com", `guess-${i}`, "203.0.113.66")).status,
      );
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await guess("target@example.com", "guess-10", "203.0.113.66");
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(await locked.json()).toMatchObject({ code: "RATE_LIMITED", message: messages.auth.accountLocked(15) });
    // Even the right password waits there: the guesser cannot tell whether a guess was right.
    expect((await guess("target@example.com", "correct-horse-9", "203.0.113.66")).status).toBe(429);
    // The owner, elsewhere, is not locked out by someone else's guesses.
    expect((await guess("target@example.com", "correct-horse-9", "198.51.100.44")).status).toBe(200);
    // Other accounts sign in as usual.
    expect((await guess("bystander@example.com", "correct-horse-9", "203.0.113.66")).status).toBe(200);
  });

  it("bounds guesses from many addresses per account, and the owner's known address still gets in", async () => {
    // 3 attempts per address, so 30 per account from addresses it never signed in from.
    const h = await harness({
      trustedProxyHops: 1,
      authRateLimit: { max: 1000, windowSeconds: 60 },
      signInFailureLimit: { max: 3, windowSeconds: 15 * 60 },
    });
    await h.signUp("owner@example.com");
    const guess = (password: string, client: string) =>
      post(h, "/api/auth/sign-in/email", { email: "owner@example.com", password }, via(client));
    // The owner signed in from home before (the first of the 30 attempts).
    expect((await guess("correct-horse-9", "192.0.2.10")).status).toBe(200);
    // A botnet: 3 guesses from each of 12 addresses, none of which passes its own limit.
    const statuses: number[] = [];
    for (let bot = 0; bot < 12; bot += 1) {
      for (let i = 0; i < 3; i += 1) statuses.push((await guess(`bot-${bot}-${i}`, `203.0.113.${bot + 1}`)).status);
    }
    expect(statuses).toEqual([...Array(29).fill(401), ...Array(7).fill(429)]);
    // A new address now waits, even with the right password ...
    expect((await guess("correct-horse-9", "198.51.100.99")).status).toBe(429);
    // ... and the owner at home signs in.
    expect((await guess("correct-horse-9", "192.0.2.10")).status).toBe(200);
  });

  it("forgets the wrong passwords once the right one is given", async () => {
    const h = await harness({ trustedProxyHops: 1 });
    await h.signUp("forgetful@example.com");
    const attempt = (password: string) =>
      post(h, "/api/auth/sign-in/email", { email: "forgetful@example.com", password }, via("203.0.113.1"));
    for (let i = 0; i < 9; i += 1) expect((await attempt(`nope-${i}`)).status).toBe(401);
    expect((await attempt("correct-horse-9")).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await attempt(`again-${i}`)).status).toBe(401);
    expect((await attempt("again-10")).status).toBe(429);
  });

  it("refuses better-auth's own profile writes: the profile changes only through PATCH /api/account", async () => {
    const h = await harness();
    const { cookie } = await h.signUp("profile@example.com", "correct-horse-9", "Pat");
    const huge = "x".repeat(20 * 1024 * 1024);
    const attempts = [
      ["/api/auth/update-user", { name: "y".repeat(5000), image: "javascript:alert(1)" }],
      ["/api/auth/update-user", { image: "javascript:alert(document.cookie)" }],
      ["/api/auth/change-email", { newEmail: "someone-else@example.com" }],
      ["/api/auth/delete-user", {}],
      ["/api/auth/update-session", {}],
    ] as const;
    for (const [path, body] of attempts) {
      const res = await post(h, path, body, {}, cookie);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "NOT_FOUND", message: messages.auth.actionNotAvailable });
    }
    // A 20 MB body is refused before anything reads it.
    const tooLarge = await post(h, "/api/auth/update-user", { name: huge }, {}, cookie);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    // Auth bodies are smaller still: 20 KB is more than any sign-in or sign-up needs.
    const padded = await post(h, "/api/auth/sign-up/email", {
      email: "padded.big@example.com",
      password: "correct-horse-9",
      name: "x".repeat(20 * 1024),
    });
    expect(padded.status).toBe(413);
    expect(await padded.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: messages.auth.requestTooLarge });
    // better-auth itself has them switched off too, for any caller that reaches its handler directly.
    const direct = await h.ctx.auth.handler(
      new Request(`${ORIGIN}/api/auth/update-user`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ image: "javascript:alert(1)" }),
      }),
    );
    expect(direct.status).toBe(404);
    const account = await json(h.request("/api/account", { cookie }));
    expect(account.user).toMatchObject({ email: "profile@example.com", name: "Pat", image: null });
  });

  it("stores only the checked sign-up fields: a bounded, trimmed name and no image", async () => {
    const h = await harness();
    const tooLong = await post(h, "/api/auth/sign-up/email", {
      email: "long@example.com",
      password: "correct-horse-9",
      name: "n".repeat(81),
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ code: "VALIDATION_FAILED", message: messages.auth.nameTooLong });
    const padded = await post(h, "/api/auth/sign-up/email", {
      email: "padded@example.com",
      password: "correct-horse-9",
      name: `  Pia ${" ".repeat(10_000)}`,
      image: "javascript:alert(1)",
      emailVerified: true,
    });
    expect(padded.status).toBe(200);
    const [stored] = await h.db.db.select().from(user).where(eq(user.email, "padded@example.com"));
    expect(stored).toMatchObject({ name: "Pia", image: null, emailVerified: false });
    expect(await h.db.db.select().from(user).where(eq(user.email, "long@example.com"))).toHaveLength(0);
  });

  it("grants the free credits to at most 3 accounts per address per UTC day, across processes, and tells the others", async () => {
    const clock = new TestClock("2026-03-10T22:00:00.000Z");
    const config = { trustedProxyHops: 1, signupBonusDailyCap: SIGNUP_BONUS_DAILY_CAP, clock: clock.now };
    const h = await harness(config);
    // A second API process on the same database.
    const other = createServerContext(h.db, pino({ level: "silent" }), {
      ...config,
      publicUrl: ORIGIN,
      storage: { driver: "local", root: "/tmp/reelsmith-identity-unused" },
      signedUrlTtlSeconds: 3600,
      authSecret: "test-secret-test-secret-test-secret-0123",
      trustedOrigins: [ORIGIN],
      authRateLimit: { max: 1000, windowSeconds: 60 },
    });
    cleanups.push(() => other.events.close());
    const accountVia = (app: typeof h.ctx.app, cookie: string) =>
      json(app.request(`${ORIGIN}/api/account`, { headers: { cookie, origin: ORIGIN } }));
    const cookies: string[] = [];
    for (let i = 0; i < 5; i += 1) cookies.push(await signUpFrom(h, `farm${i}@example.com`, "203.0.113.9"));
    // The accounts make their first requests through both processes at once.
    const accounts = await Promise.all(cookies.map((cookie, i) => accountVia(i % 2 ? other.app : h.ctx.app, cookie)));
    expect(accounts.map((a) => a.credits).sort()).toEqual([0, 0, 20, 20, 20]);
    expect(accounts.filter((a) => a.freeCredits === "capped")).toHaveLength(2);
    for (const capped of accounts.filter((a) => a.credits === 0)) {
      expect(capped).toMatchObject({ user: { email: expect.any(String) }, freeCredits: "capped" });
    }
    const claims = await h.db.db.select().from(signupBonusClaims);
    expect(claims.map((c) => c.address)).toEqual(Array(5).fill("203.0.113.9"));
    // Another address has its own allowance.
    const elsewhere = await signUpFrom(h, "elsewhere@example.com", "198.51.100.20");
    expect(await accountVia(h.ctx.app, elsewhere)).toMatchObject({ credits: 20, freeCredits: "granted" });
    // The next UTC day the address has 3 again; an account refused yesterday stays at 0.
    clock.advance(DAY / 6);
    const tomorrow = await signUpFrom(h, "tomorrow@example.com", "203.0.113.9");
    expect(await accountVia(h.ctx.app, tomorrow)).toMatchObject({ credits: 20, freeCredits: "granted" });
    const refused = cookies[accounts.findIndex((a) => a.credits === 0)] ?? "";
    expect(await accountVia(other.app, refused)).toMatchObject({ credits: 0, freeCredits: "capped" });
    // A capped account still works: it can sign out and in, and its session answers.
    expect((await h.request("/api/session", { cookie: refused })).status).toBe(200);
  });

  it("with SMTP: grants the free credits when the e-mail is confirmed, once, and not before", async () => {
    const smtp = await startFakeSmtp();
    cleanups.push(smtp.close);
    const h = await harness({
      trustedProxyHops: 1,
      smtp: { host: "127.0.0.1", port: smtp.port, secure: false, from: "studio@studio.test", to: "ops@studio.test" },
    });
    const cookie = await signUpFrom(h, "confirm.me@example.com", "203.0.113.70");
    const before = await json(h.request("/api/account", { cookie }));
    expect(before).toMatchObject({ credits: 0, freeCredits: "awaiting_verification" });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(["confirm.me@example.com"]);
    const text = (mail?.raw ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = /http:\/\/localhost:3000(\/api\/auth\/verify-email\?[^\s]+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    // A forged token confirms nothing.
    const forged = await h.request("/api/auth/verify-email?token=forged&callbackURL=%2Femail-confirmed");
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toBe("/email-confirmed?error=INVALID_TOKEN");
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(0);
    // The link, opened twice at once (a double click) and again later: one grant.
    const opened = await Promise.all([h.request(link ?? ""), h.request(link ?? "")]);
    for (const res of opened) {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/email-confirmed");
    }
    await h.request(link ?? "");
    const after = await json(h.request("/api/account", { cookie }));
    expect(after).toMatchObject({ credits: SIGNUP_BONUS_CREDITS, freeCredits: "granted" });
    const rows = await ledgerOf(h, "confirm.me@example.com");
    expect(rows.map((r) => [r.amount, r.source, r.idempotencyKey])).toEqual([
      [SIGNUP_BONUS_CREDITS, "signup_bonus", `signup:${after.user.id}`],
    ]);
    // The page the link lands on is signed in (the link's session) and sees the credits.
    const landed = await json(h.request("/api/session", { cookie: cookieOf(opened[0] as Response) }));
    expect(landed.account).toMatchObject({ credits: SIGNUP_BONUS_CREDITS, freeCredits: "granted" });
  });

  it("without SMTP: the first request of the new account brings the credits, exactly once", async () => {
    const h = await harness({ trustedProxyHops: 1 });
    const cookie = await signUpFrom(h, "first@example.com", "203.0.113.80");
    const [found] = await h.db.db.select().from(user).where(eq(user.email, "first@example.com"));
    const id = found?.id ?? "";
    expect(await h.ctx.services.credits.balance(id)).toBe(0);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => json(h.request("/api/session", { cookie }))),
      ...Array.from({ length: 3 }, () => h.ctx.services.signupBonus.settle({ id, emailVerified: false })),
    ]);
    for (const session of results.slice(0, 6)) expect(session.account.credits).toBe(SIGNUP_BONUS_CREDITS);
    expect(await h.ctx.services.credits.grantSignupBonus(id)).toBe(false);
    expect((await ledgerOf(h, "first@example.com")).map((r) => r.amount)).toEqual([SIGNUP_BONUS_CREDITS]);
  });
});
