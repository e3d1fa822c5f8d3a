import { messages, type TopUpStatus } from "@reelsmith/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { registerAnalyticsProvider } from "@/lib/analytics";
import { jsonResponse, mockApi, renderWithRouter } from "@/test/render";
import { BuyCreditsDialog } from "./buy-credits-dialog";

function status(overrides: Partial<TopUpStatus> = {}): TopUpStatus {
  return {
    packCredits: 10,
    packPriceCents: 300,
    maxPacksPerPurchase: 5,
    monthlyCap: 50,
    purchasedThisMonth: 20,
    reservedThisMonth: 0,
    remainingCap: 30,
    maxQuantity: 3,
    monthStart: "2026-03-01T00:00:00.000Z",
    monthEnd: "2026-04-01T00:00:00.000Z",
    pendingOrders: [],
    ...overrides,
  };
}

const error = (status: number, body: object) => () => jsonResponse(status, { requestId: "r1", ...body });

function open(signedIn = true) {
  return renderWithRouter(<BuyCreditsDialog open onOpenChange={() => {}} signedIn={signedIn} />, { path: "/home" });
}

const payButton = () => screen.getByRole("button", { name: /^Pay|Loading/ });

describe("buy credits dialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads this month's purchases, clamps the quantity to the cap and totals with two decimals", async () => {
    mockApi({ "/api/billing/top-up": () => jsonResponse(200, status()) });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText("One-time credits this month: 20 of 50")).toBeTruthy();
    expect(screen.getByText("Up to 3 right now")).toBeTruthy();
    expect(screen.getByTestId("top-up-total").textContent).toBe("$3.00");

    await user.click(screen.getByRole("button", { name: "One pack more" }));
    await user.click(screen.getByRole("button", { name: "One pack more" }));
    expect(screen.getByTestId("top-up-total").textContent).toBe("$9.00");
    expect(screen.getByRole("button", { name: "One pack more" })).toHaveProperty("disabled", true);

    const input = screen.getByRole("spinbutton", { name: /Packs/ });
    await user.clear(input);
    await user.type(input, "9");
    expect((input as HTMLInputElement).value).toBe("3");

    await user.clear(input);
    expect((input as HTMLInputElement).value).toBe("0");
    expect(screen.getByText(messages.billing.nothingToPurchase)).toBeTruthy();
    expect(payButton()).toHaveProperty("disabled", true);
    expect(screen.getByTestId("top-up-total").textContent).toBe("$0.00");
  });

  it("says the monthly limit is reached and keeps Pay disabled", async () => {
    mockApi({
      "/api/billing/top-up": () =>
        jsonResponse(200, status({ purchasedThisMonth: 50, remainingCap: 0, maxQuantity: 0 })),
    });
    open();
    expect(await screen.findByText(messages.billing.monthlyLimitReached)).toBeTruthy();
    expect(payButton()).toHaveProperty("disabled", true);
  });

  it("asks a signed-out visitor to sign in", async () => {
    mockApi({});
    open(false);
    expect(screen.getAllByText(messages.billing.signInToPurchase).length).toBeGreaterThan(0);
    expect(payButton()).toHaveProperty("disabled", true);
  });

  it("starts the checkout, reports InitiateCheckout with the quantity and goes to the checkout page", async () => {
    const fetchMock = mockApi({
      "/api/billing/top-up": () => jsonResponse(200, status()),
      "POST /api/billing/checkout": () => jsonResponse(200, { url: `${window.location.origin}/checkout/test/abc` }),
    });
    const seen: unknown[] = [];
    const unregister = registerAnalyticsProvider({
      name: "spy",
      pageView: () => {},
      event: (name, properties) => seen.push({ name, ...properties }),
    });
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByText("Up to 3 right now");
    await user.click(screen.getByRole("button", { name: "One pack more" }));
    await user.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/test/abc"));
    unregister();
    expect(seen).toEqual([{ name: "InitiateCheckout", value: 2, currency: "USD" }]);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/api/billing/checkout")) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      mode: "payment",
      quantity: 2,
      successPath: "/home",
      cancelPath: "/home",
    });
  });

  const pending = {
    id: "0b9c4a52-3f1e-4d8a-9a43-6c1a8f7e2d10",
    quantity: 5,
    credits: 50,
    amountCents: 1500,
    currency: "USD",
    createdAt: "2026-03-10T12:00:00.000Z",
    expiresAt: "2026-03-10T12:30:00.000Z",
    resumeUrl: "/checkout/test/0b9c4a52-3f1e-4d8a-9a43-6c1a8f7e2d10",
  };
  const held = status({
    purchasedThisMonth: 0,
    reservedThisMonth: 50,
    remainingCap: 0,
    maxQuantity: 0,
    pendingOrders: [pending],
  });
  const pendingOrder = () => screen.findByRole("listitem", { name: "Pending order of 50 credits" });

  it("shows a checkout left unpaid as a pending order and resumes it on its page", async () => {
    mockApi({ "/api/billing/top-up": () => jsonResponse(200, held) });
    const user = userEvent.setup();
    const { router } = open();
    const order = await pendingOrder();
    expect(screen.getByText(messages.billing.pendingOrders)).toBeTruthy();
    expect(order.textContent).toContain("50 credits · $15.00");
    const [started, until] = order.querySelectorAll("time");
    expect(started?.getAttribute("dateTime")).toBe(pending.createdAt);
    expect(until?.getAttribute("dateTime")).toBe(pending.expiresAt);
    // The limit is held by the order, so it says so and offers the way out.
    expect(screen.getByText(messages.billing.monthlyLimitReached)).toBeTruthy();

    await user.click(within(order).getByRole("button", { name: messages.billing.resumeOrder }));
    await waitFor(() => expect(router.state.location.pathname).toBe(pending.resumeUrl));
  });

  it("cancels a pending order, frees its credits and lets the user buy again", async () => {
    const fetchMock = mockApi({
      "/api/billing/top-up": [
        () => jsonResponse(200, held),
        () => jsonResponse(200, status({ purchasedThisMonth: 0, remainingCap: 50, maxQuantity: 5 })),
      ],
      [`POST /api/billing/checkouts/${pending.id}/cancel`]: () =>
        jsonResponse(200, { id: pending.id, status: "cancelled" }),
    });
    const user = userEvent.setup();
    open();
    const order = await pendingOrder();
    expect(payButton()).toHaveProperty("disabled", true);
    await user.click(within(order).getByRole("button", { name: messages.billing.cancelOrder }));
    expect(await screen.findByText(messages.billing.orderCancelled)).toBeTruthy();
    expect(await screen.findByText("Up to 5 right now")).toBeTruthy();
    expect(screen.queryByText(messages.billing.pendingOrders)).toBeNull();
    expect(payButton()).toHaveProperty("disabled", false);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/cancel"))).toHaveLength(1);
  });

  it("says when the order was paid meanwhile instead of cancelling it", async () => {
    mockApi({
      "/api/billing/top-up": () => jsonResponse(200, held),
      [`POST /api/billing/checkouts/${pending.id}/cancel`]: error(409, {
        code: "CONFLICT",
        message: messages.billing.orderAlreadyPaid,
      }),
    });
    const user = userEvent.setup();
    open();
    await user.click(within(await pendingOrder()).getByRole("button", { name: messages.billing.cancelOrder }));
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((a) => a.textContent)).toContain(messages.billing.orderAlreadyPaid);
  });

  it.each([
    [
      "a cap refusal",
      error(409, { code: "LIMIT_REACHED", message: "x", maxQuantityAllowed: 1, remainingCap: 10 }),
      "You can buy at most 1 packs right now (10 credits remaining this month).",
    ],
    [
      "a cap refusal with nothing left",
      error(409, { code: "LIMIT_REACHED", message: "x", maxQuantityAllowed: 0, remainingCap: 0 }),
      messages.billing.monthlyLimitReached,
    ],
    [
      "a provider failure",
      error(502, { code: "PROVIDER_ERROR", message: messages.billing.checkoutFailed }),
      messages.billing.checkoutFailed,
    ],
    ["an answer without a URL", () => jsonResponse(200, {}), messages.billing.noCheckoutUrl],
    [
      "a lost session",
      error(401, { code: "UNAUTHORIZED", message: "Please sign in to continue." }),
      messages.billing.signInToPurchase,
    ],
  ])("shows the spec's message for %s and re-enables Pay", async (_name, answer, message) => {
    mockApi({ "/api/billing/top-up": () => jsonResponse(200, status()), "POST /api/billing/checkout": answer });
    const user = userEvent.setup();
    open();
    await screen.findByText("Up to 3 right now");
    await user.click(payButton());
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((a) => a.textContent)).toContain(message);
    await waitFor(() => expect(payButton()).toHaveProperty("disabled", false));
  });
});
