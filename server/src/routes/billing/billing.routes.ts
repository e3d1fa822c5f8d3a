import { createRoute, z } from "@hono/zod-openapi";
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  errorBodySchema,
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

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBodySchema } },
});
const ok = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { "application/json": { schema } },
});
const json = <S extends z.ZodType>(schema: S) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const security = [{ cookieAuth: [] }];
const idParam = z.object({ id: z.string().max(64) });

export const getSubscriptionRoute = createRoute({
  method: "get",
  path: "/api/billing/subscription",
  tags: ["Billing"],
  summary: "The signed-in user's subscription: plan, interval, status badge and any scheduled change",
  security,
  responses: { 200: ok("The subscription", subscriptionViewSchema), 401: error("Not signed in") },
});

export const getTopUpRoute = createRoute({
  method: "get",
  path: "/api/billing/top-up",
  tags: ["Billing"],
  summary: "Top-up limits: one-time credits bought and reserved this month, what is left, the packs allowed now",
  security,
  responses: { 200: ok("Top-up status", topUpStatusSchema), 401: error("Not signed in") },
});

export const createCheckoutRoute = createRoute({
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
    400: error("Invalid request"),
    401: error("Not signed in"),
    409: error("Over the monthly top-up cap, or already subscribed"),
    502: error("The payment provider failed"),
  },
});

export const createPortalRoute = createRoute({
  method: "post",
  path: "/api/billing/portal",
  tags: ["Billing"],
  summary: "Open the billing portal for the current plan",
  security,
  request: json(portalRequestSchema),
  responses: {
    200: ok("The portal page", portalResponseSchema),
    401: error("Not signed in"),
    404: error("No plan to manage"),
    502: error("The payment provider failed"),
  },
});

export const getTestCheckoutRoute = createRoute({
  method: "get",
  path: "/api/billing/test-checkout/{id}",
  tags: ["Billing (test mode)"],
  summary: "The order of a built-in test checkout (only without a real payment provider)",
  security,
  request: { params: idParam },
  responses: { 200: ok("The order", testCheckoutSchema), 401: error("Not signed in"), 404: error("No such checkout") },
});

export const testCheckoutPromoRoute = createRoute({
  method: "post",
  path: "/api/billing/test-checkout/{id}/promo",
  tags: ["Billing (test mode)"],
  summary: "Apply a promotion code to an open test plan checkout (null removes it)",
  security,
  request: { params: idParam, ...json(testCheckoutPromoSchema) },
  responses: {
    200: ok("The order", testCheckoutSchema),
    400: error("Invalid code"),
    401: error("Not signed in"),
    404: error("No such checkout"),
    410: error("The checkout is no longer open"),
  },
});

export const payTestCheckoutRoute = createRoute({
  method: "post",
  path: "/api/billing/test-checkout/{id}/pay",
  tags: ["Billing (test mode)"],
  summary: "Pay a test checkout: fulfils it through the same code as provider webhooks",
  security,
  request: { params: idParam },
  responses: {
    200: ok("Where to go next", redirectResponseSchema),
    401: error("Not signed in"),
    404: error("No such checkout"),
    409: error("Already subscribed, or over the monthly cap"),
    410: error("The checkout is no longer open"),
  },
});

export const cancelTestCheckoutRoute = createRoute({
  method: "post",
  path: "/api/billing/test-checkout/{id}/cancel",
  tags: ["Billing (test mode)"],
  summary: "Cancel a test checkout; its reservation is released",
  security,
  request: { params: idParam },
  responses: {
    200: ok("Where to go next", redirectResponseSchema),
    401: error("Not signed in"),
    404: error("No such checkout"),
  },
});

export const getTestPortalRoute = createRoute({
  method: "get",
  path: "/api/billing/test-portal",
  tags: ["Billing (test mode)"],
  summary: "The built-in billing portal: the subscription and every plan it can change to",
  security,
  request: { query: z.object({ return: returnPathSchema.optional() }) },
  responses: { 200: ok("The portal", testPortalSchema), 401: error("Not signed in"), 404: error("No plan") },
});

export const testPortalChangeRoute = createRoute({
  method: "post",
  path: "/api/billing/test-portal/change",
  tags: ["Billing (test mode)"],
  summary: "Change plan: upgrades apply at once with full payment, downgrades at the end of the period",
  security,
  request: json(testPortalChangeSchema),
  responses: { 200: ok("The portal", testPortalSchema), 401: error("Not signed in"), 404: error("No plan") },
});

export const testPortalCancelRoute = createRoute({
  method: "post",
  path: "/api/billing/test-portal/cancel",
  tags: ["Billing (test mode)"],
  summary: "Cancel at the end of the billing period",
  security,
  responses: { 200: ok("The portal", testPortalSchema), 401: error("Not signed in"), 404: error("No plan") },
});

export const testPortalResumeRoute = createRoute({
  method: "post",
  path: "/api/billing/test-portal/resume",
  tags: ["Billing (test mode)"],
  summary: "Keep the subscription: drop a scheduled downgrade or cancellation",
  security,
  responses: { 200: ok("The portal", testPortalSchema), 401: error("Not signed in"), 404: error("No plan") },
});

export const stripeWebhookRoute = createRoute({
  method: "post",
  path: "/api/billing/webhooks/stripe",
  tags: ["Billing"],
  summary: "Stripe webhooks (signed): checkout.session.completed, invoice.paid, customer.subscription.*",
  description:
    "The raw body is verified against the `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET (at most 5 minutes " +
    "old). Each event id is processed once; replays answer 200 without effect.",
  responses: {
    200: ok("Received", z.object({ received: z.literal(true), result: z.string() })),
    400: error("Missing, invalid or too old signature"),
    404: error("Stripe is not configured"),
  },
});
