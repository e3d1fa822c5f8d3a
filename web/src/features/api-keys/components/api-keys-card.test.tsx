import { type ApiKey, messages } from "@reelsmith/core";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { renderWithRouter } from "@/test/render";

import { ApiKeysCard } from "./api-keys-card";

const WHOLE_KEY = `rsk_${"A".repeat(43)}`;

/** The server at the network boundary: list, create (answers the whole key once) and revoke, recording each call. */
function mockServer() {
  let items: ApiKey[] = [];
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const reply = (status: number, answer?: unknown) =>
        new Response(answer === undefined ? null : JSON.stringify(answer), {
          status,
          headers: { "content-type": "application/json" },
        });
      if (method === "POST" && url.pathname === "/api/api-keys") {
        const made: ApiKey = {
          id: crypto.randomUUID(),
          name: body.name,
          prefix: WHOLE_KEY.slice(0, 10),
          scopes: body.scopes,
          created_at: "2026-11-30T12:00:00.000Z",
          last_used_at: null,
          expires_at: body.expires_in_days ? "2026-12-30T12:00:00.000Z" : null,
        };
        items = [made, ...items];
        return reply(201, { ...made, key: WHOLE_KEY });
      }
      const one = /^\/api\/api-keys\/([^/]+)$/.exec(url.pathname);
      if (method === "DELETE" && one) {
        items = items.filter((k) => k.id !== one[1]);
        return reply(204);
      }
      if (url.pathname === "/api/api-keys") return reply(200, { items });
      return reply(404, { code: "NOT_FOUND", message: "nope", requestId: "r" });
    }),
  );
  return calls;
}

function renderCard() {
  return renderWithRouter(<ApiKeysCard />, { path: "/settings" });
}

describe("the API keys card", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("makes a key with its name and scopes, shows it whole once, lists its start and revokes it after asking", async () => {
    const calls = mockServer();
    renderCard();
    expect(await screen.findByText(messages.apiKeys.none)).toBeTruthy();
    expect(screen.getByRole("link", { name: messages.apiKeys.docs }).getAttribute("href")).toBe("/docs/api");

    fireEvent.click(screen.getByRole("button", { name: messages.apiKeys.create }));
    let dialog = await screen.findByRole("dialog", { name: messages.apiKeys.create });
    // Nothing is sent without a name: the field says why.
    fireEvent.click(within(dialog).getByRole("button", { name: messages.apiKeys.create }));
    expect(await within(dialog).findByText(messages.apiKeys.nameRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByRole("textbox", { name: messages.apiKeys.nameLabel }), {
      target: { value: "Dashboard" },
    });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: messages.apiKeys.scopeCreate }));
    fireEvent.click(within(dialog).getByRole("button", { name: messages.apiKeys.create }));

    dialog = await screen.findByRole("dialog", { name: "Dashboard" });
    expect(within(dialog).getByText(messages.apiKeys.shownOnce)).toBeTruthy();
    expect((within(dialog).getByRole("textbox") as HTMLInputElement).value).toBe(WHOLE_KEY);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Dashboard",
      scopes: ["read"],
      expires_in_days: null,
    });
    fireEvent.click(within(dialog).getByRole("button", { name: messages.apiKeys.done }));

    // The list shows the key's start, never the whole key.
    const row = await screen.findByRole("listitem");
    expect(within(row).getByText("Dashboard")).toBeTruthy();
    expect(within(row).getByText(`${WHOLE_KEY.slice(0, 10)}…`)).toBeTruthy();
    expect(within(row).getByText(messages.apiKeys.neverUsed, { exact: false })).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText(WHOLE_KEY)).toBeNull());

    fireEvent.click(within(row).getByRole("button", { name: messages.apiKeys.revoke }));
    const confirm = await screen.findByRole("dialog", { name: messages.apiKeys.revokeTitle("Dashboard") });
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(row).getByRole("button", { name: messages.apiKeys.revoke }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: messages.apiKeys.revokeTitle("Dashboard") })).getByRole(
        "button",
        { name: messages.apiKeys.revoke },
      ),
    );
    expect(await screen.findByText(messages.apiKeys.revoked)).toBeTruthy();
    expect(await screen.findByText(messages.apiKeys.none)).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toHaveLength(1);
  });
});
