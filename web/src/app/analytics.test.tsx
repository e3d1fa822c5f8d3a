import { render } from "@testing-library/react";
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { Analytics, type AnalyticsProvider, createAnalytics } from "@/lib/analytics";
import { AnalyticsTracker } from "./analytics-tracker";

function recorder() {
  const calls: string[] = [];
  const provider: AnalyticsProvider = {
    name: "recorder",
    pageView: (url) => calls.push(`view ${url}`),
    event: (name, props) => calls.push(`${name} ${JSON.stringify(props)}`),
  };
  return { calls, provider };
}

afterEach(() => {
  delete window.fbq;
  delete window._fbq;
  delete window.plausible;
  for (const s of document.head.querySelectorAll("script[src]")) s.remove();
});

describe("analytics", () => {
  it("is off by default: no providers, no script", () => {
    const analytics = createAnalytics({ pixel: null, web: null });
    expect(analytics.enabled).toBe(false);
    analytics.pageView("/");
    expect(document.head.querySelector("script[src]")).toBeNull();
    expect(window.fbq).toBeUndefined();
  });

  it("loads the pixel script once and queues init, page views and InitiateCheckout", () => {
    const analytics = createAnalytics({
      pixel: { id: "px-42", scriptUrl: "https://pixel.example.com/p.js" },
      web: null,
    });
    analytics.pageView("/");
    analytics.initiateCheckout({ value: 3, currency: "USD" });
    expect(document.head.querySelectorAll('script[src="https://pixel.example.com/p.js"]')).toHaveLength(1);
    expect(window.fbq?.queue).toEqual([
      ["init", "px-42"],
      ["track", "PageView"],
      ["track", "InitiateCheckout", { value: 3, currency: "USD" }],
    ]);
  });

  it("sends custom events to the web-analytics script when it is configured", () => {
    const analytics = createAnalytics({
      pixel: null,
      web: { scriptUrl: "https://s.example.com/s.js", domain: "a.com" },
    });
    analytics.initiateCheckout({ value: 49, currency: "USD" });
    expect(window.plausible?.q).toEqual([["InitiateCheckout", { props: { value: 49, currency: "USD" } }]]);
  });

  it("keeps going when a provider throws", () => {
    const { calls, provider } = recorder();
    const broken: AnalyticsProvider = {
      name: "broken",
      pageView: () => {
        throw new Error("blocked");
      },
      event: () => {},
    };
    new Analytics([broken, provider]).pageView("/faq");
    expect(calls).toEqual(["view /faq"]);
  });

  it("sends a page view on every route change", async () => {
    const { calls, provider } = recorder();
    const instance = new Analytics([provider]);
    const router = createMemoryRouter([{ path: "*", element: <AnalyticsTracker instance={instance} /> }], {
      initialEntries: ["/"],
    });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate("/faq"));
    await act(() => router.navigate("/blog?tag=hooks"));
    await act(() => router.navigate("/blog?tag=hooks"));
    expect(calls).toEqual(["view /", "view /faq", "view /blog?tag=hooks"]);
  });
});
