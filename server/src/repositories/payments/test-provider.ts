import type { PaymentRow } from "../billing.repository.ts";
import type { CheckoutSessionInput, PaymentProvider } from "./payment-provider.ts";

/**
 * The built-in test provider (PAYMENTS_MODE=test): no keys, no network, no money. Its checkout is a page of
 * this app (`/checkout/test/<paymentId>`) and its billing portal is `/billing/test-portal`; what they and the
 * renewals at a period's end do is emitted as provider events (`services/billing/test-provider.ts`).
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test" as const;

  constructor(private readonly publicUrl: string) {}

  async createCheckoutSession(input: CheckoutSessionInput) {
    return { sessionId: `test_cs_${input.payment.id}`, url: `${this.publicUrl}/checkout/test/${input.payment.id}` };
  }

  async createPortalSession(input: { returnUrl: string }) {
    const returnPath = new URL(input.returnUrl, this.publicUrl);
    return {
      url: `${this.publicUrl}/billing/test-portal?return=${encodeURIComponent(returnPath.pathname + returnPath.search)}`,
    };
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
