import { z } from "@hono/zod-openapi";
import {
  cancelCheckoutResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  portalRequestSchema,
  portalResponseSchema,
  redirectResponseSchema,
  returnPathSchema,
  subscriptionViewSchema,
  testCheckoutPromoSchema,
  testCheckoutSchema,
  testPortalChangeSchema,
  testPortalSchema,
  topUpStatusSchema,
} from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

const ok = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { "application/json": { schema } },
});
const json = <S extends z.ZodType>(schema: S) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const security = [{ cookieAuth: [] }];
const idParam = z.object({ id: z.string().max(64) });

export const getSubscriptionRoute = apiRoute({
  method: "get",
  path: "/api/billing/subscription",
  tags: ["Billing"],
  summary: "The signed-in user's subscription: plan, interval, status badge and any scheduled change",
  security,
  responses: { 200: ok("The subscription", subscriptionViewSchema), ...errorResponses({ 401: "Not signed in" }) },
});

export const getTopUpRoute = apiRoute({
  method: "get",
  path: "/api/billing/top-up",
  tags: ["Billing"],
  summary: "Top-up limits: one-time credits bought and reserved this month, what is left, the packs allowed now",
  description:
    "Only paid credits and live checkouts (neither expired nor cancelled) count against the monthly cap; " +
    "`pendingOrders` lists the live top-up checkouts, each with the page to resume it.",
  security,
  responses: { 200: ok("Top-up status", topUpStatusSchema), ...errorResponses({ 401: "Not signed in" }) },
});

export const createCheckoutRoute = apiRoute({
  method: "post",
  path: "/api/billing/checkout",
  tags: ["Billing"],
  summary: "Start a checkout: credit packs (mode payment) or a plan (mode subscription)",
  description:
    "Answers the page to send the browser to. A top-up over the monthly cap is refused with 409 LIMIT_REACHED " +
    "and `maxQuantityAllowed` / `remainingCap`; a quantity of 0 with the spec's 'Nothing to purchase' message.",
  security,
  request: json(checkoutRequestSchema),
  responses: {
    200: ok("The checkout page", checkoutResponseSchema),
    ...errorResponses({
      400: "Invalid request, nothing to purchase, an unknown plan or promotion code",
      401: "Not signed in",
      409: "Over the monthly top-up cap, or already subscribed",
      502: "The payment provider failed",
    }),
  },
});

export const cancelCheckoutRoute = apiRoute({
  method: "post",
  path: "/api/billing/checkouts/{id}/cancel",
  tags: ["Billing"],
  summary: "Cancel one of the user's open checkouts (a pending top-up): its credits stop counting against the cap",
  description:
    "The payment provider's session is expired too, so it cannot be paid afterwards. A checkout already " +
    "cancelled or expired answers its status; a paid one answers 409.",
  security,
  request: { params: idParam },
  responses: {
    200: ok("The checkout after the cancel", cancelCheckoutResponseSchema),
    ...errorResponses({
      400: "Invalid checkout id",
      401: "Not signed in",
      404: "No such checkout (or another user's)",
      409: "The checkout is already paid",
    }),
  },
});

export const createPortalRoute = apiRoute({
  method: "post",
  path: "/api/billing/portal",
  tags: ["Billing"],
  summary: "Open the billing portal for the current plan",
  security,
  request: json(portalRequestSchema),
  responses: {
    200: ok("The portal page", portalResponseSchema),
    ...errorResponses({
      400: "Invalid return path",
      401: "Not signed in",
      404: "No plan to manage",
      502: "The payment provider failed",
    }),
  },
});

export const getTestCheckoutRoute = apiRoute({
  method: "get",
  path: "/api/billing/test-checkout/{id}",
  tags: ["Billing (test mode)"],
  summary: "The order of a built-in test checkout (only without a real payment provider)",
  security,
  request: { params: idParam },
  responses: {
    200: ok("The order", testCheckoutSchema),
    ...errorResponses({ 400: "Invalid checkout id", 401: "Not signed in", 404: "No such checkout" }),
  },
});

export const testCheckoutPromoRoute = apiRoute({
  method: "post",
  path: "/api/billing/test-checkout/{id}/promo",
  tags: ["Billing (test mode)"],
  summary: "Apply a promotion code to an open test plan checkout (null removes it)",
  security,
  request: { params: idParam, ...json(testCheckoutPromoSchema) },
  responses: {
    200: ok("The order", testCheckoutSchema),
    ...errorResponses({
      400: "Invalid code, or not a plan checkout",
      401: "Not signed in",
      404: "No such checkout",
      410: "The checkout is no longer open",
    }),
  },
});

export const payTestCheckoutRoute = apiRoute({
  method: "post",
  path: "/api/billing/test-checkout/{id}/pay",
  tags: ["Billing (test mode)"],
  summary: "Pay a test checkout: fulfils it through the same code as provider webhooks",
  security,
  request: { params: idParam },
  responses: {
    200: ok("Where to go next", redirectResponseSchema),
    ...errorResponses({
      400: "Invalid checkout id",
      401: "Not signed in",
      404: "No such checkout",
      409: "Already subscribed, or over the monthly cap",
      410: "The checkout is no longer open",
    }),
  },
});

export const cancelTestCheckoutRoute = apiRoute({
  method: "post",
  path: "/api/billing/test-checkout/{id}/cancel",
  tags: ["Billing (test mode)"],
  summary: "Cancel a test checkout; its reservation is released",
  security,
  request: { params: idParam },
  responses: {
    200: ok("Where to go next", redirectResponseSchema),
    ...errorResponses({ 400: "Invalid checkout id", 401: "Not signed in", 404: "No such checkout" }),
  },
});

export const getTestPortalRoute = apiRoute({
  method: "get",
  path: "/api/billing/test-portal",
  tags: ["Billing (test mode)"],
  summary: "The built-in billing portal: the subscription and every plan it can change to",
  security,
  request: { query: z.object({ return: returnPathSchema.optional() }) },
  responses: {
    200: ok("The portal", testPortalSchema),
    ...errorResponses({ 400: "Invalid return path", 401: "Not signed in", 404: "No plan" }),
  },
});

export const testPortalChangeRoute = apiRoute({
  method: "post",
  path: "/api/billing/test-portal/change",
  tags: ["Billing (test mode)"],
  summary: "Change plan: upgrades apply at once with full payment, downgrades at the end of the period",
  security,
  request: json(testPortalChangeSchema),
  responses: {
    200: ok("The portal", testPortalSchema),
    ...errorResponses({ 400: "Invalid plan or interval", 401: "Not signed in", 404: "No plan" }),
  },
});

export const testPortalCancelRoute = apiRoute({
  method: "post",
  path: "/api/billing/test-portal/cancel",
  tags: ["Billing (test mode)"],
  summary: "Cancel at the end of the billing period",
  security,
  responses: { 200: ok("The portal", testPortalSchema), ...errorResponses({ 401: "Not signed in", 404: "No plan" }) },
});

export const testPortalResumeRoute = apiRoute({
  method: "post",
  path: "/api/billing/test-portal/resume",
  tags: ["Billing (test mode)"],
  summary: "Keep the subscription: drop a scheduled downgrade or cancellation",
  security,
  responses: { 200: ok("The portal", testPortalSchema), ...errorResponses({ 401: "Not signed in", 404: "No plan" }) },
});

export const stripeWebhookRoute = apiRoute({
  method: "post",
  path: "/api/billing/webhooks/stripe",
  tags: ["Billing"],
  summary: "Stripe webhooks (signed): checkout.session.completed, invoice.paid, customer.subscription.*",
  // Stripe calls it from its own servers: the signature, not the Origin, proves where it comes from.
  crossSite: true,
  description:
    "The raw body is verified against the `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET (at most 5 minutes " +
    "old). Each event id is processed once; replays answer 200 without effect.",
  responses: {
    200: ok("Received", z.object({ received: z.literal(true), result: z.string() })),
    ...errorResponses({ 400: "Missing, invalid or too old signature", 404: "Stripe is not configured" }),
  },
});
