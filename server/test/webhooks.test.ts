import http from "node:http";
import type { AddressInfo } from "node:net";
import { messages, WEBHOOKS } from "@reelsmith/core";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { story } from "./engine-fixtures.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback that answers `failFirst` requests with 500, then 200; it records every request. */
async function receiver(failFirst: number) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(received.length <= failFirst ? 500 : 200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/reelsmith`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("outgoing webhooks", () => {
  let h: Harness;
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
    await h.close();
  });

  it("signs each event the Standard Webhooks way, retries a failing endpoint until it answers, logs and resends", async () => {
    h = await createHarness(
      "pglite",
      { webhooks: { allowPrivate: true, retryDelaySeconds: 1 } },
      { media: await testMedia(new TestRenderer()), queue: { work: true } },
    );
    const endpoint = await receiver(2);
    closing.push(endpoint.close);
    const { cookie } = await h.signUp("hooks@example.com");
    const made = await h.request("/api/webhooks", {
      method: "POST",
      body: JSON.stringify({ url: endpoint.url, events: ["credits.low", "video.finished", "video.finished"] }),
      cookie,
    });
    expect(made.status).toBe(201);
    const hook = await json(made);
    expect(hook).toMatchObject({ url: endpoint.url, events: ["video.finished", "credits.low"] });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    // Two videos: 20 -> 14 -> 8 credits; the second crosses under WEBHOOKS.creditsLowBelow (14).
    const body = JSON.stringify(story("We had a deal about the dishes."));
    const first = await json(h.request("/api/videos", { method: "POST", body, cookie }));
    await expect.poll(() => endpoint.received.length, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(3);
    await h.request("/api/videos", { method: "POST", body, cookie });

    // The finished video: two 500s, then delivered, every attempt the same message, each signed.
    const verifier = new Webhook(hook.secret);
    const events = () =>
      endpoint.received.map((r) => ({
        ...(verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { id?: string } }),
        id: r.headers["webhook-id"],
      }));
    await expect
      .poll(() => events().filter((e) => e.type === "credits.low").length, { timeout: 60_000, interval: 200 })
      .toBe(1);
    await expect
      .poll(() => events().filter((e) => e.type === "video.finished").length, { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(4);
    const finished = events().filter((e) => e.type === "video.finished" && e.data.id === first.id);
    expect(finished.length).toBe(3);
    expect(new Set(finished.map((e) => e.id)).size).toBe(1);
    const low = events().find((e) => e.type === "credits.low") as unknown as { data: { balance: number } };
    expect(low.data).toEqual({ balance: 8, below: WEBHOOKS.creditsLowBelow });
    // A body altered on the way fails the check.
    const sample = endpoint.received[0] as Received;
    expect(() => verifier.verify(`${sample.body} `, sample.headers as Record<string, string>)).toThrow();

    const log = await json(h.request(`/api/webhooks/${hook.id}/deliveries`, { cookie }));
    const firstLog = log.items.find((d: { id: string }) => d.id === finished[0]?.id);
    expect(firstLog).toMatchObject({ event: "video.finished", status: "delivered", attempts: 3, response_code: 200 });

    // Resend: the same message once more.
    const before = endpoint.received.length;
    const resent = await h.request(`/api/webhooks/${hook.id}/deliveries/${firstLog.id}/resend`, {
      method: "POST",
      cookie,
    });
    expect(resent.status).toBe(202);
    await expect.poll(() => endpoint.received.length, { timeout: 30_000, interval: 200 }).toBe(before + 1);
    expect(endpoint.received.at(-1)?.headers["webhook-id"]).toBe(firstLog.id);

    // Deleted: nothing more is sent, and its log is gone.
    expect((await h.request(`/api/webhooks/${hook.id}`, { method: "DELETE", cookie })).status).toBe(204);
    expect((await h.request(`/api/webhooks/${hook.id}/deliveries`, { cookie })).status).toBe(404);
  }, 120_000);

  it("refuses endpoints on private, loopback and link-local addresses, and what is not an http(s) URL", async () => {
    h = await createHarness("pglite", {}, { media: await testMedia(new TestRenderer()) });
    const { cookie } = await h.signUp("private@example.com");
    const add = (url: string) =>
      h.request("/api/webhooks", { method: "POST", body: JSON.stringify({ url, events: ["video.failed"] }), cookie });
    for (const url of [
      "http://127.0.0.1:9999/hook",
      "http://localhost/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://10.1.2.3/hook",
      "http://[::1]/hook",
      "http://[::ffff:192.168.0.1]/hook",
    ]) {
      const refused = await add(url);
      expect([url, refused.status, (await json(refused)).message]).toEqual([url, 400, messages.webhooks.urlPrivate]);
    }
    // A name that does not resolve is named as such, not as a private address.
    const unknown = await add("https://no-such-host.invalid/hook");
    expect([unknown.status, (await json(unknown)).message]).toEqual([400, messages.webhooks.urlUnresolved]);
    for (const url of ["ftp://example.com/hook", "not a url", "https://user:pass@example.com/hook"]) {
      const refused = await add(url);
      expect([url, refused.status, (await json(refused)).message]).toEqual([url, 400, messages.webhooks.urlInvalid]);
    }
    const none = await h.request("/api/webhooks", {
      method: "POST",
      body: JSON.stringify({ url: "https://example.com/hook", events: [] }),
      cookie,
    });
    expect((await json(none)).message).toBe(messages.webhooks.eventsRequired);
    expect((await json(h.request("/api/webhooks", { cookie }))).items).toEqual([]);
  });
});
