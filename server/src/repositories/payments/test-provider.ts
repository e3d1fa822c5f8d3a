import type { PaymentRow } from "../billing.repository.ts";
import type { CheckoutSessionInput, PaymentProvider } from "./payment-provider.ts";

/**
 * The built-in test provider (PAYMENTS_MODE=test): no keys, no network, no money. Its checkout is a page of
 * this app (`/checkout/test/<paymentId>`) and its billing portal is `/billing/test-portal`, both at the address
 * the user reached the app at (the session cookie belongs to that host); what they and the renewals at a
 * period's end do is emitted as provider events (`services/billing/test-provider.ts`).
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test" as const;

  async createCheckoutSession(input: CheckoutSessionInput) {
    return { sessionId: `test_cs_${input.payment.id}`, url: new URL(checkoutPath(input.payment), input.appUrl).href };
  }

  async createPortalSession(input: { returnUrl: string; appUrl: string }) {
    const returnPath = new URL(input.returnUrl, input.appUrl);
    const portal = new URL("/billing/test-portal", input.appUrl).href;
    return { url: `${portal}?return=${encodeURIComponent(returnPath.pathname + returnPath.search)}` };
  }

  /** Nothing to close at a provider: the test checkout page takes payment only while the row is open. */
  async expireCheckout(_payment: PaymentRow): Promise<void> {}

  /** The checkout page, as a path: it opens at whatever address the user is on. */
  resumeUrl(payment: PaymentRow): string | null {
    return payment.providerSessionId ? checkoutPath(payment) : null;
  }

  /** Nothing was charged, so there is nothing to give back. */
  async refund(_payment: PaymentRow): Promise<void> {}

  /** The test provider's ids for a user's subscription and customer. */
  static subscriptionId(userId: string): string {
    return `test_sub_${userId}`;
  }
  static customerId(userId: string): string {
    return `test_cus_${userId}`;
  }
}

const checkoutPath = (payment: PaymentRow) => `/checkout/test/${payment.id}`;
