import { messages } from "@reelsmith/core";
import Stripe from "stripe";
import { AppError } from "../../lib/errors.ts";
import type { PaymentRow } from "../billing.repository.ts";
import type { BillingEvent, CheckoutSessionInput, PaymentProvider, SubscriptionSnapshot } from "./payment-provider.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests point it at a local fake: the SDK's host, port and protocol options). */
  apiBase?: string | undefined;
  /** Our promotion codes (HALFOFFWOW) mapped to Stripe promotion code ids (promo_...). */
  promotionCodes: Record<string, string>;
}

/** Answered to Stripe (not shown to users) for a signed body that is not an event. */
export const NOT_AN_EVENT = "The webhook body is not a Stripe event.";

/** Reads loosely typed provider objects: the fields moved between API versions. */
type Loose = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === "object" ? str((v as Loose).id) : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const isRecord = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Stripe behind the payment-provider interface: Checkout Sessions (payment and subscription), Billing
 * Portal sessions, refunds, and webhooks verified by signature and turned into provider-neutral events.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly #stripe: Stripe;
  readonly #settings: StripeSettings;

  constructor(settings: StripeSettings) {
    this.#settings = settings;
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.#stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "http:" ? 80 : 443),
            protocol: base.protocol === "http:" ? "http" : "https",
          }
        : {}),
    });
  }

  async createCheckoutSession(input: CheckoutSessionInput) {
    const { payment, customer } = input;
    const metadata = { paymentId: payment.id, userId: customer.userId };
    const promotion = input.promoCode ? this.#settings.promotionCodes[input.promoCode] : undefined;
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: payment.mode === "subscription" ? "subscription" : "payment",
      line_items: [{ price: input.priceId, quantity: input.quantity }],
      client_reference_id: payment.id,
      metadata,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      ...(customer.providerCustomerId ? { customer: customer.providerCustomerId } : { customer_email: customer.email }),
    };
    if (payment.mode === "subscription") {
      params.subscription_data = { metadata: { userId: customer.userId } };
      // A promotion the app applied goes in as a discount; otherwise the customer may type a code at Stripe.
      if (promotion) params.discounts = [{ promotion_code: promotion }];
      else params.allow_promotion_codes = true;
    } else {
      params.payment_intent_data = { metadata };
      if (!customer.providerCustomerId) params.customer_creation = "always";
    }
    const session = await this.#stripe.checkout.sessions.create(params, { idempotencyKey: `checkout:${payment.id}` });
    return { sessionId: session.id, url: session.url ?? null };
  }

  async createPortalSession(input: { customerId: string | null; returnUrl: string; appUrl: string }) {
    if (!input.customerId) throw new AppError("NOT_FOUND", messages.billing.noPlanToManage);
    const session = await this.#stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url ?? null };
  }

  /** Expires the Checkout Session, so its page can no longer take the payment. */
  async expireCheckout(payment: PaymentRow): Promise<void> {
    if (!payment.providerSessionId) return;
    await this.#stripe.checkout.sessions.expire(
      payment.providerSessionId,
      {},
      { idempotencyKey: `expire:${payment.id}` },
    );
  }

  /** The session's hosted page, usable until the session expires. */
  resumeUrl(payment: PaymentRow): string | null {
    return payment.checkoutUrl;
  }

  async refund(payment: PaymentRow): Promise<void> {
    if (!payment.providerPaymentIntentId) {
      throw new Error(`payment ${payment.id} has no payment intent to refund`);
    }
    await this.#stripe.refunds.create(
      { payment_intent: payment.providerPaymentIntentId, metadata: { paymentId: payment.id } },
      { idempotencyKey: `refund:${payment.id}` },
    );
  }

  /** Verifies the signature (and its age, 5 minutes at most) and returns the event; INVALID_SIGNATURE otherwise. */
  verifyWebhook(rawBody: string, signature: string | undefined): Stripe.Event {
    if (!signature) throw new AppError("INVALID_SIGNATURE", messages.billing.invalidSignature);
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, signature, this.#settings.webhookSecret);
    } catch {
      throw new AppError("INVALID_SIGNATURE", messages.billing.invalidSignature);
    }
    // A correctly signed body is still only JSON: anything but an event (`true`, `[]`, an object without
    // an id, a type or a data object) is refused here, before the handlers read its fields.
    const loose: unknown = event;
    if (
      !isRecord(loose) ||
      !str(loose.id) ||
      !str(loose.type) ||
      !isRecord(loose.data) ||
      !isRecord(loose.data.object)
    ) {
      throw new AppError("VALIDATION_FAILED", NOT_AN_EVENT);
    }
    return event;
  }

  /**
   * The provider-neutral event for a Stripe event, or null for the types the app does not act on (and
   * for checkouts whose payment is still pending). Looks the subscription up where the event lacks it.
   */
  async normalize(event: Stripe.Event): Promise<BillingEvent | null> {
    const object = event.data.object as unknown as Loose;
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const paymentId = str(object.client_reference_id) ?? str((object.metadata as Loose | undefined)?.paymentId);
        if (!paymentId) return null;
        const status = str(object.payment_status);
        if (status !== "paid" && status !== "no_payment_required") return null;
        const subscriptionId = idOf(object.subscription);
        return {
          id: event.id,
          type: "checkout.completed",
          provider: "stripe",
          paymentId,
          providerSessionId: str(object.id),
          providerCustomerId: idOf(object.customer),
          paymentIntentId: idOf(object.payment_intent),
          amountTotalCents: num(object.amount_total),
          subscription: subscriptionId ? await this.retrieveSubscription(subscriptionId) : null,
        };
      }
      case "checkout.session.expired": {
        const paymentId = str(object.client_reference_id) ?? str((object.metadata as Loose | undefined)?.paymentId);
        return paymentId ? { id: event.id, type: "checkout.expired", provider: "stripe", paymentId } : null;
      }
      case "invoice.paid": {
        const parent = object.parent as Loose | null | undefined;
        const details = parent?.subscription_details as Loose | null | undefined;
        const subscriptionId = idOf(details?.subscription) ?? idOf(object.subscription);
        if (!subscriptionId) return null;
        return {
          id: event.id,
          type: "invoice.paid",
          provider: "stripe",
          snapshot: await this.retrieveSubscription(subscriptionId),
          // Stripe keeps its invoices; the app records only what they change.
          invoice: null,
        };
      }
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const snapshot = await this.snapshot(object);
        return event.type === "customer.subscription.deleted"
          ? { id: event.id, type: "subscription.deleted", provider: "stripe", snapshot }
          : { id: event.id, type: "subscription.updated", provider: "stripe", snapshot };
      }
      default:
        return null;
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot> {
    const subscription = await this.#stripe.subscriptions.retrieve(id);
    return this.snapshot(subscription as unknown as Loose);
  }

  /** A Stripe subscription in provider-neutral terms (periods read from the item, or the older top level). */
  async snapshot(subscription: Loose): Promise<SubscriptionSnapshot> {
    const items = (subscription.items as Loose | undefined)?.data as Loose[] | undefined;
    const item = items?.[0];
    const periodStart = num(item?.current_period_start) ?? num(subscription.current_period_start);
    const periodEnd = num(item?.current_period_end) ?? num(subscription.current_period_end);
    if (periodStart === null || periodEnd === null) {
      throw new Error(`subscription ${String(subscription.id)} has no current period`);
    }
    const cancelAt = num(subscription.cancel_at);
    return {
      provider: "stripe",
      providerSubscriptionId: String(subscription.id),
      providerCustomerId: idOf(subscription.customer),
      status: str(subscription.status) ?? "incomplete",
      priceId: idOf(item?.price),
      periodStart: new Date(periodStart * 1000),
      periodEnd: new Date(periodEnd * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end === true || (cancelAt !== null && cancelAt <= periodEnd),
      scheduledPriceId: await this.#scheduledPrice(subscription.schedule, periodEnd),
      userId: str((subscription.metadata as Loose | undefined)?.userId),
    };
  }

  /** The price of the schedule phase that starts when the current period ends (a scheduled change). */
  async #scheduledPrice(schedule: unknown, periodEnd: number): Promise<string | null> {
    if (!schedule) return null;
    const loaded = (
      typeof schedule === "string" ? await this.#stripe.subscriptionSchedules.retrieve(schedule) : schedule
    ) as Loose;
    const phases = (loaded.phases as Loose[] | undefined) ?? [];
    const next = phases.find((p) => (num(p.start_date) ?? 0) >= periodEnd);
    const nextItems = next?.items as Loose[] | undefined;
    return idOf(nextItems?.[0]?.price);
  }
}
