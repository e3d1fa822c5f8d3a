import { type FreeCreditsStatus, SIGNUP_BONUS_CREDITS, SIGNUP_BONUS_DAILY_CAP } from "@reelsmith/core";
import { addressKey } from "../lib/client-ip.ts";
import type { Logger } from "../lib/logger.ts";
import type { SignupBonusRepository } from "../repositories/signup-bonus.repository.ts";
import type { CreditsService } from "./credits.service.ts";

/**
 * Bonuses per UTC day for an address of a private network (a LAN, an office or a class behind one router, a
 * self-hosted server reached through its Docker bridge or a local proxy): its people are the operator's own,
 * so the per-address cap is not theirs; this bound only keeps a script on the LAN from minting without end.
 */
export const SIGNUP_BONUS_LAN_DAILY_CAP = 200;
/** With e-mail confirmation on, a confirmed mailbox is the check: a public address's cap is this many times larger. */
const VERIFIED_CAP_FACTOR = 10;

/**
 * Whether an address key (lib/client-ip.ts: an IPv4 address, an IPv6 /64) belongs to a private network:
 * IPv4 10/8, 172.16/12, 192.168/16, loopback 127/8 and link-local 169.254/16; IPv6 loopback, unique-local
 * fc00::/7 and link-local fe80::/10.
 */
export function isPrivateAddress(key: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(key);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  if (!key.endsWith("::/64")) return false;
  const first = Number.parseInt(key.split(":")[0] ?? "", 16);
  // ::1 counts as the /64 "0:0:0:0::/64".
  return key === "0:0:0:0::/64" || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/** Settled users a process remembers, so their requests skip the claim lookup. */
const SETTLED_MEMORY = 50_000;

/**
 * When a new account gets its free credits. Sign-up records a pending claim with the client address; the
 * credits follow once the account is real:
 *
 * - with e-mail confirmation on (SMTP configured): when the e-mail address is confirmed;
 * - without it: at the account's first authenticated request (the app loads the account right after sign-up,
 *   so a new user sees the credits on the first screen);
 *
 * and in both cases only while the sign-up address (an IPv6 address by its /64) has had fewer than
 * `dailyCap` bonuses granted that UTC day (10 times as many with e-mail confirmation on, where the confirmed
 * mailbox is the check; {@link SIGNUP_BONUS_LAN_DAILY_CAP} for an address of a private network, so one office or
 * LAN behind one address is not left with 0; a cap of 0 gives none anywhere). Over the cap the claim is marked
 * `capped` for good: the account
 * works, with 0 credits. The grant and the decision are one transaction under a per-address lock, and the
 * ledger row is keyed `signup:<userId>`, so the credits are written at most once, across processes.
 */
export class SignupBonusService {
  readonly #settled = new Set<string>();

  constructor(
    private readonly claims: SignupBonusRepository,
    private readonly credits: CreditsService,
    private readonly logger: Logger,
    private readonly options: { verifyEmail: boolean; dailyCap?: number; clock?: () => Date },
  ) {}

  get verifyEmail(): boolean {
    return this.options.verifyEmail;
  }

  /** A new account from sign-up, and the client address it came from. Grants nothing yet. */
  async recordSignup(userId: string, ip: string): Promise<void> {
    await this.claims.insert(userId, addressKey(ip), this.#now());
  }

  /**
   * Decides a pending claim once the account qualifies (confirmed e-mail when confirmation is on). Safe to
   * call on every request: it costs one lookup per user and process until the claim is decided.
   */
  async settle(user: { id: string; emailVerified: boolean }): Promise<void> {
    if (this.#settled.has(user.id)) return;
    if (this.options.verifyEmail && !user.emailVerified) return;
    const publicCap =
      (this.options.dailyCap ?? SIGNUP_BONUS_DAILY_CAP) * (this.options.verifyEmail ? VERIFIED_CAP_FACTOR : 1);
    const outcome = await this.claims.transaction(async (tx) => {
      const claim = await this.claims.find(user.id, tx, true);
      if (claim?.status !== "pending") return { decided: true, granted: false };
      await this.claims.lockAddress(tx, claim.address);
      const cap = isPrivateAddress(claim.address) && publicCap > 0 ? SIGNUP_BONUS_LAN_DAILY_CAP : publicCap;
      const now = this.#now();
      const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      if ((await this.claims.countGranted(claim.address, dayStart, tx)) >= cap) {
        await this.claims.decide(user.id, "capped", now, tx);
        this.logger.info({ userId: user.id, address: claim.address, cap }, "sign-up credits capped for this address");
        return { decided: true, granted: false };
      }
      const row = await this.credits.grantSignupBonusIn(tx, user.id);
      await this.claims.decide(user.id, "granted", now, tx);
      return { decided: true, granted: Boolean(row) };
    });
    if (outcome.decided) this.#remember(user.id);
    if (outcome.granted) {
      await this.credits.publishBalance(user.id, { amount: SIGNUP_BONUS_CREDITS, source: "signup_bonus" });
    }
  }

  /** What the account shows about its free credits. Accounts from before the claims existed got them at creation. */
  async status(userId: string): Promise<FreeCreditsStatus> {
    const claim = await this.claims.find(userId);
    if (!claim || claim.status === "granted") return "granted";
    if (claim.status === "capped") return "capped";
    return "awaiting_verification";
  }

  #remember(userId: string): void {
    if (this.#settled.size >= SETTLED_MEMORY) this.#settled.clear();
    this.#settled.add(userId);
  }

  #now(): Date {
    return (this.options.clock ?? (() => new Date()))();
  }
}
