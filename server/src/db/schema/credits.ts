import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys.ts";
import { user } from "./auth.ts";
import { generatedVideos } from "./videos.ts";

/**
 * Spec entity credits as an append-only ledger: signed amounts, a source, and a unique
 * idempotency key so a grant, spend or refund for one cause can never be written twice.
 * Balance = sum(amount) for the user. `plan_amount` is the part of a row that moves the user's plan
 * credits (which expire at the end of each monthly cycle); the rest moves permanent credits (bonus,
 * purchases, refunds), which never expire. Plan credits = sum(plan_amount); both parts stay >= 0.
 */
export const credits = pgTable(
  "credits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    planAmount: integer("plan_amount").notNull().default(0),
    source: text("source").notNull().default("adjustment"),
    notes: text("notes").notNull().default("manual add"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    videoId: uuid("video_id").references(() => generatedVideos.id, { onDelete: "set null" }),
    /** The API key a spend was made with; null for the web app (a session) and for every other source. */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credits_user_created_idx").on(t.userId, t.createdAt),
    // A video's refund, read with every failed video a list or a player shows.
    index("credits_video_refund_idx").on(t.videoId).where(sql`${t.source} = 'refund'`),
    check("credits_amount_nonzero", sql`${t.amount} <> 0`),
    check(
      "credits_source_check",
      sql`${t.source} in ('one_time', 'adjustment', 'pack', 'additional', 'top_up', 'signup_bonus', 'plan_grant', 'plan_expiry', 'spend', 'refund', 'referral_reward')`,
    ),
    check(
      "credits_amount_sign",
      sql`${t.source} = 'adjustment' or (${t.source} in ('spend', 'plan_expiry')) = (${t.amount} < 0)`,
    ),
    check(
      "credits_plan_amount_check",
      sql`case when ${t.source} in ('plan_grant', 'plan_expiry') then ${t.planAmount} = ${t.amount} when ${t.source} in ('spend', 'refund') then abs(${t.planAmount}) <= abs(${t.amount}) and ${t.planAmount} * ${t.amount} >= 0 else ${t.planAmount} = 0 end`,
    ),
  ],
);

/**
 * The 20 free credits of each account created through sign-up, and the client address it signed up from
 * (an IPv6 address by its /64). `pending` until they are granted: after the e-mail is confirmed when e-mail
 * confirmation is on, else at the account's first authenticated request. `capped` when the address already had
 * the day's allowance of bonuses (counted over rows `granted` that UTC day); the decision is final.
 */
export const signupBonusClaims = pgTable(
  "signup_bonus_claims",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("signup_bonus_claims_address_decided_idx").on(t.address, t.decidedAt),
    check("signup_bonus_claims_status_check", sql`${t.status} in ('pending', 'granted', 'capped')`),
  ],
);
