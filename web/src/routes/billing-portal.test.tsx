import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { jsonResponse, mockApi, renderWithRouter, responses, testAccount } from "@/test/render";
import { BillingPortalRoute } from "./billing-portal";

const subscriber = { ...testAccount, plan: { id: "PRO", name: "Pro" }, subscriptionStatus: "active" as const };

describe("/billing/portal", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["no user", { "/api/session": responses.signedOut }],
    ["no current plan", { "/api/session": () => responses.account() }],
    [
      "an error",
      {
        "/api/session": () => responses.account(subscriber),
        "POST /api/billing/portal": () => jsonResponse(502, { code: "PROVIDER_ERROR", message: "x", requestId: "r" }),
      },
    ],
    [
      "no URL",
      {
        "/api/session": () => responses.account(subscriber),
        "POST /api/billing/portal": () => jsonResponse(200, {}),
      },
    ],
  ])("goes to /pricing with %s", async (_name, routes) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchMock = mockApi(routes);
    const { router } = renderWithRouter(<BillingPortalRoute />, { path: "/billing/portal" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    if (_name === "no current plan" || _name === "no user") {
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/billing/portal"))).toBe(false);
    }
  });

  it("shows loading, then opens the portal URL", async () => {
    mockApi({
      "/api/session": () => responses.account(subscriber),
      "POST /api/billing/portal": () =>
        jsonResponse(200, { url: `${window.location.origin}/billing/test-portal?return=%2Fsettings` }),
    });
    const view = renderWithRouter(<BillingPortalRoute />, { path: "/billing/portal" });
    expect(view.getByText("Loading...")).toBeTruthy();
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/billing/test-portal"));
    expect(view.router.state.location.search).toBe("?return=%2Fsettings");
  });
});
