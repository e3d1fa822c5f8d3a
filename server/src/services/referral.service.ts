import crypto from "node:crypto";
import { type Affiliate, REFERRAL_CODE_PATTERN } from "@reelsmith/core";
import type { Transaction } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";
import type { LedgerRow } from "../repositories/credits.repository.ts";
import type { ReferralRepository } from "../repositories/referral.repository.ts";
import type { CreditsService } from "./credits.service.ts";

/** Letters and digits that cannot be mistaken for one another when a code is read out or typed. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

/** Referral rewards one referrer can earn per UTC day unless configured otherwise. */
export const AFFILIATE_DAILY_REWARDS_DEFAULT = 5;

/**
 * The network an address key belongs to: an IPv4 address's /24 (one office, one home router's neighbours,
 * one small hosting block), an IPv6 key as it is (already its /64).
 */
export function networkOf(address: string): string {
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(address);
  return v4 ? `${v4[1]}.0/24` : address;
}

function randomCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/**
 * The affiliate programme: each user's referral link (a code that never changes), the accounts made
 * through it, and the referrer's reward when such an account first pays (a plan or a top-up), once per
 * referred account.
 */
export class ReferralService {
  constructor(
    private readonly referrals: ReferralRepository,
    private readonly credits: CreditsService,
    private readonly logger: Logger,
    private readonly options: {
      publicUrl: string;
      rewardCredits: number;
      /** Rewards per referrer and UTC day; default AFFILIATE_DAILY_REWARDS_DEFAULT. */
      dailyRewards?: number;
      /** E-mail confirmation is on: a referred account must have confirmed its address. */
      requireVerifiedEmail?: boolean;
      clock?: () => Date;
    },
  ) {}

  /** The user's code, made the first time it is asked for. */
  async codeOf(userId: string): Promise<string> {
    const existing = await this.referrals.codeOf(userId);
    if (existing) return existing;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await this.referrals.insertCode(userId, randomCode());
      // Another request may have made it meanwhile; whichever row exists is the user's code.
      const code = await this.referrals.codeOf(userId);
      if (code) return code;
    }
    throw new Error("could not make a unique referral code");
  }

  /** GET /api/affiliate: the link, the counts and what it has earned. */
  async summary(userId: string): Promise<Affiliate> {
    const code = await this.codeOf(userId);
    const [counts, earned] = await Promise.all([this.referrals.counts(userId), this.referrals.creditsEarned(userId)]);
    const link = new URL("/", this.options.publicUrl);
    link.searchParams.set("ref", code);
    return {
      code,
      link: link.toString(),
      signed_up: counts.signedUp,
      paid: counts.paid,
      credits_earned: earned,
      reward_credits: Math.max(0, this.options.rewardCredits),
    };
  }

  /**
   * A new account came through a referral link: remember who referred it. An unknown or malformed code,
   * the account's own code, or an account already attributed changes nothing (and never fails a sign-up).
   */
  async attribute(referredUserId: string, rawCode: unknown): Promise<boolean> {
    if (typeof rawCode !== "string") return false;
    const code = rawCode.trim().toUpperCase();
    if (!REFERRAL_CODE_PATTERN.test(code)) return false;
    const referrer = await this.referrals.ownerOfCode(code);
    if (!referrer || referrer === referredUserId) return false;
    const recorded = await this.referrals.insertReferral(referredUserId, referrer);
    if (recorded) this.logger.info({ referrer, referred: referredUserId }, "referred sign-up recorded");
    return recorded;
  }

  /**
   * Called where a payment is fulfilled, inside its transaction, after the payment is marked completed:
   * when this is the referred account's first completed payment, the referrer earns the reward (ledger key
   * `referral:<referredUserId>`). Returns the referrer's new ledger row, to announce after the commit.
   */
  async rewardFirstPayment(tx: Transaction, userId: string): Promise<LedgerRow | undefined> {
    if (!(await this.referrals.referrerOf(userId, tx))) return undefined;
    if (!(await this.referrals.hasCompletedPayment(tx, userId))) return undefined;
    const now = this.options.clock?.() ?? new Date();
    const referrer = await this.referrals.markFirstPaid(tx, userId, now);
    if (!referrer || this.options.rewardCredits <= 0) return undefined;
    const unpaid = await this.#notAnotherPerson(tx, referrer, userId);
    if (unpaid) {
      this.logger.info({ referrer, referred: userId, reason: unpaid }, "referral counted without a reward");
      return undefined;
    }
    const dailyRewards = this.options.dailyRewards ?? AFFILIATE_DAILY_REWARDS_DEFAULT;
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const row = await this.credits.grantReferralReward(
      tx,
      { referrerId: referrer, referredUserId: userId, credits: this.options.rewardCredits },
      async () => (await this.referrals.rewardsSince(tx, referrer, dayStart)) < dailyRewards,
    );
    if (row) this.logger.info({ referrer, referred: userId, credits: row.amount }, "referral reward granted");
    else this.logger.info({ referrer, referred: userId, dailyRewards }, "referral counted: daily rewards reached");
    return row;
  }

  /**
   * Why a paying referred account does not earn its referrer a reward, or null when it does: it must be
   * another person, as far as the server can tell. Its sign-up address must be known and on another network
   * than the referrer's sign-up (an IPv4 /24, an IPv6 /64), and with e-mail confirmation on its address
   * must be confirmed.
   */
  async #notAnotherPerson(tx: Transaction, referrer: string, referred: string): Promise<string | null> {
    if (this.options.requireVerifiedEmail && !(await this.referrals.emailVerified(referred, tx))) {
      return "e-mail not confirmed";
    }
    const referredAddress = await this.referrals.signupAddressOf(referred, tx);
    if (!referredAddress) return "sign-up address unknown";
    const referrerAddress = await this.referrals.signupAddressOf(referrer, tx);
    if (referrerAddress && networkOf(referrerAddress) === networkOf(referredAddress)) {
      return "same network as the referrer";
    }
    return null;
  }

  /** After the commit: the referrer's open screens show the new balance. */
  async announce(row: LedgerRow): Promise<void> {
    await this.credits.publishBalance(row.userId, row);
  }
}
