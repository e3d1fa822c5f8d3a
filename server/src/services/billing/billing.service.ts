import type {
  BillingInterval,
  CancelCheckoutResponse,
  CheckoutRequest,
  SubscriptionView,
  TestCheckout,
  TestPortal,
  TopUpStatus,
} from "@reelsmith/core";
import type { EventBus } from "../../events/event-bus.ts";
import type { Logger } from "../../lib/logger.ts";
import type { BillingRepository } from "../../repositories/billing.repository.ts";
import type { BillingEvent, PaymentProvider } from "../../repositories/payments/payment-provider.ts";
import type { StripePaymentProvider } from "../../repositories/payments/stripe-provider.ts";
import type { CreditsService } from "../credits.service.ts";
import type { PriceCatalog } from "../price-catalog.ts";
import { CheckoutSessions } from "./checkout-sessions.ts";
import { BillingEventProcessor, type EventProcessorDeps, type ProcessResult } from "./event-processor.ts";
import { BillingRollover } from "./rollover.ts";
import { TestProviderActions } from "./test-provider.ts";
import { TopUpReservations } from "./top-up-reservations.ts";

export type { ProcessResult } from "./event-processor.ts";

export interface BillingServiceDeps {
  billing: BillingRepository;
  credits: CreditsService;
  /** The configured provider: the built-in test provider, or Stripe. */
  provider: PaymentProvider;
  /** Set when the provider is Stripe (webhooks). */
  stripe?: StripePaymentProvider | undefined;
  prices: PriceCatalog;
  events?: EventBus | undefined;
  publicUrl: string;
  /** Other origins the app is reached at: checkouts started there return there. */
  trustedOrigins?: string[] | undefined;
  logger: Logger;
  clock?: () => Date;
  /** Rewards a referrer when an account they referred first pays (the affiliate programme). */
  referrals?: EventProcessorDeps["referrals"];
}

/**
 * Plans, top-ups and their payments, put together from one module per concern (see each for the rules):
 * - `CheckoutSessions`: what the screens read, and the checkout and portal sessions they open;
 * - `TopUpReservations`: the monthly cap on one-time credits and the open checkouts that hold part of it;
 * - `BillingEventProcessor`: the provider-event state machine, the only place money changes credits or
 *   subscriptions, once per event id;
 * - `BillingRollover`: the period rollover job;
 * - `TestProviderActions`: the built-in test provider's checkout, portal and renewals, which only emit events.
 * This class only routes calls, so the HTTP routes and the job need one object.
 */
export class BillingService {
  readonly sessions: CheckoutSessions;
  readonly reservations: TopUpReservations;
  readonly events: BillingEventProcessor;
  readonly periods: BillingRollover;
  readonly testProvider: TestProviderActions;
  readonly #provider: PaymentProvider;

  constructor(deps: BillingServiceDeps) {
    const clock = deps.clock ?? (() => new Date());
    this.#provider = deps.provider;
    this.reservations = new TopUpReservations({ billing: deps.billing, credits: deps.credits, clock });
    this.events = new BillingEventProcessor({ ...deps, reservations: this.reservations, clock });
    this.sessions = new CheckoutSessions({ ...deps, reservations: this.reservations, clock });
    this.testProvider = new TestProviderActions({
      billing: deps.billing,
      provider: deps.provider.name,
      prices: deps.prices,
      reservations: this.reservations,
      processor: this.events,
      clock,
    });
    this.periods = new BillingRollover({
      ...deps,
      reservations: this.reservations,
      testProvider: this.testProvider,
      clock,
    });
  }

  get providerName(): "test" | "stripe" {
    return this.#provider.name;
  }

  // reads and sessions
  topUpStatus(userId: string): Promise<TopUpStatus> {
    return this.sessions.topUpStatus(userId);
  }
  subscriptionView(userId: string): Promise<SubscriptionView> {
    return this.sessions.subscriptionView(userId);
  }
  createCheckout(
    user: { id: string; email: string },
    input: CheckoutRequest,
    requestOrigin?: string,
  ): Promise<{ url: string }> {
    return this.sessions.createCheckout(user, input, requestOrigin);
  }
  cancelCheckout(userId: string, id: string): Promise<CancelCheckoutResponse> {
    return this.sessions.cancelCheckout(userId, id);
  }
  createPortalSession(userId: string, returnPath?: string, requestOrigin?: string): Promise<{ url: string }> {
    return this.sessions.createPortalSession(userId, returnPath, requestOrigin);
  }

  // provider events
  handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<ProcessResult> {
    return this.events.handleStripeWebhook(rawBody, signature);
  }
  processEvent(event: BillingEvent): Promise<ProcessResult> {
    return this.events.processEvent(event);
  }

  // the period rollover
  rollover(now?: Date): Promise<{ due: number; failed: number; expiredCheckouts: number }> {
    return this.periods.rollover(now);
  }

  // the built-in test provider
  testCheckout(userId: string, id: string): Promise<TestCheckout> {
    return this.testProvider.checkout(userId, id);
  }
  applyTestPromo(userId: string, id: string, code: string | null): Promise<TestCheckout> {
    return this.testProvider.applyPromo(userId, id, code);
  }
  payTestCheckout(userId: string, id: string): Promise<{ redirectPath: string }> {
    return this.testProvider.pay(userId, id);
  }
  cancelTestCheckout(userId: string, id: string): Promise<{ redirectPath: string }> {
    return this.testProvider.cancel(userId, id);
  }
  testPortal(userId: string, returnPath?: string): Promise<TestPortal> {
    return this.testProvider.portal(userId, returnPath);
  }
  testPortalChange(userId: string, target: { planId: string; interval: BillingInterval }): Promise<TestPortal> {
    return this.testProvider.change(userId, target);
  }
  testPortalCancel(userId: string): Promise<TestPortal> {
    return this.testProvider.cancelSubscription(userId);
  }
  testPortalResume(userId: string): Promise<TestPortal> {
    return this.testProvider.resume(userId);
  }
}
