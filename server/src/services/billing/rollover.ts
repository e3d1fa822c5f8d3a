import { creditCycleContaining, currentPlan, findPaidPlan, isSubscriptionActive } from "@reelsmith/core";
import type { EventBus } from "../../events/event-bus.ts";
import type { Logger } from "../../lib/logger.ts";
import type { BillingRepository } from "../../repositories/billing.repository.ts";
import type { PaymentProvider } from "../../repositories/payments/payment-provider.ts";
import type { CreditsService } from "../credits.service.ts";
import type { PriceCatalog } from "../price-catalog.ts";
import { noEffects, publishEffects } from "./effects.ts";
import { grantPlanCredits } from "./event-processor.ts";
import type { TestProviderActions } from "./test-provider.ts";
import type { TopUpReservations } from "./top-up-reservations.ts";

export interface RolloverDeps {
  billing: BillingRepository;
  credits: CreditsService;
  provider: PaymentProvider;
  prices: PriceCatalog;
  reservations: TopUpReservations;
  testProvider: TestProviderActions;
  events?: EventBus | undefined;
  logger: Logger;
  clock: () => Date;
}

/**
 * The period rollover (the `billing-rollover` job, every minute): lapsed checkout reservations expire;
 * a plan-credit cycle that ended expires its unspent plan credits, and the next month of a paid annual
 * period is granted; a test subscription whose period ended is renewed or ended by the test provider's
 * events (scheduled downgrades and cancellations apply then). Idempotent: a second run finds nothing due,
 * every grant and expiry has its own idempotency key, and a renewal event id is the period it pays for.
 */
export class BillingRollover {
  constructor(private readonly d: RolloverDeps) {}

  async rollover(now: Date = this.d.clock()): Promise<{ due: number; failed: number; expiredCheckouts: number }> {
    const expiredCheckouts = await this.d.reservations.expireLapsed(now);
    const due = await this.d.billing.dueForRollover(now);
    let failed = 0;
    for (const userId of due) {
      try {
        await this.rolloverUser(userId, now);
      } catch (error) {
        failed += 1;
        this.d.logger.error({ err: error, userId }, "subscription rollover failed");
      }
    }
    return { due: due.length, failed, expiredCheckouts };
  }

  async rolloverUser(userId: string, now: Date): Promise<void> {
    const row = await this.d.billing.findSubscription(userId);
    if (!row) return;
    if (
      row.provider === "test" &&
      isSubscriptionActive(row.status) &&
      row.currentPeriodEnd &&
      row.currentPeriodEnd <= now
    ) {
      await this.d.testProvider.renew(row, now);
      return;
    }
    const effects = noEffects();
    await this.d.credits.locked(userId, async (tx) => {
      const locked = await this.d.billing.findSubscription(userId, tx);
      if (!locked?.creditsCycleStart || !locked.creditsCycleEnd || locked.creditsCycleEnd > now) return;
      const expired = await this.d.credits.expirePlanCredits(tx, { userId, cycleStart: locked.creditsCycleStart });
      if (expired) effects.ledger.push(expired);
      // The next month of a paid (annual) period is granted here; a new period waits for its payment.
      const plan = findPaidPlan(currentPlan(locked, this.d.prices.priceIdsByPlan())?.id);
      let next: { start: Date; end: Date } | null = null;
      if (
        plan &&
        locked.currentPeriodPaid &&
        locked.currentPeriodStart &&
        locked.currentPeriodEnd &&
        now < locked.currentPeriodEnd
      ) {
        next = creditCycleContaining({ start: locked.currentPeriodStart, end: locked.currentPeriodEnd }, now);
        const granted = await grantPlanCredits(this.d.credits, tx, userId, plan, next.start);
        if (granted) effects.ledger.push(granted);
      }
      await this.d.billing.updateSubscription(
        userId,
        { creditsCycleStart: next?.start ?? null, creditsCycleEnd: next?.end ?? null },
        tx,
      );
    });
    await publishEffects(this.d, userId, effects);
  }
}
