import {
  applyPromo,
  type CancelCheckoutResponse,
  type CheckoutRequest,
  checkoutRequestSchema,
  findPaidPlan,
  findPromo,
  isSubscriptionActive,
  messages,
  PLAN_SUCCESS_PATH,
  PORTAL_RETURN_PATH,
  planPriceCents,
  type SubscriptionView,
  TOP_UP_SUCCESS_PATH,
  type TopUpStatus,
} from "@reelsmith/core";
import { AppError } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { originOf } from "../../lib/origin-check.ts";
import type { BillingRepository, PaymentRow } from "../../repositories/billing.repository.ts";
import type { PaymentProvider } from "../../repositories/payments/payment-provider.ts";
import type { PriceCatalog } from "../price-catalog.ts";
import { subscriptionViewOf } from "./subscription-view.ts";
import { reservationExpiry, type TopUpReservations } from "./top-up-reservations.ts";

export interface CheckoutSessionsDeps {
  billing: BillingRepository;
  provider: PaymentProvider;
  prices: PriceCatalog;
  reservations: TopUpReservations;
  publicUrl: string;
  /**
   * Origins besides PUBLIC_URL's the app is reached at (other hosts, the dev server). A checkout started from
   * one of them returns there: the session cookie belongs to the host, so PUBLIC_URL would be signed out.
   */
  trustedOrigins?: string[] | undefined;
  logger: Logger;
  clock: () => Date;
}

/**
 * What the screens read (the subscription card, the buy-credits dialog) and the sessions they open at the
 * provider: a checkout for a plan or credit packs, the billing portal. Nothing here moves money or credits:
 * a checkout is fulfilled only when its provider event arrives (`BillingEventProcessor`).
 */
export class CheckoutSessions {
  readonly #origins: Set<string>;

  constructor(private readonly d: CheckoutSessionsDeps) {
    this.#origins = new Set([d.publicUrl, ...(d.trustedOrigins ?? [])].map(originOf).filter((o) => o !== undefined));
  }

  topUpStatus(userId: string): Promise<TopUpStatus> {
    return this.d.reservations.status(userId, (payment) => this.d.provider.resumeUrl(payment));
  }

  /**
   * The user cancels one of their checkouts (a pending top-up): it stops holding its credits at once, and the
   * provider's session is expired so it cannot be paid afterwards. Another user's checkout is not found;
   * a paid one is a conflict; one already cancelled or expired answers as it is.
   */
  async cancelCheckout(userId: string, id: string): Promise<CancelCheckoutResponse> {
    const payment = await this.d.billing.findPayment(id);
    if (!payment || payment.userId !== userId) throw new AppError("NOT_FOUND", messages.billing.checkoutNotFound);
    const after = await this.d.reservations.cancel(payment);
    if (after.status === "completed" || after.status === "refunded") {
      throw new AppError("CONFLICT", messages.billing.orderAlreadyPaid);
    }
    // Repeated on a second cancel too, in case the first could not reach the provider (idempotent there).
    if (after.status === "cancelled" && after.provider === this.d.provider.name) {
      try {
        await this.d.provider.expireCheckout(after);
      } catch (error) {
        // The reservation is already released; a payment that still gets through is checked against the
        // cap at fulfilment and refunded when over it.
        this.d.logger.warn(
          { err: error, paymentId: after.id },
          "the cancelled checkout's provider session could not be expired",
        );
      }
    }
    return { id: after.id, status: after.status as CancelCheckoutResponse["status"] };
  }

  async subscriptionView(userId: string): Promise<SubscriptionView> {
    return subscriptionViewOf(await this.d.billing.findSubscription(userId), this.d.provider.name, this.d.prices);
  }

  /**
   * The spec's create-checkout-session. Top-ups: quantity 1..5 packs, reserved against the monthly cap.
   * Plans: one subscription per user; a promotion code is checked here.
   */
  async createCheckout(
    user: { id: string; email: string },
    input: CheckoutRequest,
    requestOrigin?: string,
  ): Promise<{ url: string }> {
    const request = checkoutRequestSchema.parse(input);
    const appUrl = this.#appUrl(requestOrigin);
    const now = this.d.clock();
    const expiresAt = reservationExpiry(now);
    const provider = this.d.provider.name;
    let payment: PaymentRow;
    let priceId: string;
    let promoCode: string | null = null;

    if (request.mode === "payment") {
      priceId = this.d.prices.topUpPackPriceId;
      payment = await this.d.reservations.reserve({
        userId: user.id,
        provider,
        quantity: request.quantity,
        priceId,
        successPath: request.successPath ?? TOP_UP_SUCCESS_PATH,
        cancelPath: request.cancelPath ?? TOP_UP_SUCCESS_PATH,
        now,
        expiresAt,
      });
    } else {
      const plan = findPaidPlan(request.planId);
      if (!plan) throw new AppError("VALIDATION_FAILED", messages.billing.enterpriseByContact);
      const current = await this.d.billing.findSubscription(user.id);
      if (current && isSubscriptionActive(current.status)) {
        throw new AppError("CONFLICT", messages.billing.alreadySubscribed);
      }
      if (request.promoCode) {
        const promo = findPromo(request.promoCode);
        if (!promo) throw new AppError("VALIDATION_FAILED", messages.billing.promoInvalid);
        promoCode = promo.code;
      }
      priceId = this.d.prices.planPriceId(plan.id, request.interval);
      const price = applyPromo(planPriceCents(plan, request.interval), promoCode);
      payment = await this.d.billing.insertPayment({
        userId: user.id,
        provider,
        mode: "subscription",
        status: "open",
        planId: plan.id,
        priceId,
        billingInterval: request.interval,
        quantity: 1,
        subtotalCents: price.subtotalCents,
        discountCents: price.discountCents,
        amountCents: price.totalCents,
        promoCode,
        successPath: request.successPath ?? PLAN_SUCCESS_PATH,
        cancelPath: request.cancelPath ?? "/pricing",
        expiresAt,
        createdAt: now,
      });
    }

    let session: { sessionId: string; url: string | null };
    try {
      const subscription = await this.d.billing.findSubscription(user.id);
      session = await this.d.provider.createCheckoutSession({
        payment,
        appUrl,
        customer: {
          userId: user.id,
          email: user.email,
          providerCustomerId: subscription?.provider === provider ? subscription.providerCustomerId : null,
        },
        priceId,
        quantity: payment.quantity,
        successUrl: new URL(payment.successPath ?? "/home", appUrl).href,
        cancelUrl: new URL(payment.cancelPath ?? "/home", appUrl).href,
        promoCode,
        expiresAt,
      });
    } catch (error) {
      // The reservation is released: nothing was bought.
      await this.d.reservations.release(payment.id);
      if (error instanceof AppError) throw error;
      this.d.logger.error({ err: error, paymentId: payment.id }, "checkout session could not be created");
      throw new AppError("PROVIDER_ERROR", messages.billing.checkoutFailed);
    }
    if (!session.url) {
      await this.d.reservations.release(payment.id, { providerSessionId: session.sessionId });
      throw new AppError("PROVIDER_ERROR", messages.billing.noCheckoutUrl);
    }
    await this.d.billing.updatePayment(payment.id, { providerSessionId: session.sessionId, checkoutUrl: session.url });
    return { url: session.url };
  }

  /** The spec's create-billing-portal-session: only with a current plan at this provider. */
  async createPortalSession(userId: string, returnPath?: string, requestOrigin?: string): Promise<{ url: string }> {
    const appUrl = this.#appUrl(requestOrigin);
    const row = await this.d.billing.findSubscription(userId);
    const view = subscriptionViewOf(row, this.d.provider.name, this.d.prices);
    if (!row || !view.plan || row.provider !== this.d.provider.name) {
      throw new AppError("NOT_FOUND", messages.billing.noPlanToManage);
    }
    let url: string | null;
    try {
      ({ url } = await this.d.provider.createPortalSession({
        userId,
        customerId: row.providerCustomerId,
        returnUrl: new URL(returnPath ?? PORTAL_RETURN_PATH, appUrl).href,
        appUrl,
      }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.d.logger.error({ err: error }, "billing portal session could not be created");
      throw new AppError("PROVIDER_ERROR", messages.billing.portalFailed);
    }
    if (!url) throw new AppError("PROVIDER_ERROR", messages.billing.portalFailed);
    return { url };
  }

  /**
   * The origin the provider sends the user back to: the request's own when it is PUBLIC_URL's or a trusted
   * one (the browser sets Origin; the origin check already refused any other on these POSTs), else PUBLIC_URL's.
   */
  #appUrl(requestOrigin: string | undefined): string {
    const origin = requestOrigin ? originOf(requestOrigin) : undefined;
    return origin && this.#origins.has(origin) ? origin : new URL(this.d.publicUrl).origin;
  }
}
