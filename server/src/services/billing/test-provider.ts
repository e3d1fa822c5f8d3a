import { randomUUID } from "node:crypto";
import {
  applyPromo,
  type BillingInterval,
  classifyPlanChange,
  currentPlan,
  findPaidPlan,
  findPromo,
  isSubscriptionActive,
  messages,
  type PaidPlan,
  PORTAL_RETURN_PATH,
  periodContaining,
  periodEnd,
  planPriceCents,
  selfServePlans,
  type TestCheckout,
  type TestPortal,
  TOP_UP_PACK_CREDITS,
  TOP_UP_PACK_PRICE_CENTS,
} from "@reelsmith/core";
import { AppError } from "../../lib/errors.ts";
import type { BillingRepository, PaymentRow, SubscriptionRow } from "../../repositories/billing.repository.ts";
import type { BillingEvent, ProviderName, SubscriptionSnapshot } from "../../repositories/payments/payment-provider.ts";
import { TestPaymentProvider } from "../../repositories/payments/test-provider.ts";
import type { PriceCatalog } from "../price-catalog.ts";
import type { BillingEventProcessor } from "./event-processor.ts";
import { subscriptionViewOf } from "./subscription-view.ts";
import type { TopUpReservations } from "./top-up-reservations.ts";

export interface TestProviderDeps {
  billing: BillingRepository;
  /** The configured provider: the test pages answer only when it is the test provider. */
  provider: ProviderName;
  prices: PriceCatalog;
  reservations: TopUpReservations;
  processor: BillingEventProcessor;
  clock: () => Date;
}

/**
 * The built-in test provider's side of the app: its checkout page (Pay, Cancel, a promotion code), its
 * billing portal (upgrade, downgrade, cancel, resume) and its renewals at the end of a period. Like Stripe,
 * it only tells the app what happened: every action becomes a `BillingEvent` with its own id, applied by
 * the same `BillingEventProcessor.processEvent` as a Stripe webhook, so test mode exercises the real path.
 * Ids are derived from what the event stands for where one action must count once (a checkout's payment,
 * an upgrade from one period, a period's renewal): a double click or a second job run is a duplicate.
 */
export class TestProviderActions {
  constructor(private readonly d: TestProviderDeps) {}

  #requireTest(): void {
    if (this.d.provider !== "test") throw new AppError("NOT_FOUND", "Not found.");
  }

  // --- the test checkout ---

  async #payment(userId: string, id: string): Promise<PaymentRow> {
    this.#requireTest();
    const payment = await this.d.billing.findPayment(id);
    if (!payment || payment.userId !== userId || payment.provider !== "test" || !payment.providerSessionId) {
      throw new AppError("NOT_FOUND", messages.billing.checkoutNotFound);
    }
    return this.d.reservations.expireIfLapsed(payment);
  }

  /** The order a test checkout shows: items, quantity, discount and total. */
  async checkout(userId: string, id: string): Promise<TestCheckout> {
    const payment = await this.#payment(userId, id);
    const plan = findPaidPlan(payment.planId);
    const items =
      payment.mode === "payment"
        ? [
            {
              description: `Credit pack (${TOP_UP_PACK_CREDITS} credits)`,
              quantity: payment.quantity,
              unitAmountCents: TOP_UP_PACK_PRICE_CENTS,
              amountCents: payment.subtotalCents,
            },
          ]
        : [
            {
              description: `${plan?.name ?? payment.planId} plan, billed ${payment.billingInterval === "year" ? "yearly" : "monthly"}`,
              quantity: 1,
              unitAmountCents: payment.subtotalCents,
              amountCents: payment.subtotalCents,
            },
          ];
    return {
      id: payment.id,
      mode: payment.mode === "subscription" ? "subscription" : "payment",
      status: payment.status as TestCheckout["status"],
      items,
      credits: payment.mode === "payment" ? payment.credits : (plan?.creditsPerMonth ?? 0),
      subtotalCents: payment.subtotalCents,
      discountCents: payment.discountCents,
      totalCents: payment.amountCents,
      promoCode: payment.promoCode,
      promoAllowed: payment.mode === "subscription",
      currency: payment.currency.toUpperCase(),
      expiresAt: payment.expiresAt?.toISOString() ?? null,
      cancelPath: payment.cancelPath ?? "/home",
      successPath: payment.successPath ?? "/home",
    };
  }

  /** Applies (or with null removes) a promotion code on an open test plan checkout. */
  async applyPromo(userId: string, id: string, code: string | null): Promise<TestCheckout> {
    const payment = await this.#payment(userId, id);
    requireOpen(payment);
    if (payment.mode !== "subscription") throw new AppError("VALIDATION_FAILED", messages.billing.promoPlansOnly);
    const promo = code ? findPromo(code) : undefined;
    if (code && !promo) throw new AppError("VALIDATION_FAILED", messages.billing.promoInvalid);
    const price = applyPromo(payment.subtotalCents, promo?.code);
    await this.d.billing.updatePayment(payment.id, {
      promoCode: promo?.code ?? null,
      discountCents: price.discountCents,
      amountCents: price.totalCents,
    });
    return this.checkout(userId, id);
  }

  /** Pay: the provider reports the checkout completed (for a plan, with the subscription it starts). */
  async pay(userId: string, id: string): Promise<{ redirectPath: string }> {
    const payment = await this.#payment(userId, id);
    const successPath = payment.successPath ?? "/home";
    if (payment.status === "completed") return { redirectPath: successPath };
    requireOpen(payment);
    const now = this.d.clock();
    let subscription: SubscriptionSnapshot | null = null;
    if (payment.mode === "subscription") {
      const current = await this.d.billing.findSubscription(userId);
      if (current && isSubscriptionActive(current.status)) {
        await this.d.reservations.release(payment.id);
        throw new AppError("CONFLICT", messages.billing.alreadySubscribed);
      }
      const interval: BillingInterval = payment.billingInterval === "year" ? "year" : "month";
      subscription = {
        provider: "test",
        providerSubscriptionId: TestPaymentProvider.subscriptionId(userId),
        providerCustomerId: TestPaymentProvider.customerId(userId),
        status: "active",
        priceId: payment.priceId,
        periodStart: now,
        periodEnd: periodEnd(now, interval),
        cancelAtPeriodEnd: false,
        scheduledPriceId: null,
        userId,
      };
    }
    await this.d.processor.processEvent({
      id: `test:checkout.completed:${payment.id}`,
      type: "checkout.completed",
      provider: "test",
      paymentId: payment.id,
      providerSessionId: payment.providerSessionId,
      providerCustomerId: TestPaymentProvider.customerId(userId),
      paymentIntentId: null,
      amountTotalCents: null,
      subscription,
    });
    const after = await this.d.billing.findPayment(payment.id);
    if (after?.status === "refunded") throw new AppError("LIMIT_REACHED", messages.billing.capExceededRefunded);
    if (after?.status === "cancelled") throw new AppError("CONFLICT", messages.billing.alreadySubscribed);
    return { redirectPath: successPath };
  }

  /** Cancel on the checkout page: the order is dropped and its reservation released. */
  async cancel(userId: string, id: string): Promise<{ redirectPath: string }> {
    const payment = await this.#payment(userId, id);
    if (payment.status === "open") await this.d.reservations.release(payment.id);
    return { redirectPath: payment.cancelPath ?? "/home" };
  }

  // --- the test billing portal ---

  async #subscription(userId: string): Promise<{ row: SubscriptionRow; plan: PaidPlan; interval: BillingInterval }> {
    this.#requireTest();
    const row = await this.d.billing.findSubscription(userId);
    const plan = findPaidPlan(currentPlan(row, this.d.prices.priceIdsByPlan())?.id);
    if (row?.provider !== "test" || !plan) throw new AppError("NOT_FOUND", messages.billing.noPlanToManage);
    return { row, plan, interval: row.billingInterval === "year" ? "year" : "month" };
  }

  async portal(userId: string, returnPath?: string): Promise<TestPortal> {
    const { row, plan: currentPaid, interval } = await this.#subscription(userId);
    const current = { planId: currentPaid.id, interval };
    const options = selfServePlans.flatMap((plan) =>
      (["month", "year"] as const).map((optionInterval) => ({
        planId: plan.id,
        name: plan.name,
        interval: optionInterval,
        priceCents: planPriceCents(plan, optionInterval),
        creditsPerMonth: plan.creditsPerMonth,
        change: classifyPlanChange(current, { planId: plan.id, interval: optionInterval }),
        scheduled:
          row.scheduledChangeType === "downgrade" &&
          row.scheduledPlanId === plan.id &&
          (row.scheduledInterval ?? interval) === optionInterval,
      })),
    );
    return {
      subscription: subscriptionViewOf(row, this.d.provider, this.d.prices),
      options,
      returnPath: returnPath ?? PORTAL_RETURN_PATH,
    };
  }

  /**
   * Changes plan in the test portal: an upgrade is paid at once (an invoice for the new plan's full price,
   * a new period from today), a downgrade is scheduled for the end of the period, and choosing the current
   * plan again undoes a scheduled change.
   */
  async change(userId: string, target: { planId: string; interval: BillingInterval }): Promise<TestPortal> {
    const { row, plan: from, interval } = await this.#subscription(userId);
    const plan = findPaidPlan(target.planId);
    if (!plan) throw new AppError("VALIDATION_FAILED", messages.billing.enterpriseByContact);
    const change = classifyPlanChange({ planId: from.id, interval }, target);
    if (change === "none") return this.resume(userId);
    const priceId = this.d.prices.planPriceId(plan.id, target.interval);
    const base = this.#snapshotOf(row);
    if (change === "downgrade") {
      await this.#emit({
        id: `test:subscription.updated:${randomUUID()}`,
        type: "subscription.updated",
        provider: "test",
        snapshot: { ...base, cancelAtPeriodEnd: false, scheduledPriceId: priceId },
      });
      return this.portal(userId);
    }
    const now = this.d.clock();
    const fromPeriod = (row.currentPeriodStart ?? now).toISOString();
    await this.#emit({
      // One upgrade per period and target: a second click on the same upgrade is a duplicate.
      id: `test:invoice.paid:upgrade:${base.providerSubscriptionId}:${from.id}.${interval}:${fromPeriod}:${plan.id}.${target.interval}`,
      type: "invoice.paid",
      provider: "test",
      snapshot: {
        ...base,
        status: "active",
        priceId,
        periodStart: now,
        periodEnd: periodEnd(now, target.interval),
        cancelAtPeriodEnd: false,
        scheduledPriceId: null,
      },
      invoice: { amountCents: planPriceCents(plan, target.interval), reason: "upgrade", previousPlanId: from.id },
    });
    return this.portal(userId);
  }

  /** Cancels at the end of the period. */
  async cancelSubscription(userId: string): Promise<TestPortal> {
    const { row } = await this.#subscription(userId);
    await this.#emit({
      id: `test:subscription.updated:${randomUUID()}`,
      type: "subscription.updated",
      provider: "test",
      snapshot: { ...this.#snapshotOf(row), cancelAtPeriodEnd: true, scheduledPriceId: null },
    });
    return this.portal(userId);
  }

  /** Keeps the subscription as it is: drops a scheduled downgrade or cancellation. */
  async resume(userId: string): Promise<TestPortal> {
    const { row } = await this.#subscription(userId);
    await this.#emit({
      id: `test:subscription.updated:${randomUUID()}`,
      type: "subscription.updated",
      provider: "test",
      snapshot: { ...this.#snapshotOf(row), cancelAtPeriodEnd: false, scheduledPriceId: null },
    });
    return this.portal(userId);
  }

  // --- renewals (called by the period rollover) ---

  /**
   * The end of a test subscription's period: a scheduled cancellation ends it; otherwise the next period
   * (the one containing `now`, on the scheduled plan if a downgrade was due) is invoiced and paid. With
   * Stripe configured, a test subscription left over simply ends. Once per period: the event id names it.
   */
  async renew(row: SubscriptionRow, now: Date): Promise<void> {
    const base = this.#snapshotOf(row);
    const interval: BillingInterval = (row.scheduledInterval ?? row.billingInterval) === "year" ? "year" : "month";
    const plan = row.scheduledPlanId
      ? findPaidPlan(row.scheduledPlanId)
      : findPaidPlan(currentPlan(row, this.d.prices.priceIdsByPlan())?.id);
    if (row.scheduledChangeType === "cancel" || !plan || this.d.provider !== "test" || !row.currentPeriodEnd) {
      await this.#emit({
        id: `test:subscription.deleted:${base.providerSubscriptionId}:${base.periodEnd.toISOString()}`,
        type: "subscription.deleted",
        provider: "test",
        snapshot: { ...base, cancelAtPeriodEnd: false },
      });
      return;
    }
    const period = periodContaining(row.currentPeriodEnd, interval, now);
    await this.#emit({
      id: `test:invoice.paid:${base.providerSubscriptionId}:${period.start.toISOString()}`,
      type: "invoice.paid",
      provider: "test",
      snapshot: {
        ...base,
        status: "active",
        priceId: this.d.prices.planPriceId(plan.id, interval),
        periodStart: period.start,
        periodEnd: period.end,
        cancelAtPeriodEnd: false,
        scheduledPriceId: null,
      },
      invoice: { amountCents: planPriceCents(plan, interval), reason: "renewal", previousPlanId: null },
    });
  }

  async #emit(event: BillingEvent): Promise<void> {
    await this.d.processor.processEvent(event);
  }

  /** The subscription as the test provider holds it: the app's row, in the provider's terms. */
  #snapshotOf(row: SubscriptionRow): SubscriptionSnapshot {
    const now = this.d.clock();
    const interval: BillingInterval = row.billingInterval === "year" ? "year" : "month";
    const plan = findPaidPlan(currentPlan(row, this.d.prices.priceIdsByPlan())?.id);
    return {
      provider: "test",
      providerSubscriptionId: row.providerSubscriptionId ?? TestPaymentProvider.subscriptionId(row.userId),
      providerCustomerId: row.providerCustomerId,
      status: row.status ?? "incomplete",
      priceId: row.priceId ?? (plan ? this.d.prices.planPriceId(plan.id, interval) : null),
      periodStart: row.currentPeriodStart ?? now,
      periodEnd: row.currentPeriodEnd ?? now,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      scheduledPriceId:
        row.scheduledChangeType === "downgrade" && row.scheduledPlanId
          ? this.d.prices.planPriceId(row.scheduledPlanId, row.scheduledInterval === "year" ? "year" : "month")
          : null,
      userId: row.userId,
    };
  }
}

function requireOpen(payment: PaymentRow): void {
  if (payment.status === "open") return;
  if (payment.status === "expired") throw new AppError("GONE", messages.billing.checkoutExpired);
  throw new AppError("GONE", messages.billing.checkoutFinished);
}
