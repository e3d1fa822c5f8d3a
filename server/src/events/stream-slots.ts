/** How many event streams one account may hold open at once in one process: about one per open tab. */
export const MAX_STREAMS_PER_USER = 6;

/**
 * The open event streams of each user. Opening one past the limit ends the user's oldest (it is sent
 * `superseded` and closed), so the newest tab always gets live updates and no account can hold more
 * than `max` connections, subscriptions and heartbeat timers. A stream gives its slot back when it ends.
 */
export class StreamSlots {
  readonly #open = new Map<string, Set<AbortController>>();

  constructor(readonly max: number = MAX_STREAMS_PER_USER) {
    if (!Number.isInteger(max) || max < 1) throw new Error("At least one event stream per user is needed.");
  }

  /** A slot for a new stream of `userId`; its signal aborts when a newer stream takes the slot over. */
  take(userId: string): AbortController {
    let streams = this.#open.get(userId);
    if (!streams) {
      streams = new Set();
      this.#open.set(userId, streams);
    }
    while (streams.size >= this.max) {
      const oldest = streams.values().next().value as AbortController;
      streams.delete(oldest);
      oldest.abort();
    }
    const slot = new AbortController();
    streams.add(slot);
    return slot;
  }

  release(userId: string, slot: AbortController): void {
    const streams = this.#open.get(userId);
    if (!streams?.delete(slot)) return;
    if (streams.size === 0) this.#open.delete(userId);
  }

  count(userId: string): number {
    return this.#open.get(userId)?.size ?? 0;
  }

  /** Users with at least one open stream. */
  get users(): number {
    return this.#open.size;
  }
}
