import {
  applyPromo,
  type BillingInterval,
  CHECKOUT_RESERVATION_MINUTES,
  type CheckoutRequest,
  checkoutRequestSchema,
  classifyPlanChange,
  creditCycleContaining,
  findPaidPlan,
  findPromo,
  isSubscriptionActive,
  maxTopUpQuantity,
  messages,
  type PaidPlan,
  PLAN_SUCCESS_PATH,
  PORTAL_RETURN_PATH,
  periodContaining,
  periodEnd,
  planPriceCents,
  remainingMonthlyCap,
  resolvePlan,
  type SubscriptionView,
  selfServePlans,
  subscriptionCardBadge,
  type TestCheckout,
  type TestPortal,
  TOP_UP_MAX_PACKS_PER_PURCHASE,
  TOP_UP_MONTHLY_CAP_CREDITS,
  TOP_UP_PACK_CREDITS,
  TOP_UP_PACK_PRICE_CENTS,
  TOP_UP_SUCCESS_PATH,
  type TopUpStatus,
  topUpCredits,
  topUpTotalCents,
  utcMonthRange,
} from "@reelsmith/core";
import type { Transaction } from "../db/client.ts";
import type { EventBus } from "../events/event-bus.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { BillingRepository, PaymentRow, SubscriptionRow } from "../repositories/billing.repository.ts";
import type { LedgerRow } from "../repositories/credits.repository.ts";
import type { BillingEvent, PaymentProvider, SubscriptionSnapshot } from "../repositories/payments/payment-provider.ts";
import type { StripePaymentProvider } from "../repositories/payments/stripe-provider.ts";
import { TestPaymentProvider } from "../repositories/payments/test-provider.ts";
import type { CreditsService } from "./credits.service.ts";
import type { PriceCatalog } from "./price-catalog.ts";

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
  logger: Logger;
  clock?: () => Date;
}

/** What a committed billing transaction has to announce or do afterwards. */
interface Effects {
  ledger: LedgerRow[];
  subscription: SubscriptionRow | undefined;
  refunds: PaymentRow[];
}
const noEffects = (): Effects => ({ ledger: [], subscription: undefined, refunds: [] });

export type ProcessResult = "processed" | "duplicate" | "ignored";

/**
 * Plans, top-ups and their payments. Every change that touches credits runs in one transaction holding
 * the user's ledger lock; provider events (webhooks, the test checkout's Pay button, the test provider's
 * renewals) all go through `processEvent`, which records the event id first so each is handled once.
 */
export class BillingService {
  readonly #d: BillingServiceDeps;
  readonly #clock: () => Date;

  constructor(deps: BillingServiceDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? (() => new Date());
  }

  get providerName(): "test" | "stripe" {
    return this.#d.provider.name;
  }

  // --- reads ---

  async topUpStatus(userId: string): Promise<TopUpStatus> {
    const now = this.#clock();
    const month = utcMonthRange(now);
    const usage = await this.#d.billing.topUpUsage(userId, month, now);
    const remainingCap = remainingMonthlyCap(usage.completed + usage.reserved);
    return {
      packCredits: TOP_UP_PACK_CREDITS,
      packPriceCents: TOP_UP_PACK_PRICE_CENTS,
      maxPacksPerPurchase: TOP_UP_MAX_PACKS_PER_PURCHASE,
      monthlyCap: TOP_UP_MONTHLY_CAP_CREDITS,
      purchasedThisMonth: usage.completed,
      reservedThisMonth: usage.reserved,
      remainingCap,
      maxQuantity: maxTopUpQuantity(remainingCap),
      monthStart: month.start.toISOString(),
      monthEnd: month.end.toISOString(),
    };
  }

  async subscriptionView(userId: string): Promise<SubscriptionView> {
    const row = await this.#d.billing.findSubscription(userId);
    return this.#view(row);
  }

  #view(row: SubscriptionRow | undefined): SubscriptionView {
    const empty: SubscriptionView = {
      provider: this.providerName,
      status: null,
      active: false,
      badge: "No Subscription",
      plan: null,
      interval: null,
      scheduledPlan: null,
      scheduledInterval: null,
      scheduledChangeType: null,
      scheduledChangeDate: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      priceCents: null,
    };
    if (!row?.status) return empty;
    const active = isSubscriptionActive(row.status);
    const plan = active ? resolvePlan(row, this.#d.prices.priceIdsByPlan()) : undefined;
    const paid = findPaidPlan(plan?.id);
    const interval = row.billingInterval === "year" ? "year" : "month";
    const scheduledPlan = active ? findPaidPlan(row.scheduledPlanId) : undefined;
    const changeType =
      active && (row.scheduledChangeType === "downgrade" || row.scheduledChangeType === "cancel")
        ? row.scheduledChangeType
        : null;
    return {
      ...empty,
      status: row.status,
      active,
      badge: active ? subscriptionCardBadge(row) : "Inactive",
      plan: plan ? { id: plan.id, name: plan.name } : null,
      interval: plan ? interval : null,
      scheduledPlan: scheduledPlan ? { id: scheduledPlan.id, name: scheduledPlan.name } : null,
      scheduledInterval: scheduledPlan ? ((row.scheduledInterval as BillingInterval | null) ?? interval) : null,
      scheduledChangeType: changeType,
      scheduledChangeDate: changeType
        ? ((row.scheduledChangeDate ?? row.currentPeriodEnd)?.toISOString() ?? null)
        : null,
      currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      priceCents: paid ? planPriceCents(paid, interval) : null,
    };
  }

  // --- checkout ---

  /**
   * The spec's create-checkout-session. Top-ups: quantity 1..5 packs, checked against the monthly cap
   * (completed purchases plus open reservations of this UTC month) under the user's lock, so parallel
   * checkouts cannot pass it together. Plans: one subscription per user; a promotion code is checked here.
   */
  async createCheckout(user: { id: string; email: string }, input: CheckoutRequest): Promise<{ url: string }> {
    const request = checkoutRequestSchema.parse(input);
    const now = this.#clock();
    const expiresAt = new Date(now.getTime() + CHECKOUT_RESERVATION_MINUTES * 60_000);
    let payment: PaymentRow;
    let priceId: string;
    let promoCode: string | null = null;

    if (request.mode === "payment") {
      if (request.quantity <= 0) throw new AppError("VALIDATION_FAILED", messages.billing.nothingToPurchase);
      priceId = this.#d.prices.topUpPackPriceId;
      payment = await this.#d.credits.locked(user.id, async (tx) => {
        const usage = await this.#d.billing.topUpUsage(user.id, utcMonthRange(now), now, tx);
        const remainingCap = remainingMonthlyCap(usage.completed + usage.reserved);
        const maxQuantityAllowed = maxTopUpQuantity(remainingCap);
        if (request.quantity > maxQuantityAllowed) {
          throw new AppError(
            "LIMIT_REACHED",
            maxQuantityAllowed <= 0
              ? messages.billing.monthlyLimitReached
              : messages.billing.maxPacks(maxQuantityAllowed, remainingCap),
            { maxQuantityAllowed, remainingCap },
          );
        }
        const total = topUpTotalCents(request.quantity);
        return this.#d.billing.insertPayment(
          {
            userId: user.id,
            provider: this.providerName,
            mode: "payment",
            status: "open",
            priceId,
            quantity: request.quantity,
            credits: topUpCredits(request.quantity),
            subtotalCents: total,
            discountCents: 0,
            amountCents: total,
            successPath: request.successPath ?? TOP_UP_SUCCESS_PATH,
            cancelPath: request.cancelPath ?? TOP_UP_SUCCESS_PATH,
            expiresAt,
            createdAt: now,
          },
          tx,
        );
      });
    } else {
      const plan = findPaidPlan(request.planId);
      if (!plan) throw new AppError("VALIDATION_FAILED", messages.billing.enterpriseByContact);
      const current = await this.#d.billing.findSubscription(user.id);
      if (current && isSubscriptionActive(current.status)) {
        throw new AppError("CONFLICT", messages.billing.alreadySubscribed);
      }
      if (request.promoCode) {
        const promo = findPromo(request.promoCode);
        if (!promo) throw new AppError("VALIDATION_FAILED", messages.billing.promoInvalid);
        promoCode = promo.code;
      }
      priceId = this.#d.prices.planPriceId(plan.id, request.interval);
      const price = applyPromo(planPriceCents(plan, request.interval), promoCode);
      payment = await this.#d.billing.insertPayment({
        userId: user.id,
        provider: this.providerName,
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
      const subscription = await this.#d.billing.findSubscription(user.id);
      session = await this.#d.provider.createCheckoutSession({
        payment,
        customer: {
          userId: user.id,
          email: user.email,
          providerCustomerId: subscription?.provider === this.providerName ? subscription.providerCustomerId : null,
        },
        priceId,
        quantity: payment.quantity,
        successUrl: this.#absolute(payment.successPath ?? "/home"),
        cancelUrl: this.#absolute(payment.cancelPath ?? "/home"),
        promoCode,
        expiresAt,
      });
    } catch (error) {
      // The reservation is released: nothing was bought.
      await this.#d.billing.updatePayment(payment.id, { status: "cancelled" });
      if (error instanceof AppError) throw error;
      this.#d.logger.error({ err: error, paymentId: payment.id }, "checkout session could not be created");
      throw new AppError("PROVIDER_ERROR", messages.billing.checkoutFailed);
    }
    if (!session.url) {
      await this.#d.billing.updatePayment(payment.id, { status: "cancelled", providerSessionId: session.sessionId });
      throw new AppError("PROVIDER_ERROR", messages.billing.noCheckoutUrl);
    }
    await this.#d.billing.updatePayment(payment.id, { providerSessionId: session.sessionId, checkoutUrl: session.url });
    return { url: session.url };
  }

  /** The spec's create-billing-portal-session: only with a current plan. */
  async createPortalSession(userId: string, returnPath?: string): Promise<{ url: string }> {
    const row = await this.#d.billing.findSubscription(userId);
    const view = this.#view(row);
    if (!row || !view.active || !view.plan || row.provider !== this.providerName) {
      throw new AppError("NOT_FOUND", messages.billing.noPlanToManage);
    }
    let url: string | null;
    try {
      ({ url } = await this.#d.provider.createPortalSession({
        userId,
        customerId: row.providerCustomerId,
        returnUrl: this.#absolute(returnPath ?? PORTAL_RETURN_PATH),
      }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.#d.logger.error({ err: error }, "billing portal session could not be created");
      throw new AppError("PROVIDER_ERROR", messages.billing.portalFailed);
    }
    if (!url) throw new AppError("PROVIDER_ERROR", messages.billing.portalFailed);
    return { url };
  }

  // --- fulfilment: one path for every provider ---

  /** A verified Stripe webhook: processed once per event id. */
  async handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<ProcessResult> {
    const stripe = this.#d.stripe;
    if (!stripe) throw new AppError("NOT_FOUND", "Not found.");
    const event = stripe.verifyWebhook(rawBody, signature);
    if (await this.#d.billing.eventSeen(event.id)) return "duplicate";
    const normalized = await stripe.normalize(event);
    if (!normalized) {
      await this.#d.billing.recordEvent({ id: event.id, provider: "stripe", type: event.type, payload: event });
      return "ignored";
    }
    return this.processEvent(normalized);
  }

  /**
   * Applies a provider event exactly once: the event id is recorded in the same transaction as its
   * effects (ledger rows, payment and subscription changes), so a replay finds it and does nothing.
   */
  async processEvent(event: BillingEvent): Promise<ProcessResult> {
    const now = this.#clock();
    let userId: string | undefined;
    if (event.type === "checkout.completed" || event.type === "checkout.expired") {
      userId = (await this.#d.billing.findPayment(event.paymentId))?.userId;
    } else {
      const fromMetadata = event.snapshot.userId ? await this.#d.billing.findUser(event.snapshot.userId) : undefined;
      userId =
        fromMetadata?.id ??
        (await this.#d.billing.findUserIdByProviderIds({
          subscriptionId: event.snapshot.providerSubscriptionId,
          customerId: event.snapshot.providerCustomerId,
        }));
    }
    if (!userId) {
      this.#d.logger.warn({ eventId: event.id, type: event.type }, "billing event for an unknown payment or user");
      await this.#d.billing.recordEvent({ id: event.id, provider: event.provider, type: event.type, payload: event });
      return "ignored";
    }
    const owner = userId;
    const effects = noEffects();
    const result = await this.#d.credits.locked(owner, async (tx): Promise<ProcessResult> => {
      const fresh = await this.#d.billing.recordEvent(
        { id: event.id, provider: event.provider, type: event.type, payload: event },
        tx,
      );
      if (!fresh) return "duplicate";
      if (event.type === "subscription.changed") {
        await this.#applySnapshot(tx, owner, event.snapshot, event.paid, now, effects);
        return "processed";
      }
      const payment = await this.#d.billing.findPayment(event.paymentId, tx);
      if (!payment) return "ignored";
      if (event.type === "checkout.expired") {
        if (payment.status === "open") await this.#d.billing.updatePayment(payment.id, { status: "expired" }, tx);
        return "processed";
      }
      if (payment.status === "completed" || payment.status === "refunded") return "processed";
      const charged = this.#charged(payment, event.amountTotalCents);
      const common = {
        providerSessionId: event.providerSessionId ?? payment.providerSessionId,
        providerPaymentIntentId: event.paymentIntentId ?? payment.providerPaymentIntentId,
        ...charged,
        completedAt: now,
      };
      if (payment.mode === "payment") {
        await this.#fulfilTopUp(tx, payment, common, now, effects);
      } else if (
        event.provider === "test" &&
        isSubscriptionActive((await this.#d.billing.findSubscription(owner, tx))?.status)
      ) {
        // Two test plan checkouts paid at once: only the first one subscribes (no money moved).
        await this.#d.billing.updatePayment(payment.id, { status: "cancelled" }, tx);
      } else if (event.subscription) {
        await this.#applySnapshot(tx, owner, event.subscription, true, now, effects);
        await this.#d.billing.updatePayment(payment.id, { status: "completed", ...common }, tx);
      } else {
        this.#d.logger.error({ paymentId: payment.id }, "a plan checkout completed without a subscription");
        await this.#d.billing.updatePayment(payment.id, { status: "completed", ...common }, tx);
      }
      return "processed";
    });
    await this.#afterCommit(owner, effects);
    return result;
  }

  /**
   * Credits a completed top-up, after checking the monthly cap again against completed purchases: a
   * purchase that would pass it (possible only when its reservation lapsed and the cap was used up
   * meanwhile) is refunded in full through the provider instead of credited.
   */
  async #fulfilTopUp(
    tx: Transaction,
    payment: PaymentRow,
    update: Partial<PaymentRow>,
    now: Date,
    effects: Effects,
  ): Promise<void> {
    const usage = await this.#d.billing.topUpUsage(
      payment.userId,
      utcMonthRange(payment.createdAt),
      now,
      tx,
      payment.id,
    );
    if (usage.completed + payment.credits > TOP_UP_MONTHLY_CAP_CREDITS) {
      const refunded = await this.#d.billing.updatePayment(
        payment.id,
        {
          ...update,
          status: "refunded",
          metadata: { ...(payment.metadata as object), refundReason: messages.billing.capExceededRefunded },
        },
        tx,
      );
      if (refunded) effects.refunds.push(refunded);
      return;
    }
    const row = await this.#d.credits.creditPurchase(tx, {
      userId: payment.userId,
      paymentId: payment.id,
      credits: payment.credits,
      notes: `${payment.quantity} credit pack${payment.quantity === 1 ? "" : "s"} (${payment.credits} credits)`,
    });
    if (row) effects.ledger.push(row);
    await this.#d.billing.updatePayment(payment.id, { ...update, status: "completed" }, tx);
  }

  /** What the provider says it charged, kept consistent with subtotal - discount. */
  #charged(payment: PaymentRow, amountTotalCents: number | null) {
    if (amountTotalCents === null || amountTotalCents > payment.subtotalCents) return {};
    return { amountCents: amountTotalCents, discountCents: payment.subtotalCents - amountTotalCents };
  }

  /**
   * Brings the user's subscription row in line with the provider's view, and the credits with it:
   * - inactive: the open cycle's plan credits expire and the cycle closes;
   * - a payment (`paid`) for a new cycle: the old cycle's plan credits expire and the plan's monthly
   *   credits are granted; an upgrade grants the new plan's credits at once and carries unspent plan
   *   credits over into the new period instead of expiring them;
   * - no payment: nothing is granted; a cycle that ended expires.
   */
  async #applySnapshot(
    tx: Transaction,
    userId: string,
    snapshot: SubscriptionSnapshot,
    paid: boolean,
    now: Date,
    effects: Effects,
  ): Promise<void> {
    const row = await this.#d.billing.findSubscription(userId, tx);
    const resolved = this.#d.prices.resolve(snapshot.priceId);
    const active = isSubscriptionActive(snapshot.status) && Boolean(resolved);
    const samePeriod =
      row?.providerSubscriptionId === snapshot.providerSubscriptionId &&
      row.currentPeriodStart?.getTime() === snapshot.periodStart.getTime();
    const periodPaid = paid || (samePeriod && Boolean(row?.currentPeriodPaid));

    const previous = row && isSubscriptionActive(row.status) ? findPaidPlan(row.planId) : undefined;
    const upgrade =
      Boolean(previous && resolved) &&
      classifyPlanChange(
        { planId: previous?.id ?? "", interval: row?.billingInterval === "year" ? "year" : "month" },
        { planId: resolved?.plan.id ?? "", interval: resolved?.interval ?? "month" },
      ) === "upgrade";

    let scheduled: Pick<
      SubscriptionRow,
      "scheduledChangeType" | "scheduledPlanId" | "scheduledInterval" | "scheduledChangeDate"
    > = { scheduledChangeType: null, scheduledPlanId: null, scheduledInterval: null, scheduledChangeDate: null };
    if (active && resolved && snapshot.cancelAtPeriodEnd) {
      scheduled = { ...scheduled, scheduledChangeType: "cancel", scheduledChangeDate: snapshot.periodEnd };
    } else if (active && resolved && snapshot.scheduledPriceId) {
      const next = this.#d.prices.resolve(snapshot.scheduledPriceId);
      if (
        next &&
        classifyPlanChange(
          { planId: resolved.plan.id, interval: resolved.interval },
          { planId: next.plan.id, interval: next.interval },
        ) === "downgrade"
      ) {
        scheduled = {
          scheduledChangeType: "downgrade",
          scheduledPlanId: next.plan.id,
          scheduledInterval: next.interval,
          scheduledChangeDate: snapshot.periodEnd,
        };
      }
    }

    let cycle =
      row?.creditsCycleStart && row.creditsCycleEnd ? { start: row.creditsCycleStart, end: row.creditsCycleEnd } : null;
    const push = (entry: LedgerRow | undefined) => {
      if (entry) effects.ledger.push(entry);
    };
    if (!active || !resolved) {
      if (cycle) push(await this.#d.credits.expirePlanCredits(tx, { userId, cycleStart: cycle.start }));
      cycle = null;
    } else if (paid) {
      const target = creditCycleContaining({ start: snapshot.periodStart, end: snapshot.periodEnd }, now);
      const plan = resolved.plan;
      if (!cycle || cycle.start.getTime() !== target.start.getTime()) {
        if (cycle && (!upgrade || cycle.end <= now)) {
          push(await this.#d.credits.expirePlanCredits(tx, { userId, cycleStart: cycle.start }));
        }
        push(await this.#grant(tx, userId, plan, target.start));
        cycle = target;
      } else {
        // Same cycle: a payment for a plan with more credits than any granted this cycle is an upgrade and adds
        // that plan's credits (whatever order the provider's events came in); a repeat or a cheaper plan adds none.
        const granted = await this.#d.credits.plansGrantedForCycle(tx, userId, cycle.start);
        const most = Math.max(0, ...granted.map((id) => findPaidPlan(id)?.creditsPerMonth ?? 0));
        if (!granted.includes(plan.id) && plan.creditsPerMonth > most) {
          push(await this.#grant(tx, userId, plan, cycle.start));
        }
      }
    } else if (cycle && cycle.end <= now) {
      push(await this.#d.credits.expirePlanCredits(tx, { userId, cycleStart: cycle.start }));
      cycle = null;
    }

    effects.subscription = await this.#d.billing.saveSubscription(
      userId,
      {
        status: snapshot.status,
        planId: resolved?.plan.id ?? row?.planId ?? null,
        priceId: snapshot.priceId,
        billingInterval: resolved?.interval ?? row?.billingInterval ?? "month",
        currentPeriodStart: snapshot.periodStart,
        currentPeriodEnd: snapshot.periodEnd,
        ...scheduled,
        cancelAtPeriodEnd: active && snapshot.cancelAtPeriodEnd,
        provider: snapshot.provider,
        providerCustomerId: snapshot.providerCustomerId ?? row?.providerCustomerId ?? null,
        providerSubscriptionId: snapshot.providerSubscriptionId,
        creditsCycleStart: cycle?.start ?? null,
        creditsCycleEnd: cycle?.end ?? null,
        currentPeriodPaid: active && periodPaid,
      },
      tx,
    );
  }

  #grant(tx: Transaction, userId: string, plan: PaidPlan, cycleStart: Date) {
    return this.#d.credits.grantPlanCredits(tx, {
      userId,
      planId: plan.id,
      credits: plan.creditsPerMonth,
      cycleStart,
    });
  }

  async #afterCommit(userId: string, effects: Effects): Promise<void> {
    for (const payment of effects.refunds) {
      try {
        await this.#d.provider.refund(payment);
        this.#d.logger.warn({ paymentId: payment.id }, "top-up refunded: it would have passed the monthly cap");
      } catch (error) {
        this.#d.logger.error(
          { err: error, paymentId: payment.id },
          "a top-up over the monthly cap could not be refunded automatically; refund it by hand",
        );
      }
    }
    if (effects.ledger.length > 0) {
      const last = effects.ledger.at(-1);
      await this.#d.credits.publishBalance(userId, last);
    }
    if (effects.subscription && this.#d.events) {
      await this.#d.events.publish(userId, {
        type: "subscription",
        status: effects.subscription.status,
        planId: effects.subscription.planId,
      });
    }
  }

  // --- period rollover (pg-boss cron job) ---

  /**
   * Advances every subscription whose credit cycle or (test provider) billing period has ended at `now`:
   * expires the ended cycle's plan credits, applies a scheduled downgrade or cancellation, charges the
   * test provider's renewal and grants the new cycle's credits. Idempotent: a second run finds nothing due,
   * and every grant and expiry has its own idempotency key.
   */
  async rollover(now: Date = this.#clock()): Promise<{ due: number; failed: number; expiredCheckouts: number }> {
    const expiredCheckouts = await this.#d.billing.expireLapsedPayments(now);
    const due = await this.#d.billing.dueForRollover(now);
    let failed = 0;
    for (const userId of due) {
      try {
        await this.rolloverUser(userId, now);
      } catch (error) {
        failed += 1;
        this.#d.logger.error({ err: error, userId }, "subscription rollover failed");
      }
    }
    return { due: due.length, failed, expiredCheckouts };
  }

  async rolloverUser(userId: string, now: Date): Promise<void> {
    const effects = noEffects();
    await this.#d.credits.locked(userId, async (tx) => {
      const row = await this.#d.billing.findSubscription(userId, tx);
      if (!row) return;
      const active = isSubscriptionActive(row.status);
      if (row.provider === "test" && active && row.currentPeriodEnd && row.currentPeriodEnd <= now) {
        await this.#renewTestSubscription(tx, row, now, effects);
        return;
      }
      if (!row.creditsCycleStart || !row.creditsCycleEnd || row.creditsCycleEnd > now) return;
      effects.ledger.push(
        ...[await this.#d.credits.expirePlanCredits(tx, { userId, cycleStart: row.creditsCycleStart })].filter(
          (e): e is LedgerRow => Boolean(e),
        ),
      );
      // The next month of a paid (annual) period is granted here; a new period waits for its payment.
      const plan = findPaidPlan(row.planId);
      let next: { start: Date; end: Date } | null = null;
      if (
        active &&
        plan &&
        row.currentPeriodPaid &&
        row.currentPeriodStart &&
        row.currentPeriodEnd &&
        now < row.currentPeriodEnd
      ) {
        next = creditCycleContaining({ start: row.currentPeriodStart, end: row.currentPeriodEnd }, now);
        const granted = await this.#grant(tx, userId, plan, next.start);
        if (granted) effects.ledger.push(granted);
      }
      await this.#d.billing.updateSubscription(
        userId,
        { creditsCycleStart: next?.start ?? null, creditsCycleEnd: next?.end ?? null },
        tx,
      );
    });
    await this.#afterCommit(userId, effects);
  }

  /**
   * The test provider bills renewals itself: at the end of a period it applies a scheduled cancellation
   * (the subscription ends) or downgrade (the new plan starts), records the renewal charge and starts the
   * period that contains `now`. With Stripe configured, test subscriptions simply end.
   */
  async #renewTestSubscription(tx: Transaction, row: SubscriptionRow, now: Date, effects: Effects): Promise<void> {
    const base = this.#snapshotOf(row);
    const planId = row.scheduledPlanId ?? row.planId;
    const interval: BillingInterval = (row.scheduledInterval ?? row.billingInterval) === "year" ? "year" : "month";
    const plan = findPaidPlan(planId);
    if (row.scheduledChangeType === "cancel" || !plan || this.providerName !== "test" || !row.currentPeriodEnd) {
      await this.#applySnapshot(
        tx,
        row.userId,
        { ...base, status: "canceled", cancelAtPeriodEnd: false },
        false,
        now,
        effects,
      );
      return;
    }
    const period = periodContaining(row.currentPeriodEnd, interval, now);
    const priceId = this.#d.prices.planPriceId(plan.id, interval);
    const amount = planPriceCents(plan, interval);
    await this.#d.billing.insertPayment(
      {
        userId: row.userId,
        provider: "test",
        mode: "subscription",
        status: "completed",
        planId: plan.id,
        priceId,
        billingInterval: interval,
        quantity: 1,
        subtotalCents: amount,
        discountCents: 0,
        amountCents: amount,
        metadata: { kind: "renewal", periodStart: period.start.toISOString() },
        createdAt: now,
        completedAt: now,
      },
      tx,
    );
    await this.#applySnapshot(
      tx,
      row.userId,
      {
        ...base,
        status: "active",
        priceId,
        periodStart: period.start,
        periodEnd: period.end,
        cancelAtPeriodEnd: false,
        scheduledPriceId: null,
      },
      true,
      now,
      effects,
    );
  }

  #snapshotOf(row: SubscriptionRow): SubscriptionSnapshot {
    const now = this.#clock();
    return {
      provider: row.provider === "stripe" ? "stripe" : "test",
      providerSubscriptionId: row.providerSubscriptionId ?? TestPaymentProvider.subscriptionId(row.userId),
      providerCustomerId: row.providerCustomerId,
      status: row.status ?? "incomplete",
      priceId: row.priceId,
      periodStart: row.currentPeriodStart ?? now,
      periodEnd: row.currentPeriodEnd ?? now,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      scheduledPriceId:
        row.scheduledChangeType === "downgrade" && row.scheduledPlanId
          ? this.#d.prices.planPriceId(row.scheduledPlanId, row.scheduledInterval === "year" ? "year" : "month")
          : null,
      userId: row.userId,
    };
  }

  // --- the built-in test checkout ---

  #requireTest(): void {
    if (this.providerName !== "test") throw new AppError("NOT_FOUND", "Not found.");
  }

  async #testPayment(userId: string, id: string): Promise<PaymentRow> {
    this.#requireTest();
    const payment = await this.#d.billing.findPayment(id);
    if (!payment || payment.userId !== userId || payment.provider !== "test" || !payment.providerSessionId) {
      throw new AppError("NOT_FOUND", messages.billing.checkoutNotFound);
    }
    if (payment.status === "open" && payment.expiresAt && payment.expiresAt <= this.#clock()) {
      return (await this.#d.billing.updatePayment(payment.id, { status: "expired" })) ?? payment;
    }
    return payment;
  }

  /** The order a test checkout shows: items, quantity, discount and total. */
  async testCheckout(userId: string, id: string): Promise<TestCheckout> {
    const payment = await this.#testPayment(userId, id);
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
  async applyTestPromo(userId: string, id: string, code: string | null): Promise<TestCheckout> {
    const payment = await this.#testPayment(userId, id);
    this.#requireOpen(payment);
    if (payment.mode !== "subscription") throw new AppError("VALIDATION_FAILED", messages.billing.promoPlansOnly);
    const promo = code ? findPromo(code) : undefined;
    if (code && !promo) throw new AppError("VALIDATION_FAILED", messages.billing.promoInvalid);
    const price = applyPromo(payment.subtotalCents, promo?.code);
    await this.#d.billing.updatePayment(payment.id, {
      promoCode: promo?.code ?? null,
      discountCents: price.discountCents,
      amountCents: price.totalCents,
    });
    return this.testCheckout(userId, id);
  }

  /** Pay: completes the order through the same fulfilment path as a provider webhook. */
  async payTestCheckout(userId: string, id: string): Promise<{ redirectPath: string }> {
    const payment = await this.#testPayment(userId, id);
    const successPath = payment.successPath ?? "/home";
    if (payment.status === "completed") return { redirectPath: successPath };
    this.#requireOpen(payment);
    const now = this.#clock();
    let subscription: SubscriptionSnapshot | null = null;
    if (payment.mode === "subscription") {
      const current = await this.#d.billing.findSubscription(userId);
      if (current && isSubscriptionActive(current.status)) {
        await this.#d.billing.updatePayment(payment.id, { status: "cancelled" });
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
    await this.processEvent({
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
    const after = await this.#d.billing.findPayment(payment.id);
    if (after?.status === "refunded") throw new AppError("LIMIT_REACHED", messages.billing.capExceededRefunded);
    if (after?.status === "cancelled") throw new AppError("CONFLICT", messages.billing.alreadySubscribed);
    return { redirectPath: successPath };
  }

  async cancelTestCheckout(userId: string, id: string): Promise<{ redirectPath: string }> {
    const payment = await this.#testPayment(userId, id);
    if (payment.status === "open") await this.#d.billing.updatePayment(payment.id, { status: "cancelled" });
    return { redirectPath: payment.cancelPath ?? "/home" };
  }

  #requireOpen(payment: PaymentRow): void {
    if (payment.status === "open") return;
    if (payment.status === "expired") throw new AppError("GONE", messages.billing.checkoutExpired);
    throw new AppError("GONE", messages.billing.checkoutFinished);
  }

  // --- the built-in test billing portal ---

  async #testSubscription(userId: string): Promise<SubscriptionRow> {
    this.#requireTest();
    const row = await this.#d.billing.findSubscription(userId);
    if (row?.provider !== "test" || !isSubscriptionActive(row.status) || !findPaidPlan(row.planId)) {
      throw new AppError("NOT_FOUND", messages.billing.noPlanToManage);
    }
    return row;
  }

  async testPortal(userId: string, returnPath?: string): Promise<TestPortal> {
    const row = await this.#testSubscription(userId);
    const current = {
      planId: row.planId ?? "",
      interval: (row.billingInterval === "year" ? "year" : "month") as BillingInterval,
    };
    const options = selfServePlans.flatMap((plan) =>
      (["month", "year"] as const).map((interval) => ({
        planId: plan.id,
        name: plan.name,
        interval,
        priceCents: planPriceCents(plan, interval),
        creditsPerMonth: plan.creditsPerMonth,
        change: classifyPlanChange(current, { planId: plan.id, interval }),
        scheduled:
          row.scheduledChangeType === "downgrade" &&
          row.scheduledPlanId === plan.id &&
          (row.scheduledInterval ?? current.interval) === interval,
      })),
    );
    return { subscription: this.#view(row), options, returnPath: returnPath ?? PORTAL_RETURN_PATH };
  }

  /**
   * Changes plan in the test portal: an upgrade applies at once (the new plan's full price is charged and
   * a new period starts today), a downgrade is scheduled for the end of the period, and choosing the
   * current plan again undoes a scheduled change.
   */
  async testPortalChange(userId: string, target: { planId: string; interval: BillingInterval }): Promise<TestPortal> {
    const row = await this.#testSubscription(userId);
    const plan = findPaidPlan(target.planId);
    if (!plan) throw new AppError("VALIDATION_FAILED", messages.billing.enterpriseByContact);
    const current = {
      planId: row.planId ?? "",
      interval: (row.billingInterval === "year" ? "year" : "month") as BillingInterval,
    };
    const change = classifyPlanChange(current, target);
    if (change === "none") return this.testPortalResume(userId);
    if (change === "downgrade") {
      const updated = await this.#d.billing.updateSubscription(userId, {
        scheduledChangeType: "downgrade",
        scheduledPlanId: plan.id,
        scheduledInterval: target.interval,
        scheduledChangeDate: row.currentPeriodEnd,
        cancelAtPeriodEnd: false,
      });
      await this.#afterCommit(userId, { ...noEffects(), subscription: updated });
      return this.testPortal(userId);
    }
    const now = this.#clock();
    const effects = noEffects();
    await this.#d.credits.locked(userId, async (tx) => {
      const locked = await this.#d.billing.findSubscription(userId, tx);
      if (!locked || locked.planId !== row.planId || locked.billingInterval !== row.billingInterval) return;
      const priceId = this.#d.prices.planPriceId(plan.id, target.interval);
      const amount = planPriceCents(plan, target.interval);
      await this.#d.billing.insertPayment(
        {
          userId,
          provider: "test",
          mode: "subscription",
          status: "completed",
          planId: plan.id,
          priceId,
          billingInterval: target.interval,
          quantity: 1,
          subtotalCents: amount,
          discountCents: 0,
          amountCents: amount,
          metadata: { kind: "upgrade", from: row.planId },
          createdAt: now,
          completedAt: now,
        },
        tx,
      );
      await this.#applySnapshot(
        tx,
        userId,
        {
          ...this.#snapshotOf(locked),
          status: "active",
          priceId,
          periodStart: now,
          periodEnd: periodEnd(now, target.interval),
          cancelAtPeriodEnd: false,
          scheduledPriceId: null,
        },
        true,
        now,
        effects,
      );
    });
    await this.#afterCommit(userId, effects);
    return this.testPortal(userId);
  }

  /** Cancels at the end of the period. */
  async testPortalCancel(userId: string): Promise<TestPortal> {
    const row = await this.#testSubscription(userId);
    const updated = await this.#d.billing.updateSubscription(userId, {
      scheduledChangeType: "cancel",
      scheduledPlanId: null,
      scheduledInterval: null,
      scheduledChangeDate: row.currentPeriodEnd,
      cancelAtPeriodEnd: true,
    });
    await this.#afterCommit(userId, { ...noEffects(), subscription: updated });
    return this.testPortal(userId);
  }

  /** Keeps the subscription as it is: drops a scheduled downgrade or cancellation. */
  async testPortalResume(userId: string): Promise<TestPortal> {
    await this.#testSubscription(userId);
    const updated = await this.#d.billing.updateSubscription(userId, {
      scheduledChangeType: null,
      scheduledPlanId: null,
      scheduledInterval: null,
      scheduledChangeDate: null,
      cancelAtPeriodEnd: false,
    });
    await this.#afterCommit(userId, { ...noEffects(), subscription: updated });
    return this.testPortal(userId);
  }

  #absolute(path: string): string {
    return new URL(path, this.#d.publicUrl).toString();
  }
}
