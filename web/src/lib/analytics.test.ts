import { afterEach, describe, expect, it, vi } from "vitest";

import { analytics, analyticsEnabled, registerAnalyticsProvider } from "./analytics";

describe("analytics", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });

  it("is off by default: calls do nothing without a provider", () => {
    expect(analyticsEnabled()).toBe(false);
    expect(() => analytics.initiateCheckout({ value: 2, currency: "USD" })).not.toThrow();
    expect(() => analytics.pageView("/pricing")).not.toThrow();
  });

  it("hands events to registered providers and survives a broken one", () => {
    const seen: unknown[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    cleanups.push(
      registerAnalyticsProvider({
        name: "broken",
        initiateCheckout: () => {
          throw new Error("pixel blocked");
        },
      }),
      registerAnalyticsProvider({
        name: "pixel",
        pageView: (p) => seen.push(p),
        initiateCheckout: (e) => seen.push(e),
      }),
    );
    expect(analyticsEnabled()).toBe(true);
    analytics.pageView("/pricing");
    analytics.initiateCheckout({ value: 3, currency: "USD" });
    expect(seen).toEqual(["/pricing", { value: 3, currency: "USD" }]);
    expect(warn).toHaveBeenCalledOnce();
  });
});
