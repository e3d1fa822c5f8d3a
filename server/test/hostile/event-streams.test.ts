import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StreamSlots } from "../../src/events/stream-slots.ts";
import { createApp } from "../../src/lib/create-app.ts";
import { eventsRoutes } from "../../src/routes/events/events.handlers.ts";
import { createHarness, type Harness, json, ORIGIN } from "../harness.ts";

/** Reads a Server-Sent Events body event by event; `null` once the server ended it. */
function sseReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; data: { type: string } } | null> {
      for (;;) {
        const boundary = buffer.indexOf("\n\n");
        if (boundary >= 0) {
          const lines = buffer
            .slice(0, boundary)
            .split("\n")
            .filter((line) => !line.startsWith(":"));
          buffer = buffer.slice(boundary + 2);
          if (lines.length === 0) continue;
          const event =
            lines
              .find((l) => l.startsWith("event:"))
              ?.slice(6)
              .trim() ?? "message";
          const data =
            lines
              .find((l) => l.startsWith("data:"))
              ?.slice(5)
              .trim() ?? "null";
          return { event, data: JSON.parse(data) };
        }
        const chunk = await reader.read();
        if (chunk.done) return null;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

let h: Harness;
let slots: StreamSlots;
let app: ReturnType<typeof createApp>;
let alice: { cookie: string; id: string };
let bob: { cookie: string; id: string };

beforeAll(async () => {
  h = await createHarness("pglite");
  slots = new StreamSlots(6);
  app = createApp(pino({ level: "silent" }));
  app.route("/", eventsRoutes({ auth: h.ctx.auth, events: h.ctx.events, credits: h.ctx.services.credits, slots }));
  const signUp = async (email: string) => {
    const { cookie } = await h.signUp(email);
    return { cookie, id: (await json(h.request("/api/account", { cookie }))).user.id as string };
  };
  alice = await signUp("many-tabs@example.com");
  bob = await signUp("one-tab@example.com");
});
afterAll(async () => {
  await h.close();
});

async function open(cookie: string) {
  const response = await app.request(`${ORIGIN}/api/events`, { headers: { cookie, origin: ORIGIN } });
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  expect((await stream.next())?.event).toBe("ready");
  return stream;
}

describe("event streams per account", () => {
  it("keeps at most six open: a seventh ends the oldest, which is told not to reconnect", async () => {
    const streams = [];
    for (let i = 0; i < 6; i++) streams.push(await open(alice.cookie));
    expect(slots.count(alice.id)).toBe(6);

    const seventh = await open(alice.cookie);
    expect(slots.count(alice.id)).toBe(6);
    const oldest = streams.shift();
    expect(await oldest?.next()).toEqual({ event: "superseded", data: { type: "superseded" } });
    expect(await oldest?.next()).toBeNull();
    streams.push(seventh);

    // Another account is not affected by Alice's tabs.
    const bobs = await open(bob.cookie);
    expect(slots.count(bob.id)).toBe(1);
    expect(slots.count(alice.id)).toBe(6);

    // The six that are left all still get live updates.
    await h.ctx.events.publish(alice.id, { type: "credits", balance: 42 });
    for (const stream of streams)
      expect(await stream.next()).toEqual({ event: "credits", data: { type: "credits", balance: 42 } });

    // A closed tab gives its slot back at once, so the next one pushes nobody out.
    await streams[0]?.cancel();
    await streams[1]?.cancel();
    expect(slots.count(alice.id)).toBe(4);
    streams.splice(0, 2);
    streams.push(await open(alice.cookie));
    expect(slots.count(alice.id)).toBe(5);
    await h.ctx.events.publish(alice.id, { type: "credits", balance: 43 });
    for (const stream of streams) expect((await stream.next())?.event).toBe("credits");

    for (const stream of [...streams, bobs]) await stream.cancel();
    expect(slots.count(alice.id)).toBe(0);
    expect(slots.users).toBe(0);
  });
});
