import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FILE_TYPES } from "@reelsmith/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DRIVERS } from "./databases.ts";
import { createHarness, type Harness, json } from "./harness.ts";

const TABLES = [
  "account",
  "api_keys",
  "batches",
  "contact_messages",
  "credits",
  "files",
  "generated_videos",
  "library_assets",
  "payments",
  "referral_codes",
  "referrals",
  "session",
  "signup_bonus_claims",
  "subscriptions",
  "user",
  "verification",
  "video_previews",
  "webhook_deliveries",
  "webhook_endpoints",
  "webhook_events",
];

describe.each(DRIVERS)("system on %s", (driver) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness(driver);
  });
  afterEach(async () => {
    await h.close();
  });

  it("applies the same migrations: every table of the data model exists", async () => {
    const result = await h.db.db.execute<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(TABLES);
  });

  it("reports database and queue status on /api/health", async () => {
    const before = await json(h.request("/api/health"));
    expect(before).toMatchObject({ status: "degraded", database: { ok: true, driver }, queue: { ok: false } });
    await h.ctx.queue.start({ work: false, concurrency: 1 });
    const res = await h.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: { ok: true, driver }, queue: { ok: true } });
  });

  it("runs the housekeeping job through the queue: expired sessions go, live ones stay", async () => {
    const { cookie } = await h.signUp("keeper@example.com");
    await h.signUp("expired@example.com");
    await h.db.db.execute(
      "update session set expires_at = now() - interval '1 minute' where user_id = (select id from \"user\" where email = 'expired@example.com')",
    );
    await h.ctx.queue.start({ work: true, concurrency: 1, pollingIntervalSeconds: 0.5 });
    const { housekeepingJob } = await import("../src/jobs/housekeeping.job.ts");
    const jobId = await h.ctx.queue.send(housekeepingJob(h.ctx.repositories.sessions), {});
    expect(jobId).toBeTruthy();
    let state: string | undefined;
    for (let i = 0; i < 60 && state !== "completed"; i += 1) {
      await new Promise((r) => setTimeout(r, 250));
      state = (await h.ctx.queue.job("housekeeping", jobId ?? ""))?.state;
    }
    expect(state).toBe("completed");
    const sessions = await h.db.db.execute<{ n: string }>("select count(*)::text as n from session");
    expect((sessions as unknown as { rows: { n: string }[] }).rows[0]?.n).toBe("1");
    expect((await h.request("/api/account", { cookie })).status).toBe(200);
  });
});

describe("HTTP surface", () => {
  let h: Harness;
  let dist: string;
  beforeEach(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Reelsmith</title>");
    fs.writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
    h = await createHarness("pglite", { webDist: dist });
  });
  afterEach(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("serves hashed assets with a year of caching and the SPA for any other path (404 where it has no page)", async () => {
    const asset = await h.request("/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toContain("text/javascript");
    for (const [route, status] of [
      ["/", 200],
      ["/home", 200],
      ["/deep/link/page", 404],
    ] as const) {
      const page = await h.request(route);
      expect(page.status).toBe(status);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      // Public pages get their own title written in; other paths keep the template's.
      expect(await page.text()).toMatch(/<title>Reelsmith[^<]*<\/title>/);
    }
  });

  it("never serves files outside the build folder", async () => {
    const res = await h.request("/..%2f..%2fetc%2fpasswd");
    expect(await res.text()).toContain("<title>Reelsmith</title>");
  });

  it("answers unknown API paths with a JSON 404 in the error shape", async () => {
    const res = await h.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND", requestId: expect.any(String) });
  });

  it("publishes an OpenAPI document generated from the route schemas", async () => {
    const doc = await json(h.request("/api/openapi.json"));
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/health", "/api/account"]));
    const account = doc.paths["/api/account"].get;
    // A signed-in operation takes an API key too, and so lists the key's rate limit.
    expect(Object.keys(account.responses)).toEqual(["200", "400", "401", "429", "500"]);
    expect(account.responses["200"].content["application/json"].schema.properties).toHaveProperty("credits");
    expect(account.responses["401"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(doc.components.schemas.Error.required).toEqual(["code", "message", "requestId"]);
    // A state-changing JSON operation also lists the origin check, the body limit and the media type.
    expect(Object.keys(doc.paths["/api/account"].patch.responses)).toEqual(
      expect.arrayContaining(["400", "401", "403", "413", "415", "500"]),
    );
    // A DELETE may carry a body too: the body limit applies to it.
    expect(doc.paths["/api/files/{id}"].delete.responses).toHaveProperty("413");
    // Stripe's webhook comes from Stripe's servers: no origin check.
    expect(doc.paths["/api/billing/webhooks/stripe"].post.responses).not.toHaveProperty("403");
    const upload = doc.paths["/api/files"].post.requestBody.content["multipart/form-data"].schema;
    expect(upload.required).toEqual(["file"]);
    expect(upload.properties.file).toMatchObject({ type: "string", format: "binary" });
    // Every upload kind, from core's list (own background footage among them).
    expect(upload.properties.type.enum).toEqual([...FILE_TYPES]);
    expect(upload.properties.type.enum).toEqual(
      expect.arrayContaining(["audio-file", "product-image", "green-screen", "background-video"]),
    );
  });
});

describe("migrations on PostgreSQL", () => {
  it("run safely when several processes start at once", async () => {
    const { createTestDatabase } = await import("./databases.ts");
    const { openDatabase } = await import("../src/db/client.ts");
    const base = await createTestDatabase("postgres");
    const url = base.url ?? "";
    // Start from an empty schema, then migrate from three handles concurrently.
    await base.db.execute("drop schema public cascade; create schema public; drop schema if exists drizzle cascade;");
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url, poolSize: 2 })));
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const result = await base.db.execute<{ n: string }>(
        "select count(*)::text as n from information_schema.tables where table_schema = 'public'",
      );
      expect((result as unknown as { rows: { n: string }[] }).rows[0]?.n).toBe(String(TABLES.length));
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await base.drop();
    }
  });
});
