import { z } from "zod";
import { BILLING_INTERVALS, PLAN_IDS } from "../catalogue/plans.ts";
import { messages } from "../messages.ts";

export const billingIntervalSchema = z.enum(BILLING_INTERVALS);

/**
 * A same-site path to return to after a checkout or the portal ("/home", "/settings?tab=x"): never a
 * full URL or a protocol-relative "//host", so nothing can send a user to another site.
 */
export const returnPathSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/, "Expected a path on this site, such as /home.");

export const topUpCheckoutRequestSchema = z.object({
  mode: z.literal("payment"),
  /** Number of 10-credit packs; 0 is refused with the spec's "Nothing to purchase" message. */
  quantity: z.number({ error: messages.billing.nothingToPurchase }).int(messages.billing.nothingToPurchase),
  successPath: returnPathSchema.optional(),
  cancelPath: returnPathSchema.optional(),
});

export const planCheckoutRequestSchema = z.object({
  mode: z.literal("subscription"),
  planId: z.enum(PLAN_IDS),
  interval: billingIntervalSchema.default("month"),
  promoCode: z.string().trim().max(40).optional(),
  successPath: returnPathSchema.optional(),
  cancelPath: returnPathSchema.optional(),
});

export const checkoutRequestSchema = z.discriminatedUnion("mode", [
  topUpCheckoutRequestSchema,
  planCheckoutRequestSchema,
]);
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const portalRequestSchema = z.object({ returnPath: returnPathSchema.optional() });
export const portalResponseSchema = z.object({ url: z.string() });

export const paymentStatusSchema = z.enum(["open", "completed", "expired", "cancelled", "refunded"]);

/**
 * A top-up checkout started and not finished: its session is live (not expired, not cancelled), so its
 * credits count against the monthly cap until it is paid, cancelled or lapses at `expiresAt`.
 */
export const pendingTopUpSchema = z.object({
  id: z.string(),
  quantity: z.number().int().positive(),
  credits: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  /** When the checkout was started. */
  createdAt: z.string(),
  /** When its session lapses and stops holding its credits. */
  expiresAt: z.string(),
  /** Where to continue paying it (the provider's page), or null while the session is still being opened. */
  resumeUrl: z.string().nullable(),
});
export type PendingTopUp = z.infer<typeof pendingTopUpSchema>;

export const topUpStatusSchema = z.object({
  packCredits: z.number().int(),
  packPriceCents: z.number().int(),
  maxPacksPerPurchase: z.number().int(),
  monthlyCap: z.number().int(),
  /** One-time credits bought this UTC month (completed checkouts). */
  purchasedThisMonth: z.number().int().nonnegative(),
  /** Credits held by checkouts started this month and not finished yet. */
  reservedThisMonth: z.number().int().nonnegative(),
  remainingCap: z.number().int().nonnegative(),
  maxQuantity: z.number().int().nonnegative(),
  monthStart: z.string(),
  monthEnd: z.string(),
  /** The user's live top-up checkouts, oldest first: each can be resumed or cancelled. */
  pendingOrders: z.array(pendingTopUpSchema),
});
export type TopUpStatus = z.infer<typeof topUpStatusSchema>;

const planRefSchema = z.object({ id: z.string(), name: z.string() });

export const subscriptionViewSchema = z.object({
  provider: z.enum(["test", "stripe"]),
  status: z.string().nullable(),
  active: z.boolean(),
  badge: z.enum(["Active", "Scheduled Downgrade", "Scheduled Cancellation", "Inactive", "No Subscription"]),
  plan: planRefSchema.nullable(),
  interval: billingIntervalSchema.nullable(),
  scheduledPlan: planRefSchema.nullable(),
  scheduledInterval: billingIntervalSchema.nullable(),
  scheduledChangeType: z.enum(["downgrade", "cancel"]).nullable(),
  scheduledChangeDate: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** Price of one period of the current plan, in cents (null without a plan). */
  priceCents: z.number().int().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const creditsSummarySchema = z.object({
  balance: z.number().int(),
  /** Plan credits left in the current cycle (they expire at its end); spends use these first. */
  planCredits: z.number().int().nonnegative(),
  /** Purchased, bonus and refunded credits: they never expire. */
  permanentCredits: z.number().int().nonnegative(),
  period: z.object({
    kind: z.enum(["plan", "month"]),
    start: z.string(),
    end: z.string(),
  }),
  usage: z.object({
    monthlyPlanCredits: z.number().int().nonnegative(),
    additionalCredits: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    used: z.number().int().nonnegative(),
    remaining: z.number().int(),
  }),
  /** Credits spent per UTC day of the period so far (refunded spends left out). */
  daily: z.array(z.object({ date: z.string(), spent: z.number().int().nonnegative() })),
});
export type CreditsSummary = z.infer<typeof creditsSummarySchema>;

export const checkoutItemSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitAmountCents: z.number().int(),
  amountCents: z.number().int(),
});

export const testCheckoutSchema = z.object({
  id: z.string(),
  mode: z.enum(["payment", "subscription"]),
  status: paymentStatusSchema,
  items: z.array(checkoutItemSchema),
  credits: z.number().int(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  promoCode: z.string().nullable(),
  /** Promotions apply to plans only. */
  promoAllowed: z.boolean(),
  currency: z.string(),
  expiresAt: z.string().nullable(),
  cancelPath: z.string(),
  successPath: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testCheckoutPromoSchema = z.object({ code: z.string().trim().max(40).nullable() });
export const redirectResponseSchema = z.object({ redirectPath: z.string() });

/** A checkout after a cancel: `cancelled`, or `expired` when it had lapsed before. */
export const cancelCheckoutResponseSchema = z.object({ id: z.string(), status: paymentStatusSchema });
export type CancelCheckoutResponse = z.infer<typeof cancelCheckoutResponseSchema>;

export const testPortalOptionSchema = z.object({
  planId: z.string(),
  name: z.string(),
  interval: billingIntervalSchema,
  priceCents: z.number().int(),
  creditsPerMonth: z.number().int(),
  change: z.enum(["upgrade", "downgrade", "none"]),
  scheduled: z.boolean(),
});

export const testPortalSchema = z.object({
  subscription: subscriptionViewSchema,
  options: z.array(testPortalOptionSchema),
  returnPath: z.string(),
});
export type TestPortal = z.infer<typeof testPortalSchema>;

export const testPortalChangeSchema = z.object({ planId: z.enum(PLAN_IDS), interval: billingIntervalSchema });
