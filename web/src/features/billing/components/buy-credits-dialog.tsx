import {
  CURRENCY,
  canStartTopUp,
  clampTopUpQuantity,
  formatUsd,
  messages,
  type PendingTopUp,
  TOP_UP_PACK_CREDITS,
  TOP_UP_PACK_PRICE_CENTS,
  TOP_UP_SUCCESS_PATH,
  topUpCheckoutErrorMessage,
  topUpCredits,
  topUpTotalCents,
} from "@reelsmith/core";
import { AlertCircle, Clock, Coins, Minus, Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";

import { Spinner } from "@/components/spinner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { analytics } from "@/lib/analytics";
import { ApiError } from "@/lib/api-error";
import { lazyDateFormat } from "@/lib/format";
import { redirectTo } from "@/lib/redirect";
import { useCancelCheckout } from "../api/cancel-checkout";
import { createCheckout } from "../api/create-checkout";
import { useTopUpStatus } from "../api/get-top-up-status";
import { TestModeNotice } from "./test-mode-banner";

/** The spec's wording for a failed top-up checkout. */
export function topUpErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return messages.billing.signInToPurchase;
    return topUpCheckoutErrorMessage({ message: error.message, ...error.details });
  }
  return error instanceof Error && error.message ? error.message : messages.common.somethingWentWrong;
}

const clockTime = lazyDateFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** "8:41 PM", in the viewer's own time zone (a checkout lives for half an hour). */
function formatClockTime(iso: string): string {
  return clockTime.format(new Date(iso));
}

/**
 * The checkouts the user started and has not paid: each shows its credits, amount and start, and can be
 * resumed (its payment page again) or cancelled (its credits stop counting against the limit at once).
 */
function PendingOrders({
  orders,
  onResume,
  onError,
}: {
  orders: PendingTopUp[];
  onResume: (order: PendingTopUp) => void;
  onError: (message: string | null) => void;
}) {
  const cancel = useCancelCheckout();
  const headingId = useId();
  const cancelling = cancel.isPending ? cancel.variables : undefined;

  const cancelOrder = (order: PendingTopUp) => {
    onError(null);
    cancel.mutate(order.id, {
      onSuccess: () => {
        toast.success(messages.billing.orderCancelled);
      },
      onError: (failure) => {
        onError(
          failure instanceof ApiError && failure.status !== 0 && failure.status < 500
            ? topUpErrorMessage(failure)
            : messages.billing.cancelOrderFailed,
        );
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div>
        <h3 id={headingId} className="text-sm font-semibold">
          {messages.billing.pendingOrders}
        </h3>
        <p className="text-xs text-muted-foreground">{messages.billing.pendingOrdersHint}</p>
      </div>
      <ul className="space-y-2">
        {orders.map((order) => {
          const busy = cancelling === order.id;
          return (
            <li
              key={order.id}
              aria-label={`Pending order of ${order.credits} credits`}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg border border-warning/40 bg-warning/5 p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="flex items-center gap-1.5 font-medium">
                  <Coins className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
                  {order.credits} credits · <span className="tabular-nums">{formatUsd(order.amountCents)}</span>
                </p>
                <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Clock className="size-3 shrink-0" aria-hidden="true" />
                  <span>
                    Started <time dateTime={order.createdAt}>{formatClockTime(order.createdAt)}</time> · pending until{" "}
                    <time dateTime={order.expiresAt}>{formatClockTime(order.expiresAt)}</time>
                  </span>
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {order.resumeUrl ? (
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => onResume(order)}>
                    {messages.billing.resumeOrder}
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" disabled={busy} onClick={() => cancelOrder(order)}>
                  {busy ? <Spinner /> : null}
                  {messages.billing.cancelOrder}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Buy credits (spec sections 4, 5 and 8): loads this month's one-time purchases on open, lets the user
 * pick 0..max packs (max = floor(remaining cap / 10), at most 5), shows the total with two decimals,
 * and starts the checkout. Every message of the spec's error catalogue is shown in its place. Checkouts
 * started and left unpaid are listed as pending orders, to resume or cancel.
 */
export function BuyCreditsDialog({
  open,
  onOpenChange,
  signedIn,
  successPath = TOP_UP_SUCCESS_PATH,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  successPath?: string;
}) {
  const status = useTopUpStatus({ enabled: open && signedIn });
  const navigate = useNavigate();
  const location = useLocation();
  const quantityId = useId();
  const [quantity, setQuantity] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const max = status.data?.maxQuantity ?? 0;
  const remainingCap = status.data?.remainingCap ?? 0;
  const loading = submitting || (signedIn && status.isPending);
  const limitReached = Boolean(status.data) && remainingCap <= 0;

  // Each opening starts from one pack (or none when nothing is left) and a clean slate.
  useEffect(() => {
    if (!open) return;
    setError(null);
    setSubmitting(false);
  }, [open]);
  useEffect(() => {
    if (open && status.data) setQuantity((q) => clampTopUpQuantity(q > 0 ? q : 1, status.data.maxQuantity));
  }, [open, status.data]);

  const change = (next: number) => {
    setError(null);
    setQuantity(clampTopUpQuantity(next, max));
  };

  const pay = async () => {
    if (!signedIn) {
      setError(messages.billing.signInToPurchase);
      return;
    }
    if (quantity <= 0) {
      setError(messages.billing.nothingToPurchase);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const { url } = await createCheckout({
        mode: "payment",
        quantity,
        successPath,
        cancelPath: `${location.pathname}${location.search}`,
      });
      analytics().initiateCheckout({ value: quantity, currency: CURRENCY });
      onOpenChange(false);
      redirectTo(url, navigate);
    } catch (failure) {
      setError(topUpErrorMessage(failure));
      setSubmitting(false);
      void status.refetch();
    }
  };

  const resume = (order: PendingTopUp) => {
    if (!order.resumeUrl) return;
    onOpenChange(false);
    redirectTo(order.resumeUrl, navigate);
  };

  const canPay = canStartTopUp({ loading, quantity, remainingCap }) && signedIn;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="font-display text-xl">{messages.subscription.topUp}</DialogTitle>
          <DialogDescription>
            Packs of {TOP_UP_PACK_CREDITS} credits for {formatUsd(TOP_UP_PACK_PRICE_CENTS)}. Purchased credits never
            expire.
          </DialogDescription>
        </DialogHeader>

        <TestModeNotice />

        {!signedIn ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {messages.billing.signInToPurchase}
          </p>
        ) : status.isPending ? (
          <output className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner /> {messages.common.loading}
          </output>
        ) : status.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm">
            <span>{topUpErrorMessage(status.error)}</span>
            <Button size="sm" variant="outline" onClick={() => status.refetch()}>
              {messages.common.tryAgain}
            </Button>
          </div>
        ) : (
          <div className="space-y-5">
            <div className="space-y-1.5">
              <div className="flex justify-between text-xs text-muted-foreground">
                <span>
                  One-time credits this month: {status.data.purchasedThisMonth + status.data.reservedThisMonth} of{" "}
                  {status.data.monthlyCap}
                </span>
                <span>{remainingCap} left</span>
              </div>
              <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-gradient-brand"
                  style={{ width: `${((status.data.monthlyCap - remainingCap) / status.data.monthlyCap) * 100}%` }}
                />
              </div>
            </div>

            {status.data.pendingOrders.length > 0 ? (
              <PendingOrders orders={status.data.pendingOrders} onResume={resume} onError={setError} />
            ) : null}

            {limitReached ? (
              <p role="alert" className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm font-medium">
                {messages.billing.monthlyLimitReached}
              </p>
            ) : (
              <div className="flex items-center justify-between gap-4">
                <label htmlFor={quantityId} className="text-sm font-medium">
                  Packs
                  <span className="block text-xs font-normal text-muted-foreground">Up to {max} right now</span>
                </label>
                <div className="flex items-center gap-1.5">
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="One pack less"
                    disabled={loading || quantity <= 0}
                    onClick={() => change(quantity - 1)}
                  >
                    <Minus aria-hidden="true" />
                  </Button>
                  <input
                    id={quantityId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={max}
                    step={1}
                    value={quantity}
                    disabled={loading}
                    onChange={(e) => change(e.target.valueAsNumber)}
                    className="h-9 w-14 rounded-md border border-input bg-transparent text-center font-semibold tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="One pack more"
                    disabled={loading || quantity >= max}
                    onClick={() => change(quantity + 1)}
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                </div>
              </div>
            )}

            <dl className="space-y-2 rounded-lg border bg-card p-4 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted-foreground">
                  {quantity} × {TOP_UP_PACK_CREDITS} credits
                </dt>
                <dd className="flex items-center gap-1 font-medium">
                  <Coins className="size-3.5 text-primary" aria-hidden="true" />
                  {topUpCredits(quantity)} credits
                </dd>
              </div>
              <div className="flex justify-between border-t pt-2 text-base">
                <dt className="font-semibold">Total</dt>
                <dd className="font-display font-bold tabular-nums" data-testid="top-up-total">
                  {formatUsd(topUpTotalCents(quantity))}
                </dd>
              </div>
            </dl>

            {quantity <= 0 && !limitReached ? (
              <p className="text-sm text-muted-foreground">{messages.billing.nothingToPurchase}</p>
            ) : null}
          </div>
        )}

        {error ? (
          <p role="alert" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            {error}
          </p>
        ) : null}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="brand" disabled={!canPay} onClick={() => void pay()}>
            {submitting ? <Spinner /> : null}
            {submitting ? messages.common.loading : `Pay ${formatUsd(topUpTotalCents(quantity))}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
