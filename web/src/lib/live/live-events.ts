import { type UserEvent, userEventSchema } from "@reelsmith/core";

export type LiveListener = (event: UserEvent) => void;

/**
 * One EventSource to `/api/events` per tab, shared by every subscriber and closed when the last one
 * leaves. The browser reconnects by itself after a dropped connection. The server keeps a few streams
 * per account and ends the oldest with `superseded` when another tab opens one: that tab then stays
 * closed (no reconnect that would push out another tab) until it is shown again.
 */
class LiveEvents {
  #source: EventSource | undefined;
  readonly #listeners = new Set<LiveListener>();
  #waitingForVisible = false;

  subscribe(listener: LiveListener): () => void {
    this.#listeners.add(listener);
    this.#open();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#close();
    };
  }

  #open(): void {
    if (this.#source || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    const onMessage = (message: MessageEvent<string>) => {
      let parsed: UserEvent;
      try {
        const result = userEventSchema.safeParse(JSON.parse(message.data));
        if (!result.success) return;
        parsed = result.data;
      } catch {
        return;
      }
      for (const listener of this.#listeners) listener(parsed);
    };
    for (const type of ["credits", "video", "subscription"] as const) source.addEventListener(type, onMessage);
    source.addEventListener("superseded", () => {
      this.#close();
      this.#reopenWhenVisible();
    });
    this.#source = source;
  }

  #reopenWhenVisible(): void {
    if (this.#waitingForVisible || typeof document === "undefined") return;
    this.#waitingForVisible = true;
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      document.removeEventListener("visibilitychange", onVisible);
      this.#waitingForVisible = false;
      if (this.#listeners.size > 0) this.#open();
    };
    document.addEventListener("visibilitychange", onVisible);
  }

  #close(): void {
    this.#source?.close();
    this.#source = undefined;
  }
}

export const liveEvents = new LiveEvents();
