import { EventEmitter } from "node:events";
import type { UserEvent } from "@reelsmith/core";

export type UserEventListener = (event: UserEvent) => void;

/**
 * Per-user event fan-out for the live stream. The embedded default delivers in process; with
 * PostgreSQL several API and worker processes share one channel through LISTEN/NOTIFY.
 */
export interface EventBus {
  /** Delivers to every subscriber of the user, in every process sharing the bus. Never throws. */
  publish(userId: string, event: UserEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: UserEventListener): () => void;
  /** Number of live subscriptions in this process (health and tests). */
  readonly listenerCount: number;
  close(): Promise<void>;
}

/** Delivery to the listeners of this process; the building block of every bus. */
export class LocalFanout {
  readonly #emitter = new EventEmitter();
  #count = 0;

  constructor() {
    // One listener per open browser tab; the default warning at 10 is not a leak here.
    this.#emitter.setMaxListeners(0);
  }

  deliver(userId: string, event: UserEvent): void {
    this.#emitter.emit(userId, event);
  }

  subscribe(userId: string, listener: UserEventListener): () => void {
    // One failing subscriber (a closed stream) must not keep the others from hearing the event.
    const safe: UserEventListener = (event) => {
      try {
        listener(event);
      } catch {
        // the subscriber's own problem; it unsubscribes itself when its stream closes
      }
    };
    this.#emitter.on(userId, safe);
    this.#count += 1;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.#count -= 1;
      this.#emitter.off(userId, safe);
    };
  }

  get count(): number {
    return this.#count;
  }
}

export class InProcessEventBus implements EventBus {
  readonly #local = new LocalFanout();

  async publish(userId: string, event: UserEvent): Promise<void> {
    this.#local.deliver(userId, event);
  }

  subscribe(userId: string, listener: UserEventListener): () => void {
    return this.#local.subscribe(userId, listener);
  }

  get listenerCount(): number {
    return this.#local.count;
  }

  async close(): Promise<void> {}
}
