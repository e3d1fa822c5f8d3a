import { z } from "zod";

/** A referral code: what follows `?ref=` in a referral link (letters and digits, case-insensitive). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{6,32}$/;
export const referralCodeSchema = z.string().trim().regex(REFERRAL_CODE_PATTERN);

/** GET /api/affiliate: the signed-in user's referral link and how it has done. */
export const affiliateSchema = z.object({
  /** The user's own code, the same every time. */
  code: z.string(),
  /** The full link to share: the site's root with `?ref=<code>`. */
  link: z.string(),
  /** Accounts made through the link. */
  signed_up: z.number().int(),
  /** Of those, accounts that have paid (a plan or a top-up). */
  paid: z.number().int(),
  /** Credits earned so far from referred accounts' first payments. */
  credits_earned: z.number().int(),
  /** Credits a referred account's first payment earns (0: the programme pays no credits on this server). */
  reward_credits: z.number().int(),
});
export type Affiliate = z.infer<typeof affiliateSchema>;
