import { CREDITS_REFRESH_DEBOUNCE_MS } from "@reelsmith/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { accountQueryKey } from "@/lib/query-keys";

import { announceCreditsUpdated, useLiveUpdates } from "./use-live-updates";

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

describe("live updates", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function setup() {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => useLiveUpdates(), { wrapper });
    return { invalidate, hook };
  }

  it("turns server credit events into one debounced account refresh and a credits-updated event", () => {
    const { invalidate } = setup();
    const seen: unknown[] = [];
    window.addEventListener("credits-updated", (e) => seen.push((e as CustomEvent).detail));
    const source = FakeEventSource.instances[0];
    expect(source?.url).toBe("/api/events");

    source?.emit("credits", { type: "credits", balance: 14, change: { amount: -6, source: "spend" } });
    source?.emit("credits", { type: "credits", balance: 34, change: { amount: 20, source: "top_up" } });
    expect(seen).toEqual([
      { newCredits: 14, changeType: "spend", amount: -6 },
      { newCredits: 34, changeType: "top_up", amount: 20 },
    ]);
    vi.advanceTimersByTime(CREDITS_REFRESH_DEBOUNCE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // One refresh: the account, the credits summary and billing, once each.
    expect(invalidate).toHaveBeenCalledTimes(3);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: accountQueryKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["credits"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["billing"] });
  });

  it("refreshes on a credits-updated event fired by any screen, ignores malformed data, closes on unmount", () => {
    const { invalidate, hook } = setup();
    const source = FakeEventSource.instances[0];
    source?.emit("credits", { type: "credits", balance: "lots" });
    vi.advanceTimersByTime(CREDITS_REFRESH_DEBOUNCE_MS);
    expect(invalidate).not.toHaveBeenCalled();

    announceCreditsUpdated({ changeType: "manual" });
    vi.advanceTimersByTime(CREDITS_REFRESH_DEBOUNCE_MS);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: accountQueryKey });
    expect(invalidate).toHaveBeenCalledTimes(3);

    hook.unmount();
    expect(source?.closed).toBe(true);
  });
});
