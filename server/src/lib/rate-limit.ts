import { rateLimited } from "./errors.ts";

/**
 * A fixed-window counter per key, in memory. Enough for one API process; behind several
 * processes each one limits on its own (the limit then applies per process).
 */
export class RateLimiter {
  readonly #hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    if (this.#hits.size > 10_000) this.#sweep(now);
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.#hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    entry.count += 1;
    return entry.count > this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /**
   * The one way a route applies a limit: counts a hit and, over the limit, throws the 429 refusal with `message` and
   * a `Retry-After` of the seconds left in the window.
   */
  enforce(key: string, message: string): void {
    const wait = this.hit(key);
    if (wait > 0) throw rateLimited(message, wait);
  }

  /** Forgets the key's hits (e.g. sign-in attempts once the right password was given). */
  reset(key: string): void {
    this.#hits.delete(key);
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}
