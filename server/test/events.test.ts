import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PostgresEventBus } from "../src/events/postgres-event-bus.ts";
import { DRIVERS } from "./databases.ts";
import { createHarness, type Harness, json } from "./harness.ts";

/** Reads a Server-Sent Events body and yields each event as {event, data}. */
function sseReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(timeoutMs = 5000): Promise<{ event: string; data: unknown }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const boundary = buffer.indexOf("\n\n");
        if (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const lines = block.split("\n").filter((l) => !l.startsWith(":"));
          if (lines.length === 0) continue;
          const event =
            lines
              .find((l) => l.startsWith("event:"))
              ?.slice(6)
              .trim() ?? "message";
          const data = lines
            .filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).trim())
            .join("\n");
          return { event, data: JSON.parse(data) };
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error("no event arrived in time");
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error("no event arrived in time")), remaining);
          }),
        ]).finally(() => clearTimeout(timer));
        if (chunk.done) throw new Error("the stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe.each(DRIVERS)("live events on %s", (driver) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness(
      driver,
      {},
      driver === "postgres"
        ? { events: (db) => PostgresEventBus.connect(db.url ?? "", db.pool as never, pino({ level: "silent" })) }
        : {},
    );
  });
  afterEach(async () => {
    await h.close();
  });

  it("refuses a visitor without a session", async () => {
    const response = await h.request("/api/events");
    expect(response.status).toBe(401);
  });

  it("ends every open stream when the process stops, so the server can close", async () => {
    const { cookie } = await h.signUp("leaving.events@example.com");
    const stream = sseReader(await h.request("/api/events", { cookie }));
    expect((await stream.next()).event).toBe("ready");
    h.ctx.closeStreams();
    // Without it the stream would only send a heartbeat comment every 25 s, forever. The account's
    // sign-up credits may still be on their way (PostgreSQL delivers notifications on its own
    // connection), so a credits event can come first; nothing else may, and the stream must end.
    const untilEnd = async () => {
      for (let i = 0; i < 3; i += 1) expect((await stream.next(3000)).event).toBe("credits");
    };
    await expect(untilEnd()).rejects.toThrow("the stream ended");
  });

  it("streams the balance, then each committed credit change, only to its owner", async () => {
    const alice = await h.signUp("alice.events@example.com");
    const bob = await h.signUp("bob.events@example.com");
    const aliceId = (await json(h.request("/api/account", { cookie: alice.cookie }))).user.id;
    const bobId = (await json(h.request("/api/account", { cookie: bob.cookie }))).user.id;

    const response = await h.request("/api/events", { cookie: alice.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const stream = sseReader(response);
    expect(await stream.next()).toEqual({ event: "ready", data: { type: "ready", balance: 20 } });
    expect(h.ctx.events.listenerCount).toBe(1);

    // Bob's change is not Alice's business.
    await h.ctx.repositories.credits.append({
      userId: bobId,
      amount: 5,
      source: "adjustment",
      notes: "test",
      idempotencyKey: "t:bob",
    });
    await h.ctx.services.credits.publishBalance(bobId, { amount: 5, source: "adjustment" });
    await h.ctx.repositories.credits.append({
      userId: aliceId,
      amount: 10,
      source: "top_up",
      notes: "test",
      idempotencyKey: "t:alice",
    });
    await h.ctx.services.credits.publishBalance(aliceId, { amount: 10, source: "top_up" });

    expect(await stream.next()).toEqual({
      event: "credits",
      data: { type: "credits", balance: 30, change: { amount: 10, source: "top_up" } },
    });
    await stream.cancel();
    await expect.poll(() => h.ctx.events.listenerCount).toBe(0);
  });

  it("delivers video progress events published by any process sharing the bus", async () => {
    const carol = await h.signUp("carol.events@example.com");
    const carolId = (await json(h.request("/api/account", { cookie: carol.cookie }))).user.id;
    const stream = sseReader(await h.request("/api/events", { cookie: carol.cookie }));
    await stream.next();

    // A worker process has its own bus on the same database (PostgreSQL), or shares this one (PGlite).
    const worker =
      driver === "postgres"
        ? await PostgresEventBus.connect(h.db.url ?? "", h.db.pool as never, pino({ level: "silent" }))
        : h.ctx.events;
    try {
      await worker.publish(carolId, {
        type: "video",
        id: "3f1c1f9e-5d55-4c1e-9a55-0b8f6f3f9d11",
        status: "processing",
        progress: 42,
        stage: "Rendering",
      });
      expect(await stream.next()).toEqual({
        event: "video",
        data: {
          type: "video",
          id: "3f1c1f9e-5d55-4c1e-9a55-0b8f6f3f9d11",
          status: "processing",
          progress: 42,
          stage: "Rendering",
        },
      });
    } finally {
      if (worker !== h.ctx.events) await worker.close();
      await stream.cancel();
    }
  });
});
