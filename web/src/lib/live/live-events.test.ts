import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

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

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("live events when the server keeps a newer tab's stream", () => {
  beforeEach(() => {
    vi.resetModules();
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setVisibility("visible");
  });

  it("stays closed after `superseded` and opens again when the tab is shown", async () => {
    const { liveEvents } = await import("./live-events");
    const seen: unknown[] = [];
    const unsubscribe = liveEvents.subscribe((event) => seen.push(event));
    const first = FakeEventSource.instances[0];
    expect(first?.url).toBe("/api/events");

    setVisibility("hidden");
    first?.emit("superseded", { type: "superseded" });
    expect(first?.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);

    setVisibility("visible");
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.instances[1]?.emit("credits", { type: "credits", balance: 7 });
    expect(seen).toEqual([{ type: "credits", balance: 7 }]);
    unsubscribe();
    expect(FakeEventSource.instances[1]?.closed).toBe(true);
  });

  it("does not reopen for a tab whose subscribers all left", async () => {
    const { liveEvents } = await import("./live-events");
    const unsubscribe = liveEvents.subscribe(() => {});
    setVisibility("hidden");
    FakeEventSource.instances[0]?.emit("superseded", { type: "superseded" });
    unsubscribe();
    setVisibility("visible");
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
