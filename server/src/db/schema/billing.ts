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
    /** month or year; the scheduled interval goes with a scheduled plan change. */
    billingInterval: text("billing_interval").notNull().default("month"),
    scheduledInterval: text("scheduled_interval"),
    /** The open monthly plan-credit cycle; null when none is open (no plan, or ended). */
    creditsCycleStart: timestamp("credits_cycle_start", { withTimezone: true }),
    creditsCycleEnd: timestamp("credits_cycle_end", { withTimezone: true }),
    /** True once the current period has been paid for: plan credits are granted only then. */
    currentPeriodPaid: boolean("current_period_paid").notNull().default(false),
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
    check("subscriptions_billing_interval_check", sql`${t.billingInterval} in ('month', 'year')`),
    check(
      "subscriptions_scheduled_interval_check",
      sql`${t.scheduledInterval} is null or ${t.scheduledInterval} in ('month', 'year')`,
    ),
    check("subscriptions_provider_check", sql`${t.provider} in ('test', 'stripe')`),
    index("subscriptions_credits_cycle_end_idx").on(t.creditsCycleEnd),
    index("subscriptions_current_period_end_idx").on(t.currentPeriodEnd),
  ],
);

/**
 * Checkout sessions (top-ups and plan purchases) and their fulfilment state, plus the charges the
 * built-in test provider makes on its own (renewals, upgrades). An open top-up checkout reserves its
 * credits against the monthly cap until `expires_at`.
 */
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
    billingInterval: text("billing_interval"),
    quantity: integer("quantity").notNull().default(1),
    credits: integer("credits").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    /** What is charged: subtotal - discount. */
    amountCents: integer("amount_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    promoCode: text("promo_code"),
    providerPaymentIntentId: text("provider_payment_intent_id"),
    checkoutUrl: text("checkout_url"),
    successPath: text("success_path"),
    cancelPath: text("cancel_path"),
    metadata: jsonb("metadata").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("payments_user_created_idx").on(t.userId, t.createdAt),
    check("payments_mode_check", sql`${t.mode} in ('payment', 'subscription')`),
    check("payments_status_check", sql`${t.status} in ('open', 'completed', 'expired', 'cancelled', 'refunded')`),
    check("payments_quantity_check", sql`${t.quantity} >= 0`),
    check("payments_credits_check", sql`${t.credits} >= 0`),
    check(
      "payments_amounts_check",
      sql`${t.discountCents} >= 0 and ${t.amountCents} = ${t.subtotalCents} - ${t.discountCents}`,
    ),
    check(
      "payments_billing_interval_check",
      sql`${t.billingInterval} is null or ${t.billingInterval} in ('month', 'year')`,
    ),
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
