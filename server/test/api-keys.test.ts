import { API_KEYS, messages } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { apiKeys, credits } from "../src/db/schema/index.ts";
import { DRIVERS } from "./databases.ts";
import { story } from "./engine-fixtures.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, type Harness, json, ORIGIN } from "./harness.ts";
import { testMedia } from "./media.ts";

const body = JSON.stringify(story("My roommate kept eating my lunch, so I did something about it."));

describe.each(DRIVERS)("personal API keys on %s", (driver) => {
  let h: Harness;
  let now = new Date("2026-11-30T12:00:00Z");
  afterEach(async () => {
    await h.close();
  });

  async function start(config: Parameters<typeof createHarness>[1] = {}) {
    now = new Date("2026-11-30T12:00:00Z");
    h = await createHarness(
      driver,
      { clock: () => now, ...config },
      { media: await testMedia(new TestRenderer()), queue: { work: false } },
    );
  }

  /** A request as a script sends it: the key, no cookie, no Origin. */
  const withKey = (key: string, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${key}`);
    if (typeof init.body === "string") headers.set("content-type", "application/json");
    return h.ctx.app.request(`${ORIGIN}${path}`, { ...init, headers });
  };
  const makeKey = async (cookie: string, fields: Record<string, unknown>) =>
    h.request("/api/api-keys", { method: "POST", body: JSON.stringify(fields), cookie });

  it("makes a key shown once and kept as a fingerprint, which reads and creates as its user, on the same ledger", async () => {
    await start();
    const { cookie } = await h.signUp(`keys.${driver}@example.com`);
    const response = await makeKey(cookie, { name: "  Zapier  ", scopes: ["create", "read", "read"] });
    expect(response.status).toBe(201);
    const made = await json(response);
    expect(made).toMatchObject({ name: "Zapier", scopes: ["read", "create"], last_used_at: null, expires_at: null });
    expect(made.key).toMatch(/^rsk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 10));
    // The database holds no copy of the key, only its fingerprint.
    const [row] = await h.db.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(4));
    // The list shows its start, never the key.
    const listed = await json(h.request("/api/api-keys", { cookie }));
    expect(listed.items).toEqual([{ ...made, key: undefined }].map(({ key: _, ...rest }) => rest));
    expect(JSON.stringify(listed)).not.toContain(made.key);

    // The key reads as the user...
    const account = await withKey(made.key, "/api/account");
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ user: { email: `keys.${driver}@example.com` }, credits: 20 });
    // ...and creates without a cookie or an Origin: charged on the same ledger, the spend naming the key.
    const created = await withKey(made.key, "/api/videos", { method: "POST", body });
    expect(created.status).toBe(201);
    const video = await json(created);
    const ledger = await h.db.db.select().from(credits).where(eq(credits.videoId, video.id));
    expect(ledger.map((r) => [r.source, r.amount, r.apiKeyId])).toEqual([["spend", -6, made.id]]);
    expect((await json(withKey(made.key, `/api/videos/${video.id}`))).status).toBe("processing");
    // A creation in the browser names no key.
    const browser = await json(h.request("/api/videos", { method: "POST", body, cookie }));
    const [spend] = await h.db.db.select().from(credits).where(eq(credits.videoId, browser.id));
    expect(spend?.apiKeyId).toBeNull();
    // Its last use is recorded.
    expect((await json(h.request("/api/api-keys", { cookie }))).items[0].last_used_at).toBe(now.toISOString());
  });

  it("refuses a wrong, revoked or expired key with one answer, and a read-only key that would change anything", async () => {
    await start();
    const { cookie } = await h.signUp(`refusals.${driver}@example.com`);
    const reader = await json(makeKey(cookie, { name: "Dashboard", scopes: ["read"] }));
    now = new Date(now.getTime() + 1000);
    const brief = await json(makeKey(cookie, { name: "Trial", scopes: ["read", "create"], expires_in_days: 30 }));
    expect(brief.expires_at).toBe(new Date(now.getTime() + 30 * 86_400_000).toISOString());
    const revoked = await json(makeKey(cookie, { name: "Old laptop", scopes: ["read", "create"] }));
    expect((await h.request(`/api/api-keys/${revoked.id}`, { method: "DELETE", cookie })).status).toBe(204);
    expect((await h.request(`/api/api-keys/${revoked.id}`, { method: "DELETE", cookie })).status).toBe(404);

    // The read-only key reads, and may not create: refused before anything is charged.
    expect((await withKey(reader.key, "/api/videos?group=all")).status).toBe(200);
    const refused = await withKey(reader.key, "/api/videos", { method: "POST", body });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe(messages.apiKeys.readOnly);
    expect(await h.db.db.select().from(credits).where(eq(credits.source, "spend"))).toEqual([]);

    // Revoked at once, and expired once its day comes: the same 401 body as a key that never existed.
    now = new Date(now.getTime() + 31 * 86_400_000);
    const answers = [];
    for (const key of [revoked.key, brief.key, `${API_KEYS.prefix}${"x".repeat(43)}`, "not-even-a-key"]) {
      const response = await withKey(key, "/api/account");
      answers.push([response.status, ((await response.json()) as { message: string }).message]);
    }
    expect(answers).toEqual(Array(4).fill([401, messages.apiKeys.invalid]));
    // The same on a route whose larger body is for signed-in users only (refused before its body is read).
    const upload = await withKey(revoked.key, "/api/videos", { method: "POST", body });
    expect([upload.status, (await json(upload)).message]).toEqual([401, messages.apiKeys.invalid]);
    // A key never manages keys.
    const managed = await withKey(reader.key, "/api/api-keys");
    expect(managed.status).toBe(403);
    expect((await json(managed)).message).toBe(messages.apiKeys.sessionOnly);
    // The list holds the live keys; the expired one stays there with its date until revoked.
    expect((await json(h.request("/api/api-keys", { cookie }))).items.map((k: { name: string }) => k.name)).toEqual([
      "Trial",
      "Dashboard",
    ]);
  });

  it("checks what a key is made with, limits keys per account and requests per key, and keeps the Origin check for cookies", async () => {
    await start({ apiKeyRateLimit: { max: 3, windowSeconds: 60 } });
    const { cookie } = await h.signUp(`limits.${driver}@example.com`);
    for (const [body, message] of [
      [{ name: " ", scopes: ["read"] }, messages.apiKeys.nameRequired],
      [{ name: "x".repeat(61), scopes: ["read"] }, messages.apiKeys.nameTooLong(API_KEYS.nameMax)],
      [{ name: "No scope", scopes: [] }, messages.apiKeys.scopesRequired],
    ] as const) {
      const response = await makeKey(cookie, body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
    expect((await makeKey(cookie, { name: "Odd", scopes: ["read"], expires_in_days: 7 })).status).toBe(400);
    expect((await makeKey(cookie, { name: "Admin", scopes: ["admin"] })).status).toBe(400);

    const keys: { key: string }[] = [];
    for (let i = 0; i < API_KEYS.perUser; i++)
      keys.push(await json(makeKey(cookie, { name: `k${i}`, scopes: ["read"] })));
    const over = await makeKey(cookie, { name: "one more", scopes: ["read"] });
    expect(over.status).toBe(409);
    expect((await json(over)).message).toBe(messages.apiKeys.tooMany(API_KEYS.perUser));

    const [first, second] = keys.map((k) => k.key);
    if (!first || !second) throw new Error("the keys were not made");
    // Three requests a minute for this key, then 429 with Retry-After; another key has its own count.
    for (let i = 0; i < 3; i++) expect((await withKey(first, "/api/credits")).status).not.toBe(429);
    const limited = await withKey(first, "/api/credits");
    expect(limited.status).toBe(429);
    expect((await json(limited)).message).toBe(messages.apiKeys.rateLimited);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await withKey(second, "/api/account")).status).toBe(200);

    // A cookie from another site's page is still refused; managing keys needs the session.
    const crossSite = await h.ctx.app.request(`${ORIGIN}/api/api-keys`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ name: "x", scopes: ["read"] }),
    });
    expect(crossSite.status).toBe(403);
    expect((await h.ctx.app.request(`${ORIGIN}/api/api-keys`)).status).toBe(401);
  });

  it("describes the bearer scheme on every signed-in operation except managing keys", async () => {
    await start();
    const doc = await json(h.request("/api/openapi.json"));
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const operations = Object.entries(doc.paths as Record<string, Record<string, { security?: object[] }>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, security: op.security })),
    );
    const signedIn = operations.filter((op) => op.security?.some((s) => "cookieAuth" in s));
    expect(signedIn.length).toBeGreaterThan(10);
    for (const op of signedIn) {
      const bearer = op.security?.some((s) => "bearerAuth" in s);
      expect([op.path, bearer]).toEqual([op.path, !op.path.startsWith("/api/api-keys")]);
    }
  });
});
