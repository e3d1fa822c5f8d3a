import { RateLimiter } from "./rate-limit.ts";

/** How long an address the account signed in from stays known (in this process). */
const KNOWN_FOR_MS = 30 * 24 * 60 * 60 * 1000;
/** Known addresses kept per account, and accounts kept in all (the oldest go first). */
const KNOWN_PER_ACCOUNT = 20;
const KNOWN_ACCOUNTS = 50_000;
/** The account-wide bound is this many times the per-address one. */
const ACCOUNT_FACTOR = 10;

/**
 * Failed sign-ins, counted so that password guessing is slowed without letting a guesser lock the owner
 * out. Each account allows `max` attempts per window from one client address (an IPv6 /64): a guesser
 * there then waits, and the owner elsewhere does not. On top of it, guesses from many addresses at once
 * (a botnet) are bounded per account: `max` x 10 attempts per window from addresses the account has not
 * signed in from; past that only its known addresses (where it signed in successfully in the last 30
 * days, remembered by this process) still get through.
 */
export class SignInGuard {
  readonly #perAddress: RateLimiter;
  readonly #perAccount: RateLimiter;
  /** Account -> (address -> when it last signed in from there). */
  readonly #known = new Map<string, Map<string, number>>();

  constructor(
    limit: { max: number; windowSeconds: number },
    private readonly now: () => number = Date.now,
  ) {
    this.#perAddress = new RateLimiter(limit.max, limit.windowSeconds * 1000, now);
    this.#perAccount = new RateLimiter(limit.max * ACCOUNT_FACTOR, limit.windowSeconds * 1000, now);
  }

  /**
   * Counts a sign-in attempt before its password is checked (so parallel guesses cannot slip past);
   * returns the seconds to wait when it must not be tried, else 0.
   */
  attempt(account: string, address: string): number {
    const wait = this.#perAddress.hit(`${account} ${address}`);
    if (wait > 0) return wait;
    if (this.#isKnown(account, address)) return 0;
    return this.#perAccount.hit(account);
  }

  /** The right password from this address: its wrong ones are forgotten and the address is known from now on. */
  succeeded(account: string, address: string): void {
    this.#perAddress.reset(`${account} ${address}`);
    const known = this.#known.get(account) ?? new Map<string, number>();
    this.#known.delete(account);
    known.delete(address);
    known.set(address, this.now());
    while (known.size > KNOWN_PER_ACCOUNT) known.delete(known.keys().next().value as string);
    this.#known.set(account, known);
    while (this.#known.size > KNOWN_ACCOUNTS) this.#known.delete(this.#known.keys().next().value as string);
  }

  #isKnown(account: string, address: string): boolean {
    const since = this.#known.get(account)?.get(address);
    return since !== undefined && this.now() - since < KNOWN_FOR_MS;
  }
}
