import {
  classifyPlanChange,
  creditCycleContaining,
  currentPlan,
  findPaidPlan,
  isSubscriptionActive,
  messages,
  type PaidPlan,
} from "@reelsmith/core";
import type { Transaction } from "../../db/client.ts";
import type { EventBus } from "../../events/event-bus.ts";
import { AppError } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import type { BillingRepository, PaymentRow, SubscriptionRow } from "../../repositories/billing.repository.ts";
import type { LedgerRow } from "../../repositories/credits.repository.ts";
import type {
  BillingEvent,
  InvoiceCharge,
  PaymentProvider,
  SubscriptionSnapshot,
} from "../../repositories/payments/payment-provider.ts";
import type { StripePaymentProvider } from "../../repositories/payments/stripe-provider.ts";
import type { CreditsService } from "../credits.service.ts";
import type { PriceCatalog } from "../price-catalog.ts";
import type { ReferralService } from "../referral.service.ts";
import { type Effects, noEffects, publishEffects } from "./effects.ts";
import type { TopUpReservations } from "./top-up-reservations.ts";

export type ProcessResult = "processed" | "duplicate" | "ignored";

export interface EventProcessorDeps {
  billing: BillingRepository;
  credits: CreditsService;
  provider: PaymentProvider;
  stripe?: StripePaymentProvider | undefined;
  prices: PriceCatalog;
  reservations: TopUpReservations;
  events?: EventBus | undefined;
  logger: Logger;
  clock: () => Date;
  /** The affiliate programme: a referred account's first completed payment rewards its referrer. */
  referrals?: Pick<ReferralService, "rewardFirstPayment" | "announce"> | undefined;
}

type CompletedCheckout = Extract<BillingEvent, { type: "checkout.completed" }>;

/**
 * The provider-event state machine: every change money makes (a paid checkout, a renewal, an upgrade, a
 * scheduled change, a cancellation) arrives as a `BillingEvent`, from a verified Stripe webhook or from the
 * built-in test provider, and is applied here exactly once. The event id is recorded in `webhook_events`
 * in the same transaction as its effects, under the user's ledger lock, so a replay finds it and does nothing.
 */
export class BillingEventProcessor {
  constructor(private readonly d: EventProcessorDeps) {}

  /** A verified Stripe webhook: processed once per event id. */
  async handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<ProcessResult> {
    const stripe = this.d.stripe;
    if (!stripe) throw new AppError("NOT_FOUND", "Not found.");
    const event = stripe.verifyWebhook(rawBody, signature);
    if (await this.d.billing.eventSeen(event.id)) return "duplicate";
    const normalized = await stripe.normalize(event);
    if (!normalized) {
      await this.d.billing.recordEvent({ id: event.id, provider: "stripe", type: event.type, payload: event });
      return "ignored";
    }
    return this.processEvent(normalized);
  }

  /**
   * Applies a provider event exactly once: the event id is recorded in the same transaction as its
   * effects (ledger rows, payment and subscription changes), so a replay finds it and does nothing.
   */
  async processEvent(event: BillingEvent): Promise<ProcessResult> {
    const now = this.d.clock();
    const owner = await this.#ownerOf(event);
    if (!owner) {
      this.d.logger.warn({ eventId: event.id, type: event.type }, "billing event for an unknown payment or user");
      await this.d.billing.recordEvent({ id: event.id, provider: event.provider, type: event.type, payload: event });
      return "ignored";
    }
    const effects = noEffects();
    let referralReward: LedgerRow | undefined;
    const result = await this.d.credits.locked(owner, async (tx): Promise<ProcessResult> => {
      const fresh = await this.d.billing.recordEvent(
        { id: event.id, provider: event.provider, type: event.type, payload: event },
        tx,
      );
      if (!fresh) return "duplicate";
      switch (event.type) {
        case "subscription.updated":
          await this.#applySnapshot(tx, owner, event.snapshot, false, now, effects);
          return "processed";
        case "subscription.deleted":
          await this.#applySnapshot(
            tx,
            owner,
            { ...event.snapshot, status: "canceled", cancelAtPeriodEnd: false },
            false,
            now,
            effects,
          );
          return "processed";
        case "invoice.paid":
          if (event.invoice) await this.#recordInvoice(tx, owner, event.snapshot, event.invoice, now);
          await this.#applySnapshot(tx, owner, event.snapshot, true, now, effects);
          return "processed";
        case "checkout.expired": {
          const payment = await this.d.billing.findPayment(event.paymentId, tx);
          if (!payment) return "ignored";
          await this.d.reservations.expire(tx, payment);
          return "processed";
        }
        case "checkout.completed": {
          const payment = await this.d.billing.findPayment(event.paymentId, tx);
          if (!payment) return "ignored";
          await this.#fulfilCheckout(tx, owner, event, payment, now, effects);
          referralReward = await this.d.referrals?.rewardFirstPayment(tx, owner);
          return "processed";
        }
      }
    });
    await publishEffects(this.d, owner, effects);
    if (referralReward) await this.d.referrals?.announce(referralReward);
    return result;
  }

  async #ownerOf(event: BillingEvent): Promise<string | undefined> {
    if (event.type === "checkout.completed" || event.type === "checkout.expired") {
      return (await this.d.billing.findPayment(event.paymentId))?.userId;
    }
    const fromMetadata = event.snapshot.userId ? await this.d.billing.findUser(event.snapshot.userId) : undefined;
    return (
      fromMetadata?.id ??
      (await this.d.billing.findUserIdByProviderIds({
        subscriptionId: event.snapshot.providerSubscriptionId,
        customerId: event.snapshot.providerCustomerId,
      }))
    );
  }

  /**
   * THE fulfilment point: a user's paid checkout (a credit top-up or a plan's first payment) is fulfilled
   * here and nowhere else, inside the event's transaction and the user's lock. A checkout already completed
   * or refunded is left alone.
   */
  async #fulfilCheckout(
    tx: Transaction,
    userId: string,
    event: CompletedCheckout,
    payment: PaymentRow,
    now: Date,
    effects: Effects,
  ): Promise<void> {
    if (payment.status === "completed" || payment.status === "refunded") return;
    const completion: Partial<PaymentRow> = {
      providerSessionId: event.providerSessionId ?? payment.providerSessionId,
      providerPaymentIntentId: event.paymentIntentId ?? payment.providerPaymentIntentId,
      ...this.#charged(payment, event.amountTotalCents),
      completedAt: now,
    };
    if (payment.mode === "payment") {
      await this.#fulfilTopUp(tx, payment, completion, now, effects);
      return;
    }
    if (
      event.provider === "test" &&
      isSubscriptionActive((await this.d.billing.findSubscription(userId, tx))?.status)
    ) {
      // Two test plan checkouts paid at once: only the first one subscribes (no money moved).
      await this.d.billing.updatePayment(payment.id, { status: "cancelled" }, tx);
      return;
    }
    if (event.subscription) {
      await this.#applySnapshot(tx, userId, event.subscription, true, now, effects);
    } else {
      this.d.logger.error({ paymentId: payment.id }, "a plan checkout completed without a subscription");
    }
    await this.d.billing.updatePayment(payment.id, { status: "completed", ...completion }, tx);
  }

  /**
   * Credits a completed top-up, after checking the monthly cap again against completed purchases: a
   * purchase that would pass it is refunded in full through the provider instead of credited.
   */
  async #fulfilTopUp(
    tx: Transaction,
    payment: PaymentRow,
    completion: Partial<PaymentRow>,
    now: Date,
    effects: Effects,
  ): Promise<void> {
    if (await this.d.reservations.passesCapAtFulfilment(tx, payment, now)) {
      const refunded = await this.d.billing.updatePayment(
        payment.id,
        {
          ...completion,
          status: "refunded",
          metadata: { ...(payment.metadata as object), refundReason: messages.billing.capExceededRefunded },
        },
        tx,
      );
      if (refunded) effects.refunds.push(refunded);
      return;
    }
    const row = await this.d.credits.creditPurchase(tx, {
      userId: payment.userId,
      paymentId: payment.id,
      credits: payment.credits,
      notes: `${payment.quantity} credit pack${payment.quantity === 1 ? "" : "s"} (${payment.credits} credits)`,
    });
    if (row) effects.ledger.push(row);
    await this.d.billing.updatePayment(payment.id, { ...completion, status: "completed" }, tx);
  }

  /** What the provider says it charged, kept consistent with subtotal - discount. */
  #charged(payment: PaymentRow, amountTotalCents: number | null) {
    if (amountTotalCents === null || amountTotalCents > payment.subtotalCents) return {};
    return { amountCents: amountTotalCents, discountCents: payment.subtotalCents - amountTotalCents };
  }

  /** A subscription charge whose invoice lives in this app (the test provider's renewals and upgrades). */
  async #recordInvoice(
    tx: Transaction,
    userId: string,
    snapshot: SubscriptionSnapshot,
    invoice: InvoiceCharge,
    now: Date,
  ): Promise<void> {
    const resolved = this.d.prices.resolve(snapshot.priceId);
    await this.d.billing.insertPayment(
      {
        userId,
        provider: snapshot.provider,
        mode: "subscription",
        status: "completed",
        planId: resolved?.plan.id ?? null,
        priceId: snapshot.priceId,
        billingInterval: resolved?.interval ?? "month",
        quantity: 1,
        subtotalCents: invoice.amountCents,
        discountCents: 0,
        amountCents: invoice.amountCents,
        metadata: {
          kind: invoice.reason,
          periodStart: snapshot.periodStart.toISOString(),
          ...(invoice.previousPlanId ? { from: invoice.previousPlanId } : {}),
        },
        createdAt: now,
        completedAt: now,
      },
      tx,
    );
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
    const row = await this.d.billing.findSubscription(userId, tx);
    const resolved = this.d.prices.resolve(snapshot.priceId);
    const active = isSubscriptionActive(snapshot.status) && Boolean(resolved);
    const samePeriod =
      row?.providerSubscriptionId === snapshot.providerSubscriptionId &&
      row.currentPeriodStart?.getTime() === snapshot.periodStart.getTime();
    const periodPaid = paid || (samePeriod && Boolean(row?.currentPeriodPaid));

    const previous = findPaidPlan(currentPlan(row, this.d.prices.priceIdsByPlan())?.id);
    const upgrade =
      Boolean(previous && resolved) &&
      classifyPlanChange(
        { planId: previous?.id ?? "", interval: row?.billingInterval === "year" ? "year" : "month" },
        { planId: resolved?.plan.id ?? "", interval: resolved?.interval ?? "month" },
      ) === "upgrade";

    const scheduled = this.#scheduledChange(snapshot, active ? resolved : undefined);

    let cycle =
      row?.creditsCycleStart && row.creditsCycleEnd ? { start: row.creditsCycleStart, end: row.creditsCycleEnd } : null;
    const push = (entry: LedgerRow | undefined) => {
      if (entry) effects.ledger.push(entry);
    };
    if (!active || !resolved) {
      if (cycle) push(await this.d.credits.expirePlanCredits(tx, { userId, cycleStart: cycle.start }));
      cycle = null;
    } else if (paid) {
      const target = creditCycleContaining({ start: snapshot.periodStart, end: snapshot.periodEnd }, now);
      const plan = resolved.plan;
      if (!cycle || cycle.start.getTime() !== target.start.getTime()) {
        if (cycle && (!upgrade || cycle.end <= now)) {
          push(await this.d.credits.expirePlanCredits(tx, { userId, cycleStart: cycle.start }));
        }
        push(await grantPlanCredits(this.d.credits, tx, userId, plan, target.start));
        cycle = target;
      } else {
        // Same cycle: a payment for a plan with more credits than any granted this cycle is an upgrade and adds
        // that plan's credits (whatever order the provider's events came in); a repeat or a cheaper plan adds none.
        const granted = await this.d.credits.plansGrantedForCycle(tx, userId, cycle.start);
        const most = Math.max(0, ...granted.map((id) => findPaidPlan(id)?.creditsPerMonth ?? 0));
        if (!granted.includes(plan.id) && plan.creditsPerMonth > most) {
          push(await grantPlanCredits(this.d.credits, tx, userId, plan, cycle.start));
        }
      }
    } else if (cycle && cycle.end <= now) {
      push(await this.d.credits.expirePlanCredits(tx, { userId, cycleStart: cycle.start }));
      cycle = null;
    }

    effects.subscription = await this.d.billing.saveSubscription(
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

  /** A cancellation at the period end, or a cheaper price taking over then (a scheduled downgrade). */
  #scheduledChange(
    snapshot: SubscriptionSnapshot,
    resolved: ReturnType<PriceCatalog["resolve"]>,
  ): Pick<SubscriptionRow, "scheduledChangeType" | "scheduledPlanId" | "scheduledInterval" | "scheduledChangeDate"> {
    const none = {
      scheduledChangeType: null,
      scheduledPlanId: null,
      scheduledInterval: null,
      scheduledChangeDate: null,
    };
    if (!resolved) return none;
    if (snapshot.cancelAtPeriodEnd) {
      return { ...none, scheduledChangeType: "cancel", scheduledChangeDate: snapshot.periodEnd };
    }
    const next = this.d.prices.resolve(snapshot.scheduledPriceId);
    if (
      next &&
      classifyPlanChange(
        { planId: resolved.plan.id, interval: resolved.interval },
        { planId: next.plan.id, interval: next.interval },
      ) === "downgrade"
    ) {
      return {
        scheduledChangeType: "downgrade",
        scheduledPlanId: next.plan.id,
        scheduledInterval: next.interval,
        scheduledChangeDate: snapshot.periodEnd,
      };
    }
    return none;
  }
}

/** A plan's monthly credits for the cycle starting at `cycleStart` (once per user, cycle and plan). */
export function grantPlanCredits(
  credits: CreditsService,
  tx: Transaction,
  userId: string,
  plan: PaidPlan,
  cycleStart: Date,
) {
  return credits.grantPlanCredits(tx, { userId, planId: plan.id, credits: plan.creditsPerMonth, cycleStart });
}
