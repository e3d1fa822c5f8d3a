import { formatUsd, messages, type TestCheckout } from "@reelsmith/core";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CheckCircle2, Coins, Lock, Tag, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";

import { Logo } from "@/components/logo";
import { Spinner } from "@/components/spinner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-error";
import { refreshAccountState } from "@/lib/live/use-live-updates";
import { cn } from "@/lib/utils";
import { cancelTestCheckout, payTestCheckout, useApplyTestPromo, useTestCheckout } from "../api/test-checkout";
import { TestModeBanner } from "./test-mode-banner";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/30">
      <TestModeBanner>{messages.billing.testModeCheckout}</TestModeBanner>
      <main className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
        <div className="mb-6 flex items-center justify-between">
          <Logo to="/home" />
          <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
            <Lock className="size-3.5" aria-hidden="true" />
            Checkout
          </span>
        </div>
        {children}
      </main>
    </div>
  );
}

function Closed({ title, body, to, action }: { title: string; body?: string; to: string; action: string }) {
  return (
    <Frame>
      <div role="alert" className="space-y-4 rounded-2xl border bg-card p-6 text-center shadow-sm">
        <AlertCircle className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
        <h1 className="font-display text-xl font-bold">{title}</h1>
        {body ? <p className="text-sm text-muted-foreground">{body}</p> : null}
        <Button asChild variant="outline">
          <Link to={to}>{action}</Link>
        </Button>
      </div>
    </Frame>
  );
}

/**
 * The built-in test checkout (`/checkout/test/:id`): the order (items, quantity, discount, total) under a
 * TEST MODE banner, with Pay and Cancel. Pay completes the order on the server through the same
 * fulfilment code as a payment provider's webhook.
 */
export function TestCheckoutScreen({ id }: { id: string }) {
  const order = useTestCheckout(id);
  if (order.isPending) {
    return (
      <Frame>
        <output className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
          <Spinner /> {messages.common.loading}
        </output>
      </Frame>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <Closed
        title={missing ? messages.billing.checkoutNotFound : messages.common.somethingWentWrong}
        to="/home"
        action={messages.common.returnHome}
      />
    );
  }
  const data = order.data;
  if (data.status === "completed") {
    return <Closed title={messages.billing.checkoutFinished} to={data.successPath} action="Continue" />;
  }
  if (data.status === "expired") {
    return <Closed title={messages.billing.checkoutExpired} to={data.cancelPath} action="Go back" />;
  }
  if (data.status !== "open") {
    return <Closed title={messages.billing.checkoutFinished} to={data.cancelPath} action="Go back" />;
  }
  return <OpenCheckout order={data} />;
}

function OpenCheckout({ order }: { order: TestCheckout }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const promo = useApplyTestPromo(order.id);
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState("");

  const pay = async () => {
    setBusy("pay");
    setError(null);
    try {
      const { redirectPath } = await payTestCheckout(order.id);
      await refreshAccountState(queryClient);
      toast.success(
        order.mode === "payment" ? `${order.credits} credits added to your balance.` : "Your plan is active.",
      );
      navigate(redirectPath, { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.common.somethingWentWrong);
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: ["billing", "test-checkout", order.id] });
    }
  };

  const cancel = async () => {
    setBusy("cancel");
    try {
      const { redirectPath } = await cancelTestCheckout(order.id);
      navigate(redirectPath, { replace: true });
    } catch {
      navigate(order.cancelPath, { replace: true });
    }
  };

  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    promo.mutate(code.trim(), { onSuccess: () => setCode("") });
  };

  return (
    <Frame>
      <section aria-labelledby="order-title" className="overflow-hidden rounded-2xl border bg-card shadow-sm">
        <div className="space-y-1 border-b p-6">
          <h1 id="order-title" className="font-display text-2xl font-bold">
            {order.mode === "payment" ? "Buy credits" : "Subscribe"}
          </h1>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Coins className="size-4 text-primary" aria-hidden="true" />
            {order.mode === "payment"
              ? `${order.credits} credits that never expire`
              : `${order.credits} credits every month`}
          </p>
        </div>

        <table className="w-full text-sm">
          <caption className="sr-only">Order</caption>
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="px-6 py-2 text-left font-medium">
                Item
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="px-6 py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.description} className="border-b">
                <td className="px-6 py-3">
                  <span className="font-medium">{item.description}</span>
                  <span className="block text-xs text-muted-foreground">{formatUsd(item.unitAmountCents)} each</span>
                </td>
                <td className="px-2 py-3 text-right tabular-nums" data-testid="order-quantity">
                  {item.quantity}
                </td>
                <td className="px-6 py-3 text-right tabular-nums">{formatUsd(item.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="space-y-2 p-6 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="tabular-nums">{formatUsd(order.subtotalCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="flex items-center gap-2 text-muted-foreground">
              Discount
              {order.promoCode ? (
                <Badge variant="success" className="gap-1">
                  <Tag aria-hidden="true" />
                  {order.promoCode}
                  <button
                    type="button"
                    aria-label={`Remove ${order.promoCode}`}
                    className="ml-0.5 rounded-sm hover:text-foreground"
                    onClick={() => promo.mutate(null)}
                  >
                    <X className="size-3" aria-hidden="true" />
                  </button>
                </Badge>
              ) : null}
            </dt>
            <dd className={cn("tabular-nums", order.discountCents > 0 && "text-success")} data-testid="order-discount">
              {order.discountCents > 0 ? `-${formatUsd(order.discountCents)}` : formatUsd(0)}
            </dd>
          </div>
          <div className="flex items-baseline justify-between border-t pt-3">
            <dt className="text-base font-semibold">Total due today</dt>
            <dd className="font-display text-2xl font-bold tabular-nums" data-testid="order-total">
              {formatUsd(order.totalCents)}
            </dd>
          </div>
        </dl>

        {order.promoAllowed && !order.promoCode ? (
          <form onSubmit={applyCode} className="flex gap-2 px-6 pb-2">
            <label htmlFor="promo-code" className="sr-only">
              Promotion code
            </label>
            <Input
              id="promo-code"
              placeholder="Promotion code"
              value={code}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" variant="outline" disabled={promo.isPending || !code.trim()}>
              Apply
            </Button>
          </form>
        ) : null}
        {promo.error ? (
          <p role="alert" className="px-6 text-sm text-destructive">
            {promo.error.message}
          </p>
        ) : null}

        <div className="space-y-3 p-6 pt-4">
          {error ? (
            <p
              role="alert"
              className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
            >
              <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              {error}
            </p>
          ) : null}
          <Button size="lg" variant="brand" className="w-full" disabled={busy !== null} onClick={() => void pay()}>
            {busy === "pay" ? <Spinner /> : <CheckCircle2 aria-hidden="true" />}
            Pay {formatUsd(order.totalCents)}
          </Button>
          <Button variant="ghost" className="w-full" disabled={busy !== null} onClick={() => void cancel()}>
            Cancel
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            Test mode: no card is charged.
            {order.mode === "subscription" ? " Renews automatically until you cancel in the billing portal." : ""}
          </p>
        </div>
      </section>
    </Frame>
  );
}
