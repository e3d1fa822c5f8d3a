import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** Spec entity subscriptions: one row per user. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status"),
    planId: text("plan_id"),
    priceId: text("price_id"),
    scheduledPlanId: text("scheduled_plan_id"),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    scheduledChangeType: text("scheduled_change_type"),
    scheduledChangeDate: timestamp("scheduled_change_date", { withTimezone: true }),
    provider: text("provider").notNull().default("test"),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id").unique(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "subscriptions_scheduled_change_type_check",
      sql`${t.scheduledChangeType} is null or ${t.scheduledChangeType} in ('downgrade', 'cancel')`,
    ),
  ],
);

/** Checkout sessions (top-ups and plan purchases) and their fulfilment state. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    mode: text("mode").notNull(),
    status: text("status").notNull().default("open"),
    planId: text("plan_id"),
    priceId: text("price_id"),
    quantity: integer("quantity").notNull().default(1),
    credits: integer("credits").notNull().default(0),
    amountCents: integer("amount_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    promoCode: text("promo_code"),
    metadata: jsonb("metadata").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("payments_user_created_idx").on(t.userId, t.createdAt),
    check("payments_mode_check", sql`${t.mode} in ('payment', 'subscription')`),
    check("payments_status_check", sql`${t.status} in ('open', 'completed', 'expired', 'cancelled')`),
    check("payments_quantity_check", sql`${t.quantity} >= 0`),
  ],
);

/** Provider webhook events, processed once per event id. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  payload: jsonb("payload").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});
