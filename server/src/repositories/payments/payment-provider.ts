import type { PaymentRow } from "../billing.repository.ts";

export type ProviderName = "test" | "stripe";

/** A subscription as the payment provider sees it, in provider-neutral terms. */
export interface SubscriptionSnapshot {
  provider: ProviderName;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  status: string;
  priceId: string | null;
  periodStart: Date;
  periodEnd: Date;
  /** Cancels at the end of the period. */
  cancelAtPeriodEnd: boolean;
  /** A price that takes over at the end of the period (a scheduled plan change). */
  scheduledPriceId: string | null;
  /** The user id the subscription was created for, when the provider kept it. */
  userId: string | null;
}

/**
 * What a provider tells the app, whatever provider it is: Stripe's verified webhooks become these, and the
 * built-in test provider emits the same ones from its checkout's Pay button, its billing portal and its
 * renewals. One state machine (`BillingEventProcessor.processEvent`) applies them, once per event id.
 */
export type BillingEvent =
  | {
      id: string;
      type: "checkout.completed";
      provider: ProviderName;
      paymentId: string;
      providerSessionId: string | null;
      providerCustomerId: string | null;
      paymentIntentId: string | null;
      /** What the provider charged, when it says. */
      amountTotalCents: number | null;
      /** For plan purchases: the subscription the checkout created. */
      subscription: SubscriptionSnapshot | null;
    }
  | { id: string; type: "checkout.expired"; provider: ProviderName; paymentId: string }
  /** The subscription changed without a payment: a scheduled plan change or cancellation, or its undoing. */
  | { id: string; type: "subscription.updated"; provider: ProviderName; snapshot: SubscriptionSnapshot }
  /** The subscription ended. */
  | { id: string; type: "subscription.deleted"; provider: ProviderName; snapshot: SubscriptionSnapshot }
  /** A payment for the snapshot's period (a renewal or an upgrade): its plan credits are granted. */
  | {
      id: string;
      type: "invoice.paid";
      provider: ProviderName;
      snapshot: SubscriptionSnapshot;
      /** The charge to record as a payment row, for a provider whose invoices live in this app (test). */
      invoice: InvoiceCharge | null;
    };

/** A subscription charge the app records itself: the plan and interval are the snapshot's price. */
export interface InvoiceCharge {
  amountCents: number;
  reason: "renewal" | "upgrade";
  /** The plan an upgrade came from. */
  previousPlanId: string | null;
}

export interface CheckoutSessionInput {
  payment: PaymentRow;
  /** The origin the user reached the app at (PUBLIC_URL's, or another trusted one): pages of the app live there. */
  appUrl: string;
  customer: { userId: string; email: string; providerCustomerId: string | null };
  priceId: string;
  quantity: number;
  successUrl: string;
  cancelUrl: string;
  /** A promotion the app accepted (plans only). */
  promoCode: string | null;
  expiresAt: Date;
}

/** One interface for every way of taking money. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** A hosted checkout for the payment row; returns the page to send the browser to. */
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ sessionId: string; url: string | null }>;
  /** A billing-portal session where the customer changes or cancels their plan. */
  createPortalSession(input: {
    userId: string;
    customerId: string | null;
    returnUrl: string;
    appUrl: string;
  }): Promise<{
    url: string | null;
  }>;
  /**
   * Closes a checkout the user cancelled so that it can no longer be paid. A payment that still gets
   * through (it raced the cancel) is fulfilled with the monthly cap checked again.
   */
  expireCheckout(payment: PaymentRow): Promise<void>;
  /** Where the user continues paying an open checkout, or null when it has no page (yet). */
  resumeUrl(payment: PaymentRow): string | null;
  /** Gives the money of a completed checkout back in full. */
  refund(payment: PaymentRow): Promise<void>;
}
