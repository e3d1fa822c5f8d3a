import type { CreditsSummary } from "@reelsmith/core";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { jsonResponse, mockApi, renderWithRouter } from "@/test/render";
import { UsageCard } from "./usage-card";

const summary: CreditsSummary = {
  balance: 290,
  planCredits: 270,
  permanentCredits: 20,
  period: { kind: "plan", start: "2026-03-10T12:00:00.000Z", end: "2026-04-10T12:00:00.000Z" },
  usage: { monthlyPlanCredits: 350, additionalCredits: 20, total: 370, used: 80, remaining: 290 },
  daily: [
    { date: "2026-03-10", spent: 6 },
    { date: "2026-03-11", spent: 0 },
    { date: "2026-03-12", spent: 74 },
  ],
};

describe("usage card", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows plan and additional credits, used of total and a bar per day with spend", async () => {
    mockApi({ "/api/credits": () => jsonResponse(200, summary) });
    renderWithRouter(<UsageCard />, { path: "/settings" });
    expect(await screen.findByText("290 credits available")).toBeTruthy();
    expect(screen.getByText("Monthly plan credits").nextElementSibling?.textContent).toBe("350");
    expect(screen.getByText("Additional credits").nextElementSibling?.textContent).toBe("20");
    expect(screen.getByText("Used 80 of 370")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Credits used this period" }).getAttribute("aria-valuenow")).toBe(
      "80",
    );
    expect(screen.getAllByTestId("spend-bar")).toHaveLength(2);
    expect(screen.getByRole("img", { name: "80 credits spent from Mar 10 to Mar 12" })).toBeTruthy();
    // The whole period is drawn: Mar 10 .. Apr 10 (exclusive) is 32 days, two with spend.
    expect(screen.getByText("Apr 10", { selector: "figcaption span" })).toBeTruthy();
    expect(screen.getByText("peak 74")).toBeTruthy();
    expect(screen.getByText("This period: March 10, 2026 – April 10, 2026")).toBeTruthy();
    // One figure says what is left, not two that disagree.
    expect(screen.getAllByText(/ left/)).toHaveLength(1);
    expect(screen.getByText(/270 plan credits left until/)).toBeTruthy();
  });

  it("shows a free creator what their credits are, without a 'Used 0 of 0' bar above what they spent", async () => {
    const free: CreditsSummary = {
      balance: 14,
      planCredits: 0,
      permanentCredits: 14,
      period: { kind: "month", start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" },
      usage: { monthlyPlanCredits: 0, additionalCredits: 0, total: 0, used: 0, remaining: 14 },
      daily: [{ date: "2026-11-25", spent: 6 }],
    };
    mockApi({ "/api/credits": () => jsonResponse(200, free) });
    renderWithRouter(<UsageCard />, { path: "/settings" });
    expect(await screen.findByText("14 credits available")).toBeTruthy();
    expect(screen.queryByText(/Used \d+ of/)).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(
      screen.getByText("No plan or purchased credits this month. 14 purchased and bonus credits that never expire."),
    ).toBeTruthy();
    expect(screen.getAllByTestId("spend-bar")).toHaveLength(1);
  });
});
