import type { Account } from "@reelsmith/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";

import { createQueryClient } from "@/app/query-client";
import { routes } from "@/app/router";
import { Toaster } from "@/components/ui/sonner";
import { ThemeProvider } from "@/lib/theme";
import { otherApi } from "./api-mocks";

export const testAccount: Account = {
  user: { id: "u_1", email: "maya.reed@example.com", name: "Maya Reed", image: null },
  credits: 20,
  plan: null,
  subscriptionStatus: "none",
  videosCreated: 2,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export { json as jsonResponse };

export const responses = {
  /** `/api/session` for a signed-in user. */
  account: (account: Account = testAccount) => json(200, { account }),
  /** `/api/session` for a visitor. */
  signedOut: () => json(200, { account: null }),
  serverError: () => json(500, { code: "INTERNAL", message: "Something went wrong.", requestId: "r2" }),
};

export { otherApi };

/**
 * Mocks fetch at the network boundary. `answers` answer each call to /api/session in turn
 * (the last answer repeats).
 */
export function mockAccountApi(...answers: Array<() => Response | Promise<Response>>) {
  let call = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.includes("/api/videos?")) {
      // Screens that list videos (Home, Finished Videos) see an empty library.
      return new Response(JSON.stringify({ items: [], total: 0, counts: { processing: 0, finished: 0, failed: 0 } }), {
        headers: { "content-type": "application/json" },
      });
    }
    const path = url.replace(/^https?:\/\/[^/]+/, "");
    const other = otherApi[path];
    if (other) return other(init);
    if (path === "/api/showcase") return json(200, { version: 1, generatedAt: null, clips: [] });
    if (!url.endsWith("/api/session")) throw new Error(`Unexpected fetch in test: ${url}`);
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (!answer) throw new Error("No answer configured");
    return answer();
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** How many times the account was fetched through a mock made by mockAccountApi. */
export function accountFetches(fetchMock: ReturnType<typeof mockAccountApi>): number {
  return fetchMock.mock.calls.filter(([input]) =>
    String(input instanceof Request ? input.url : input).endsWith("/api/session"),
  ).length;
}

type Answer = () => Response | Promise<Response>;

/**
 * Mocks fetch at the network boundary for several endpoints: `routes` maps a path (the URL's path and
 * query) to its answers, given in turn (the last repeats). Any other call fails the test loudly.
 */
export function mockApi(routes: Record<string, Answer | Answer[]>) {
  const calls = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://x");
    const key = `${url.pathname}${url.search}`;
    const entry = routes[`${init?.method ?? "GET"} ${key}`] ?? routes[key];
    if (!entry) throw new Error(`Unexpected fetch in test: ${init?.method ?? "GET"} ${key}`);
    const answers = Array.isArray(entry) ? entry : [entry];
    const n = calls.get(key) ?? 0;
    calls.set(key, n + 1);
    const answer = answers[Math.min(n, answers.length - 1)];
    if (!answer) throw new Error("No answer configured");
    return answer();
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Renders the real route table in memory at `path`, with the app's providers. */
export function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * Renders one screen inside a memory router whose every path shows it, with the app's providers, so a
 * test can read where the screen navigated to from `router.state.location`.
 */
export function renderWithRouter(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  const result = render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, router, queryClient };
}
