import { messages } from "@reelsmith/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerAnalyticsProvider } from "@/lib/analytics";
import { resetPublicConfig } from "@/lib/public-config";
import { jsonResponse, mockApi, renderWithRouter } from "@/test/render";
import { PricingScreen, type PricingViewer } from "./pricing-screen";

function show(viewer: PricingViewer) {
  return renderWithRouter(<PricingScreen viewer={viewer} contactAvailable />, { path: "/pricing" });
}
const card = (id: string) => screen.getByTestId(`plan-${id}`);
const button = (id: string) => within(card(id)).getByRole("button");

describe("pricing page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows Loading... while the account loads and Contact Us for enterprise", () => {
    mockApi({});
    show({ loading: true, signedIn: false, current: null });
    for (const id of ["STARTER", "PRO", "AGENCY"]) {
      expect(button(id).textContent).toBe("Loading...");
      expect(button(id)).toHaveProperty("disabled", true);
    }
    expect(within(card("enterprise")).getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe("/contact");
  });

  it("sends a signed-out visitor to /auth", async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = show({ loading: false, signedIn: false, current: null });
    expect(button("PRO").textContent).toBe("Choose Plan");
    await user.click(button("PRO"));
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("marks the current plan green, offers Downgrade below it and sends a subscriber to the portal", async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = show({ loading: false, signedIn: true, current: { planId: "PRO", interval: "month" } });
    expect(card("PRO").dataset.state).toBe("current");
    expect(card("PRO").className).toContain("border-success");
    expect(button("PRO").textContent).toBe("Current Plan");
    expect(button("PRO")).toHaveProperty("disabled", true);
    expect(button("STARTER").textContent).toBe("Downgrade");
    expect(button("AGENCY").textContent).toBe("Choose Plan");
    await user.click(button("AGENCY"));
    expect(router.state.location.pathname).toBe("/billing/portal");
  });

  it("prices annual plans at 10 months and applies HALFOFFWOW to the first payment", async () => {
    mockApi({});
    const user = userEvent.setup();
    show({ loading: false, signedIn: true, current: null });
    expect(within(card("PRO")).getByText("$49")).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: /Annual/ }));
    expect(within(card("PRO")).getByText("$40.83")).toBeTruthy();
    expect(within(card("PRO")).getByText("$490.00 billed yearly · save $98.00")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Apply code" }));
    expect(screen.getByText("HALFOFFWOW applied: 50% off your first payment")).toBeTruthy();
    expect(within(card("PRO")).getByText("First payment $245.00 with HALFOFFWOW")).toBeTruthy();
  });

  it("starts a plan checkout with the interval and code, reports InitiateCheckout and re-enables after an error", async () => {
    const fetchMock = mockApi({
      "POST /api/billing/checkout": [
        () =>
          jsonResponse(502, { code: "PROVIDER_ERROR", message: "Failed to create checkout session.", requestId: "r" }),
        () => jsonResponse(200, { url: `${window.location.origin}/checkout/test/p1` }),
      ],
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const seen: unknown[] = [];
    const unregister = registerAnalyticsProvider({
      name: "spy",
      pageView: () => {},
      event: (name, properties) => seen.push({ name, ...properties }),
    });
    const user = userEvent.setup();
    const { router } = show({ loading: false, signedIn: true, current: null });
    await user.click(screen.getByRole("button", { name: "Apply code" }));
    await user.click(button("STARTER"));
    await waitFor(() => expect(button("STARTER")).toHaveProperty("disabled", false));
    expect(errors).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/pricing");

    await user.click(button("STARTER"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/test/p1"));
    unregister();
    expect(seen).toEqual([{ name: "InitiateCheckout", value: 8.5, currency: "USD" }]);
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies[1]).toEqual({
      mode: "subscription",
      planId: "STARTER",
      interval: "month",
      promoCode: "HALFOFFWOW",
      successPath: "/settings",
      cancelPath: "/pricing",
    });
  });

  it("says payments are simulated only when the server runs the built-in test checkout", () => {
    mockApi({});
    resetPublicConfig();
    const view = show({ loading: false, signedIn: false, current: null });
    expect(screen.queryByText(messages.billing.testModeNotice)).toBeNull();
    view.unmount();

    const config = document.createElement("script");
    config.id = "reelsmith-config";
    config.type = "application/json";
    config.textContent = JSON.stringify({ publicUrl: "http://localhost:3000", payments: { mode: "test" } });
    document.head.append(config);
    resetPublicConfig();
    try {
      show({ loading: false, signedIn: false, current: null });
      expect(screen.getByRole("note").textContent).toContain(messages.billing.testModeNotice);
    } finally {
      config.remove();
      resetPublicConfig();
    }
  });

  it("lists the billing FAQ lines", () => {
    mockApi({});
    show({ loading: false, signedIn: false, current: null });
    expect(screen.getByText(/Upgrades apply immediately, with full payment/)).toBeTruthy();
    expect(screen.getByText(/Downgrades and cancellations take effect at the end of the billing period/)).toBeTruthy();
    expect(screen.getByText(/up to 50 additional credits per month/)).toBeTruthy();
  });
});
