import type { EventBus } from "../../events/event-bus.ts";
import type { Logger } from "../../lib/logger.ts";
import type { PaymentRow, SubscriptionRow } from "../../repositories/billing.repository.ts";
import type { LedgerRow } from "../../repositories/credits.repository.ts";
import type { PaymentProvider } from "../../repositories/payments/payment-provider.ts";
import type { CreditsService } from "../credits.service.ts";

/** What a committed billing transaction has to announce or do afterwards. */
export interface Effects {
  ledger: LedgerRow[];
  subscription: SubscriptionRow | undefined;
  refunds: PaymentRow[];
}

export const noEffects = (): Effects => ({ ledger: [], subscription: undefined, refunds: [] });

/**
 * After the commit: refunds what had to be refunded, tells the user's open screens the new balance and
 * subscription. Never inside the transaction: a provider call or a listener must not hold the ledger lock.
 */
export async function publishEffects(
  deps: { provider: PaymentProvider; credits: CreditsService; events?: EventBus | undefined; logger: Logger },
  userId: string,
  effects: Effects,
): Promise<void> {
  for (const payment of effects.refunds) {
    try {
      await deps.provider.refund(payment);
      deps.logger.warn({ paymentId: payment.id }, "top-up refunded: it would have passed the monthly cap");
    } catch (error) {
      deps.logger.error(
        { err: error, paymentId: payment.id },
        "a top-up over the monthly cap could not be refunded automatically; refund it by hand",
      );
    }
  }
  if (effects.ledger.length > 0) await deps.credits.publishBalance(userId, effects.ledger.at(-1));
  if (effects.subscription && deps.events) {
    await deps.events.publish(userId, {
      type: "subscription",
      status: effects.subscription.status,
      planId: effects.subscription.planId,
    });
  }
}
