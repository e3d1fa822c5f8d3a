import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { BillingService } from "../../services/billing/billing.service.ts";
import {
  cancelCheckoutRoute,
  cancelTestCheckoutRoute,
  createCheckoutRoute,
  createPortalRoute,
  getSubscriptionRoute,
  getTestCheckoutRoute,
  getTestPortalRoute,
  getTopUpRoute,
  payTestCheckoutRoute,
  stripeWebhookRoute,
  testCheckoutPromoRoute,
  testPortalCancelRoute,
  testPortalChangeRoute,
  testPortalResumeRoute,
} from "./billing.routes.ts";

export function billingRoutes(deps: { auth: Auth; billing: BillingService }) {
  const { auth, billing } = deps;
  return createRouter()
    .openapi(getSubscriptionRoute, async (c) => {
      const user = await requireUser(auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await billing.subscriptionView(user.id), 200);
    })
    .openapi(getTopUpRoute, async (c) => {
      const user = await requireUser(auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await billing.topUpStatus(user.id), 200);
    })
    .openapi(createCheckoutRoute, async (c) => {
      const user = await requireUser(auth, c);
      // The page's own origin (a trusted one: the origin check refused others) is where the checkout returns.
      return c.json(await billing.createCheckout(user, c.req.valid("json"), c.req.header("origin")), 200);
    })
    .openapi(cancelCheckoutRoute, async (c) => {
      const user = await requireUser(auth, c);
      return c.json(await billing.cancelCheckout(user.id, c.req.valid("param").id), 200);
    })
    .openapi(createPortalRoute, async (c) => {
      const user = await requireUser(auth, c);
      return c.json(
        await billing.createPortalSession(user.id, c.req.valid("json").returnPath, c.req.header("origin")),
        200,
      );
    })
    .openapi(getTestCheckoutRoute, async (c) => {
      const user = await requireUser(auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await billing.testCheckout(user.id, c.req.valid("param").id), 200);
    })
    .openapi(testCheckoutPromoRoute, async (c) => {
      const user = await requireUser(auth, c);
      return c.json(await billing.applyTestPromo(user.id, c.req.valid("param").id, c.req.valid("json").code), 200);
    })
    .openapi(payTestCheckoutRoute, async (c) => {
      const user = await requireUser(auth, c);
      return c.json(await billing.payTestCheckout(user.id, c.req.valid("param").id), 200);
    })
    .openapi(cancelTestCheckoutRoute, async (c) => {
      const user = await requireUser(auth, c);
      return c.json(await billing.cancelTestCheckout(user.id, c.req.valid("param").id), 200);
    })
    .openapi(getTestPortalRoute, async (c) => {
      const user = await requireUser(auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await billing.testPortal(user.id, c.req.valid("query").return), 200);
    })
    .openapi(testPortalChangeRoute, async (c) => {
      const user = await requireUser(auth, c);
      return c.json(await billing.testPortalChange(user.id, c.req.valid("json")), 200);
    })
    .openapi(testPortalCancelRoute, async (c) => {
      const user = await requireUser(auth, c);
      return c.json(await billing.testPortalCancel(user.id), 200);
    })
    .openapi(testPortalResumeRoute, async (c) => {
      const user = await requireUser(auth, c);
      return c.json(await billing.testPortalResume(user.id), 200);
    })
    .openapi(stripeWebhookRoute, async (c) => {
      // The signature covers the exact bytes Stripe sent: read the raw text, never re-serialised JSON.
      const raw = await c.req.text();
      const result = await billing.handleStripeWebhook(raw, c.req.header("stripe-signature"));
      return c.json({ received: true as const, result }, 200);
    });
}
