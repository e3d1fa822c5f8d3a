import type { SubscriptionView } from "@reelsmith/core";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { jsonResponse, mockApi, renderWithRouter } from "@/test/render";
import { SubscriptionCard } from "./subscription-card";

const none: SubscriptionView = {
  provider: "test",
  status: null,
  active: false,
  badge: "No Subscription",
  plan: null,
  interval: null,
  scheduledPlan: null,
  scheduledInterval: null,
  scheduledChangeType: null,
  scheduledChangeDate: null,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  priceCents: null,
};
const pro: SubscriptionView = {
  ...none,
  status: "active",
  active: true,
  badge: "Active",
  plan: { id: "PRO", name: "Pro" },
  interval: "month",
  currentPeriodStart: "2026-03-10T12:00:00.000Z",
  currentPeriodEnd: "2026-04-10T12:00:00.000Z",
  priceCents: 4900,
};

function show(view: SubscriptionView) {
  mockApi({ "/api/billing/subscription": () => jsonResponse(200, view) });
  return renderWithRouter(<SubscriptionCard />, { path: "/settings" });
}

describe("subscription card", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the Free Plan as inactive with Change Plan", async () => {
    show(none);
    expect(await screen.findByText("Free Plan")).toBeTruthy();
    expect(screen.getByText("Inactive")).toBeTruthy();
    expect(screen.getByText("0 credits/month")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Change Plan" }).getAttribute("href")).toBe("/pricing");
  });

  it("shows an active plan with Manage Billing and Manage Subscription", async () => {
    show(pro);
    expect(await screen.findByText("Pro")).toBeTruthy();
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.getByText("Renews on April 10, 2026.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage Billing" }).getAttribute("href")).toBe("/billing/portal");
    expect(screen.getByRole("link", { name: "Manage Subscription" })).toBeTruthy();
  });

  it("badges a scheduled downgrade and states its date", async () => {
    show({
      ...pro,
      badge: "Scheduled Downgrade",
      scheduledChangeType: "downgrade",
      scheduledPlan: { id: "STARTER", name: "Starter" },
      scheduledInterval: "month",
      scheduledChangeDate: "2026-04-10T12:00:00.000Z",
    });
    expect(await screen.findByText("Scheduled Downgrade")).toBeTruthy();
    expect(screen.getByTestId("scheduled-change-banner").textContent).toBe(
      "Your plan will change to Starter at the end of the billing period, on April 10, 2026.",
    );
  });

  it("badges a scheduled cancellation and states its date", async () => {
    show({
      ...pro,
      badge: "Scheduled Cancellation",
      scheduledChangeType: "cancel",
      scheduledChangeDate: "2026-04-10T12:00:00.000Z",
    });
    expect(await screen.findByText("Scheduled Cancellation")).toBeTruthy();
    expect(screen.getByTestId("scheduled-change-banner").textContent).toBe(
      "Your subscription will be cancelled at the end of the billing period, on April 10, 2026.",
    );
  });
});
