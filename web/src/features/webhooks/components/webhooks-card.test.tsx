import { messages, type WebhookDelivery, type WebhookEndpoint } from "@reelsmith/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Toaster } from "@/components/ui/sonner";
import { ThemeProvider } from "@/lib/theme";

import { WebhooksCard } from "./webhooks-card";

/** The server at the network boundary: endpoints (a private address refused), a delivery log, resend, delete. */
function mockServer() {
  let endpoints: WebhookEndpoint[] = [];
  const log: WebhookDelivery[] = [
    {
      id: "d1",
      event: "video.finished",
      status: "delivered",
      attempts: 3,
      response_code: 200,
      error: null,
      created_at: "2026-11-30T12:00:00.000Z",
      last_attempt_at: "2026-11-30T12:00:07.000Z",
    },
  ];
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
      if (method === "POST" && url.pathname === "/api/webhooks") {
        if (body.url.includes("127.0.0.1")) {
          return reply(400, { code: "VALIDATION_FAILED", message: messages.webhooks.urlPrivate, requestId: "r" });
        }
        const made = {
          id: "e1",
          url: body.url,
          events: body.events,
          secret: "whsec_c2VjcmV0",
          created_at: "2026-11-30T12:00:00.000Z",
        };
        endpoints = [made];
        return reply(201, made);
      }
      if (url.pathname === "/api/webhooks") return reply(200, { items: endpoints });
      if (url.pathname === "/api/webhooks/e1/deliveries") return reply(200, { items: log });
      if (method === "POST" && url.pathname === "/api/webhooks/e1/deliveries/d1/resend") return reply(202);
      if (method === "DELETE" && url.pathname === "/api/webhooks/e1") {
        endpoints = [];
        return reply(204);
      }
      return reply(404, { code: "NOT_FOUND", message: "nope", requestId: "r" });
    }),
  );
  return calls;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <WebhooksCard />
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe("the webhooks card", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("adds an endpoint with its events, shows the server's refusal, opens the log, resends and deletes", async () => {
    const calls = mockServer();
    renderCard();
    expect(await screen.findByText(messages.webhooks.none)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: messages.webhooks.add }));
    const dialog = await screen.findByRole("dialog", { name: messages.webhooks.add });
    const url = within(dialog).getByRole("textbox", { name: messages.webhooks.urlLabel });
    // The server's refusal of a private address is shown in its words, in the dialog.
    fireEvent.change(url, { target: { value: "http://127.0.0.1/hook" } });
    fireEvent.click(within(dialog).getByRole("button", { name: messages.webhooks.add }));
    expect(await within(dialog).findByText(messages.webhooks.urlPrivate)).toBeTruthy();

    fireEvent.change(url, { target: { value: "https://hooks.example.com/reelsmith" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Credits run low/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: messages.webhooks.add }));
    const row = await screen.findByRole("listitem", { name: "https://hooks.example.com/reelsmith" });
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({
      url: "https://hooks.example.com/reelsmith",
      events: ["video.finished", "video.failed", "credits.low"],
    });

    fireEvent.click(within(row).getByRole("button", { name: messages.webhooks.deliveries }));
    const log = await within(row).findByRole("list", { name: messages.webhooks.deliveries });
    expect(within(log).getByText("delivered")).toBeTruthy();
    expect(within(log).getByText(/200 · 3 attempts/)).toBeTruthy();
    fireEvent.click(within(log).getByRole("button", { name: messages.webhooks.resend }));
    expect(await screen.findByText(messages.webhooks.resent)).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/webhooks/e1/deliveries/d1/resend")).toBe(true);

    fireEvent.click(within(row).getByRole("button", { name: messages.webhooks.delete }));
    const confirm = await screen.findByRole("dialog", { name: messages.webhooks.deleteTitle });
    fireEvent.click(within(confirm).getByRole("button", { name: messages.webhooks.delete }));
    expect(await screen.findByText(messages.webhooks.none)).toBeTruthy();
  });
});
