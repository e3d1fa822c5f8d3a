import { messages } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contactMessages } from "../src/db/schema/index.ts";
import { DRIVERS } from "./databases.ts";
import { startFakeSmtp } from "./fake-smtp.ts";
import { createHarness, type Harness, json } from "./harness.ts";

const message = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  subject: "Agency plan for twelve clients",
  message: "Can we run one Reelsmith server for twelve client brands?",
};

function post(h: Harness, body: unknown) {
  return h.request("/api/contact", { method: "POST", body: JSON.stringify(body) });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe.each(DRIVERS)("contact on %s", (driver) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function harness(config: Parameters<typeof createHarness>[1] = {}) {
    const h = await createHarness(driver, config);
    cleanups.push(() => h.close());
    return h;
  }

  it("without SMTP stores the message in the outbox and answers success", async () => {
    const h = await harness();
    const res = await post(h, message);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const rows = await h.db.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, status: "outbox", sentAt: null });
  });

  it("refuses a blank field with the spec's message and stores nothing", async () => {
    const h = await harness();
    const res = await post(h, { ...message, subject: "  " });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: "VALIDATION_FAILED", message: messages.contact.fillAllFields });
    const missing = await post(h, { firstName: "Ada" });
    expect(await json(missing)).toMatchObject({ message: messages.contact.fillAllFields });
    expect(await h.db.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("accepts and silently drops a message whose honeypot is filled", async () => {
    const h = await harness();
    const res = await post(h, { ...message, website: "https://spam.example" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await h.db.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("limits messages per address with 429 and Retry-After", async () => {
    const h = await harness({ contactRateLimit: { max: 2, windowSeconds: 600 } });
    expect((await post(h, message)).status).toBe(200);
    expect((await post(h, { ...message, email: "grace@example.com" })).status).toBe(200);
    const limited = await post(h, { ...message, email: "linus@example.com" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await json(limited)).toMatchObject({ code: "RATE_LIMITED", message: messages.contact.rateLimited });
    expect(await h.db.db.select().from(contactMessages)).toHaveLength(2);
  });

  it("with SMTP queues the message and a job sends it to CONTACT_TO, marking it sent", async () => {
    const smtp = await startFakeSmtp({ user: "mailer", pass: "s3cret" });
    cleanups.push(smtp.close);
    const h = await harness({
      smtp: {
        host: "127.0.0.1",
        port: smtp.port,
        secure: false,
        user: "mailer",
        pass: "s3cret",
        from: "Reelsmith <no-reply@studio.test>",
        to: "team@studio.test",
      },
    });
    await h.ctx.queue.start({ work: true, concurrency: 1, pollingIntervalSeconds: 0.5 });
    const res = await post(h, { ...message, subject: "Agency\r\nBcc: victim@example.com" });
    expect(res.status).toBe(200);
    const [row] = await until(
      () => h.db.db.select().from(contactMessages),
      (rows) => rows[0]?.status === "sent",
      "the message to be sent",
    );
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.from).toBe("no-reply@studio.test");
    expect(mail?.to).toEqual(["team@studio.test"]);
    expect(mail?.raw).toMatch(/^Reply-To: Ada Lovelace <ada@example.com>/m);
    expect(mail?.raw).toMatch(/^Subject: \[Reelsmith contact\] Agency Bcc: victim@example.com/m);
    expect(mail?.raw).not.toMatch(/^Bcc:/m);
    expect(mail?.raw).toContain("Can we run one Reelsmith server for twelve client brands?");
  });

  it("records a refused delivery: queued with the error while retries remain, failed on the last", async () => {
    const smtp = await startFakeSmtp();
    cleanups.push(smtp.close);
    smtp.state.reject = true;
    const h = await harness({
      smtp: { host: "127.0.0.1", port: smtp.port, secure: false, from: "a@studio.test", to: "b@studio.test" },
    });
    // The queue is not started: the test drives the job's delivery step itself.
    const stored = await h.ctx.repositories.contact.insert(message, "queued");
    await expect(h.ctx.services.contact.deliver(stored.id, { final: false })).rejects.toThrow(/550|Mailbox/);
    let [row] = await h.db.db.select().from(contactMessages).where(eq(contactMessages.id, stored.id));
    expect(row).toMatchObject({ status: "queued", error: expect.stringMatching(/Mailbox unavailable/) });
    await expect(h.ctx.services.contact.deliver(stored.id, { final: true })).rejects.toThrow();
    [row] = await h.db.db.select().from(contactMessages).where(eq(contactMessages.id, stored.id));
    expect(row?.status).toBe("failed");
    smtp.state.reject = false;
    expect(await h.ctx.services.contact.deliver(stored.id, { final: false })).toBe("sent");
    expect(await h.ctx.services.contact.deliver(stored.id, { final: false })).toBe("skipped");
    expect(smtp.received).toHaveLength(1);
  });
});
