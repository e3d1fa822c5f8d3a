import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { generatedVideos } from "./videos.ts";

/**
 * Spec entity credits as an append-only ledger: signed amounts, a source, and a unique
 * idempotency key so a grant, spend or refund for one cause can never be written twice.
 * Balance = sum(amount) for the user.
 */
export const credits = pgTable(
  "credits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    source: text("source").notNull().default("adjustment"),
    notes: text("notes").notNull().default("manual add"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    videoId: uuid("video_id").references(() => generatedVideos.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credits_user_created_idx").on(t.userId, t.createdAt),
    check("credits_amount_nonzero", sql`${t.amount} <> 0`),
    check(
      "credits_source_check",
      sql`${t.source} in ('one_time', 'adjustment', 'pack', 'additional', 'top_up', 'signup_bonus', 'plan_grant', 'spend', 'refund')`,
    ),
    check("credits_spend_sign", sql`(${t.source} = 'spend') = (${t.amount} < 0) or ${t.source} = 'adjustment'`),
  ],
);
