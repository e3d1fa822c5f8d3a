import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** Each user's own referral code (made the first time they open the affiliate page; it never changes). */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who referred whom: one row per account made through a referral link. `first_paid_at` is set, once,
 * when the referred account first completes a payment (a plan or a top-up); that is when the referrer
 * earns the reward (ledger key `referral:<referredUserId>`).
 */
export const referrals = pgTable(
  "referrals",
  {
    referredUserId: text("referred_user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    referrerUserId: text("referrer_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerUserId),
    check("referrals_not_self", sql`${t.referrerUserId} <> ${t.referredUserId}`),
  ],
);
