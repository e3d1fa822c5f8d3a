import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createServerContext, type ServerConfig, type ServerContext } from "../src/app.ts";
import type { DatabaseDriver } from "../src/db/client.ts";
import type { EventBus } from "../src/events/event-bus.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";

export const ORIGIN = "http://localhost:3000";

export interface Harness {
  db: TestDatabase;
  ctx: ServerContext;
  /** Where this harness's uploads are copied while they are checked. */
  scratchDir: string;
  request(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  signUp(email: string, password?: string, name?: string): Promise<{ response: Response; cookie: string }>;
  signIn(email: string, password?: string): Promise<{ response: Response; cookie: string }>;
  close(): Promise<void>;
}

export async function createHarness(
  driver: DatabaseDriver,
  config: Partial<ServerConfig> = {},
  infrastructure: {
    events?: (db: TestDatabase) => Promise<EventBus>;
    media?: NonNullable<Parameters<typeof createServerContext>[3]>["media"];
    /** Start the queue; `work` also runs the job handlers in this process. */
    queue?: { work: boolean };
    renderHeartbeatSeconds?: number;
    superviseIntervalSeconds?: number;
  } = {},
): Promise<Harness> {
  const db = await createTestDatabase(driver);
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-scratch-"));
  const events = infrastructure.events ? await infrastructure.events(db) : undefined;
  const ctx = createServerContext(
    db,
    pino({ level: process.env.TEST_LOG ?? "silent" }),
    {
      publicUrl: ORIGIN,
      storage: { driver: "local", root: fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-storage-")) },
      // Each harness checks uploads in a folder of its own, so a test can see what an upload leaves behind.
      uploadScratchDir: scratchDir,
      signedUrlTtlSeconds: 3600,
      authSecret: "test-secret-test-secret-test-secret-0123",
      trustedOrigins: [ORIGIN],
      authRateLimit: { max: 1000, windowSeconds: 60 },
      // Every test request comes from one address; the daily cap on sign-up credits has its own tests.
      signupBonusDailyCap: 1000,
      ...config,
    },
    {
      ...(events ? { events } : {}),
      ...(infrastructure.media ? { media: infrastructure.media } : {}),
      ...(infrastructure.renderHeartbeatSeconds
        ? { renderHeartbeatSeconds: infrastructure.renderHeartbeatSeconds }
        : {}),
      ...(infrastructure.superviseIntervalSeconds
        ? { superviseIntervalSeconds: infrastructure.superviseIntervalSeconds }
        : {}),
    },
  );
  if (infrastructure.queue) {
    await ctx.queue.start({ work: infrastructure.queue.work, concurrency: 1, pollingIntervalSeconds: 1 });
  }
  const request = async (path: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", ORIGIN);
    if (typeof init.body === "string" && !headers.has("content-type")) headers.set("content-type", "application/json");
    if (init.cookie) headers.set("cookie", init.cookie);
    let body = init.body;
    // A whole body (text, a form, bytes) goes as a browser or curl sends it: encoded, with its Content-Length. Left
    // to the in-process Request, a form would be encoded while the server reads it, and a refusal part-way through
    // (a 413) leaves Node's encoder writing into a closed stream. Streams stay streams, of unannounced length.
    if (body !== undefined && body !== null && !(body instanceof ReadableStream)) {
      const encoded = new Request(`${ORIGIN}${path}`, { method: "POST", body, headers });
      body = new Uint8Array(await encoded.arrayBuffer());
      const type = encoded.headers.get("content-type");
      if (type && !headers.has("content-type")) headers.set("content-type", type);
      if (!headers.has("content-length")) headers.set("content-length", String(body.byteLength));
    }
    return ctx.app.request(`${ORIGIN}${path}`, { ...init, body, headers });
  };
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  return {
    db,
    ctx,
    scratchDir,
    request,
    async signUp(email, password = "correct-horse-9", name = "Test User") {
      const response = await request("/api/auth/sign-up/email", {
        method: "POST",
        body: JSON.stringify({ email, password, name }),
      });
      return { response, cookie: cookieOf(response) };
    },
    async signIn(email, password = "correct-horse-9") {
      const response = await request("/api/auth/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email, password }),
      });
      return { response, cookie: cookieOf(response) };
    },
    async close() {
      await ctx.queue.stop();
      await ctx.events.close();
      await db.drop();
      fs.rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

/** A response body as loosely typed JSON, for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
export async function json(response: Response | Promise<Response>): Promise<any> {
  return (await response).json();
}

/** A new signed-in creator holding at least `balance` credits (the sign-up's own, topped up to it). */
export async function creatorWithCredits(h: Harness, email: string, balance: number) {
  const { cookie } = await h.signUp(email);
  const account = await json(h.request("/api/account", { cookie }));
  if (balance > account.credits) await h.ctx.services.credits.add(account.user.id, balance - account.credits);
  return { cookie, userId: account.user.id as string };
}

/** An upload of `type` that declares `megabytes` MB (and sends one byte): what a body bound answers before reading. */
export function declaredUpload(h: Harness, type: string, megabytes: number, cookie: string): Promise<Response> {
  return h.request(`/api/files?type=${type}`, {
    method: "POST",
    cookie,
    body: "x",
    headers: {
      "content-type": "multipart/form-data; boundary=b",
      "content-length": String(megabytes * 1024 * 1024),
    },
  });
}
