import { messages } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, json, ORIGIN } from "../harness.ts";

let h: Harness;
let cookie: string;

beforeAll(async () => {
  h = await createHarness("pglite");
  cookie = (await h.signUp("origin@example.com")).cookie;
});
afterAll(async () => {
  await h.close();
});

/** A request as a browser would send it, with exactly the headers given (no origin added). */
function send(path: string, method: string, headers: Record<string, string>, body?: RequestInit["body"]) {
  return Promise.resolve(h.ctx.app.request(`${ORIGIN}${path}`, { method, headers, ...(body ? { body } : {}) }));
}

function upload(): FormData {
  const form = new FormData();
  form.set("type", "product-image");
  form.set("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), "x.png");
  return form;
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  const body = await json(response);
  expect(body.code).toBe("FORBIDDEN");
  expect(body.message).toBe(messages.common.crossSiteRequest);
  expect(typeof body.requestId).toBe("string");
}

describe("state-changing requests from other sites", () => {
  it("refuses an upload posted from another site's page with the user's cookie", async () => {
    await expectRefused(await send("/api/files", "POST", { cookie, origin: "https://evil.example" }, upload()));
    await expectRefused(await send("/api/files", "POST", { cookie, origin: "null" }, upload()));
    const listed = await json(h.request("/api/files", { cookie }));
    expect(listed.items).toEqual([]);
  });

  it("refuses the test portal's cancel from a same-site page (Sec-Fetch-Site without Origin)", async () => {
    await expectRefused(
      await send("/api/billing/test-portal/cancel", "POST", { cookie, "sec-fetch-site": "same-site" }),
    );
    await expectRefused(
      await send("/api/files/00000000-0000-4000-8000-000000000000", "DELETE", {
        cookie,
        "sec-fetch-site": "cross-site",
      }),
    );
    await expectRefused(await send("/api/account", "PATCH", { cookie, origin: "http://localhost:3001" }));
  });

  it("refuses a request with cookies that proves no origin at all", async () => {
    await expectRefused(await send("/api/files", "POST", { cookie }, upload()));
  });

  it("lets the app's own pages through", async () => {
    const own = await send("/api/files/00000000-0000-4000-8000-000000000000", "DELETE", { cookie, origin: ORIGIN });
    expect(own.status).toBe(404);
    const sameOrigin = await send("/api/files/00000000-0000-4000-8000-000000000000", "DELETE", {
      cookie,
      "sec-fetch-site": "same-origin",
    });
    expect(sameOrigin.status).toBe(404);
  });

  it("lets reads and cookie-less clients through, and Stripe's signed webhook from anywhere", async () => {
    expect((await send("/api/files", "GET", { cookie, origin: "https://evil.example" })).status).toBe(200);
    const script = await send(
      "/api/auth/sign-in/email",
      "POST",
      { "content-type": "application/json" },
      JSON.stringify({
        email: "origin@example.com",
        password: "correct-horse-9",
      }),
    );
    expect(script.status).not.toBe(403);
    const webhook = await send(
      "/api/billing/webhooks/stripe",
      "POST",
      { origin: "https://evil.example", cookie },
      "{}",
    );
    expect(webhook.status).not.toBe(403);
  });
});
