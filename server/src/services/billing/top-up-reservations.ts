import {
  CHECKOUT_RESERVATION_MINUTES,
  maxTopUpQuantity,
  messages,
  remainingMonthlyCap,
  TOP_UP_MAX_PACKS_PER_PURCHASE,
  TOP_UP_MONTHLY_CAP_CREDITS,
  TOP_UP_PACK_CREDITS,
  TOP_UP_PACK_PRICE_CENTS,
  type TopUpStatus,
  topUpCredits,
  topUpTotalCents,
  utcMonthRange,
} from "@reelsmith/core";
import type { Transaction } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { BillingRepository, PaymentRow } from "../../repositories/billing.repository.ts";
import type { ProviderName } from "../../repositories/payments/payment-provider.ts";
import type { CreditsService } from "../credits.service.ts";

/** When a checkout started at `now` stops holding its place (its reservation lapses). */
export function reservationExpiry(now: Date): Date {
  return new Date(now.getTime() + CHECKOUT_RESERVATION_MINUTES * 60_000);
}

/**
 * The monthly cap on one-time credits and the checkouts that hold part of it. An open top-up checkout
 * reserves its credits for CHECKOUT_RESERVATION_MINUTES; completed purchases and live reservations of the
 * UTC calendar month together may not pass TOP_UP_MONTHLY_CAP_CREDITS. Every reservation starts, lapses,
 * is released and is checked again at fulfilment here.
 */
export class TopUpReservations {
  constructor(private readonly deps: { billing: BillingRepository; credits: CreditsService; clock: () => Date }) {}

  /**
   * What the buy-credits dialog shows: pack size and price, this month's purchases, reservations and room,
   * and the pending orders (live checkouts) with where each is resumed (`resumeUrl`, the provider's say).
   */
  async status(userId: string, resumeUrl: (payment: PaymentRow) => string | null): Promise<TopUpStatus> {
    const now = this.deps.clock();
    const month = utcMonthRange(now);
    const [usage, pending] = await Promise.all([
      this.deps.billing.topUpUsage(userId, month, now),
      this.deps.billing.liveTopUps(userId, now),
    ]);
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
      pendingOrders: pending.map((payment) => ({
        id: payment.id,
        quantity: payment.quantity,
        credits: payment.credits,
        amountCents: payment.amountCents,
        currency: payment.currency.toUpperCase(),
        createdAt: payment.createdAt.toISOString(),
        // A live row always has one (`liveTopUps` reads expires_at > now).
        expiresAt: (payment.expiresAt ?? now).toISOString(),
        resumeUrl: resumeUrl(payment),
      })),
    };
  }

  /**
   * Opens a top-up checkout for `quantity` packs (its payment row, status open), checked against the cap
   * under the user's ledger lock, so parallel checkouts cannot pass it together. LIMIT_REACHED names how
   * many packs would still fit.
   */
  async reserve(input: {
    userId: string;
    provider: ProviderName;
    quantity: number;
    priceId: string;
    successPath: string;
    cancelPath: string;
    now: Date;
    expiresAt: Date;
  }): Promise<PaymentRow> {
    const { userId, quantity, now } = input;
    if (quantity <= 0) throw new AppError("VALIDATION_FAILED", messages.billing.nothingToPurchase);
    return this.deps.credits.locked(userId, async (tx) => {
      const usage = await this.deps.billing.topUpUsage(userId, utcMonthRange(now), now, tx);
      const remainingCap = remainingMonthlyCap(usage.completed + usage.reserved);
      const maxQuantityAllowed = maxTopUpQuantity(remainingCap);
      if (quantity > maxQuantityAllowed) {
        throw new AppError(
          "LIMIT_REACHED",
          maxQuantityAllowed <= 0
            ? messages.billing.monthlyLimitReached
            : messages.billing.maxPacks(maxQuantityAllowed, remainingCap),
          { maxQuantityAllowed, remainingCap },
        );
      }
      const total = topUpTotalCents(quantity);
      return this.deps.billing.insertPayment(
        {
          userId,
          provider: input.provider,
          mode: "payment",
          status: "open",
          priceId: input.priceId,
          quantity,
          credits: topUpCredits(quantity),
          subtotalCents: total,
          discountCents: 0,
          amountCents: total,
          successPath: input.successPath,
          cancelPath: input.cancelPath,
          expiresAt: input.expiresAt,
          createdAt: now,
        },
        tx,
      );
    });
  }

  /** Gives an open checkout's place back (cancelled: nothing was bought). */
  async release(paymentId: string, patch: Partial<PaymentRow> = {}): Promise<PaymentRow | undefined> {
    return this.deps.billing.updatePayment(paymentId, { ...patch, status: "cancelled" });
  }

  /**
   * The user cancels an open checkout: it stops holding its credits at once. Only an open row changes (a
   * completion that got there first stays completed); answers the row as it is afterwards. A payment the
   * provider still takes afterwards is fulfilled with the cap checked again (`passesCapAtFulfilment`).
   */
  async cancel(payment: PaymentRow): Promise<PaymentRow> {
    const current = await this.expireIfLapsed(payment);
    if (current.status !== "open") return current;
    return (
      (await this.deps.billing.closeOpenPayment(current.id, "cancelled")) ??
      (await this.deps.billing.findPayment(current.id)) ??
      current
    );
  }

  /** An open checkout read after its reservation lapsed is expired on the spot (the rollover job does the rest). */
  async expireIfLapsed(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status === "open" && payment.expiresAt && payment.expiresAt <= this.deps.clock()) {
      return (
        (await this.deps.billing.closeOpenPayment(payment.id, "expired")) ??
        (await this.deps.billing.findPayment(payment.id)) ??
        payment
      );
    }
    return payment;
  }

  /** The provider says the checkout expired unpaid: an open one gives its place back. */
  async expire(tx: Transaction, payment: PaymentRow): Promise<void> {
    if (payment.status === "open") await this.deps.billing.updatePayment(payment.id, { status: "expired" }, tx);
  }

  /** Every open checkout whose reservation lapsed at `now` becomes expired; returns how many. */
  expireLapsed(now: Date): Promise<number> {
    return this.deps.billing.expireLapsedPayments(now);
  }

  /**
   * At fulfilment, inside the caller's lock: would crediting this top-up pass the month's cap, counting
   * completed purchases only? Possible only when its reservation lapsed and the cap was used up meanwhile.
   */
  async passesCapAtFulfilment(tx: Transaction, payment: PaymentRow, now: Date): Promise<boolean> {
    const usage = await this.deps.billing.topUpUsage(
      payment.userId,
      utcMonthRange(payment.createdAt),
      now,
      tx,
      payment.id,
    );
    return usage.completed + payment.credits > TOP_UP_MONTHLY_CAP_CREDITS;
  }
}
