import { type BillingInterval, formatUsd, messages, type TestPortal } from "@reelsmith/core";
import { ArrowLeft, CalendarClock, Check, Coins } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { Logo } from "@/components/logo";
import { Spinner } from "@/components/spinner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ApiError } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type TestPortalAction, useTestPortal, useTestPortalAction } from "../api/test-portal";
import { IntervalToggle } from "./interval-toggle";
import { scheduledChangeBanner } from "./subscription-card";
import { TestModeBanner } from "./test-mode-banner";

type Option = TestPortal["options"][number];

/**
 * The built-in billing portal of test mode (`/billing/test-portal`): the current plan and period, plan
 * changes (an upgrade applies at once with full payment; a downgrade at the end of the period),
 * cancellation at the period end, and resuming a scheduled change.
 */
export function TestPortalScreen({ returnPath }: { returnPath: string | null }) {
  const portal = useTestPortal(returnPath);
  const back = portal.data?.returnPath ?? returnPath ?? "/settings";
  return (
    <div className="min-h-dvh bg-muted/30">
      <TestModeBanner>{messages.billing.testModePortal}</TestModeBanner>
      <main className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Logo to="/home" />
          <Button asChild variant="ghost" size="sm">
            <Link to={back}>
              <ArrowLeft aria-hidden="true" />
              Return to Reelsmith
            </Link>
          </Button>
        </div>
        {portal.isPending ? (
          <output className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
            <Spinner /> {messages.common.loading}
          </output>
        ) : portal.isError ? (
          <div role="alert" className="space-y-4 rounded-2xl border bg-card p-6 text-center">
            <p className="font-medium">
              {portal.error instanceof ApiError && portal.error.status === 404
                ? messages.billing.noPlanToManage
                : messages.common.somethingWentWrong}
            </p>
            <Button asChild variant="brand">
              <Link to="/pricing">See plans</Link>
            </Button>
          </div>
        ) : (
          <Portal portal={portal.data} returnPath={returnPath} />
        )}
      </main>
    </div>
  );
}

function Portal({ portal, returnPath }: { portal: TestPortal; returnPath: string | null }) {
  const { subscription } = portal;
  const action = useTestPortalAction(returnPath);
  const [interval, setInterval] = useState<BillingInterval>(subscription.interval ?? "month");
  const [confirming, setConfirming] = useState<Option | null>(null);
  const banner = scheduledChangeBanner(subscription);

  const run = (next: TestPortalAction, done: string) =>
    action.mutate(next, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(done);
      },
      onError: (error) => toast.error(error.message || messages.common.somethingWentWrong),
    });

  const options = portal.options.filter((o) => o.interval === interval);
  return (
    <>
      <section aria-labelledby="current-plan" className="rounded-2xl border bg-card p-6 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="space-y-1">
            <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Current plan</p>
            <h1 id="current-plan" className="font-display text-3xl font-bold">
              {subscription.plan?.name}
            </h1>
            <p className="text-sm text-muted-foreground">
              {subscription.priceCents !== null ? formatUsd(subscription.priceCents) : ""} per{" "}
              {subscription.interval === "year" ? "year" : "month"}
              {subscription.currentPeriodStart && subscription.currentPeriodEnd
                ? ` · current period ${formatDate(subscription.currentPeriodStart)} – ${formatDate(subscription.currentPeriodEnd)}`
                : ""}
            </p>
          </div>
          <Badge
            variant={subscription.badge === "Active" ? "success" : "secondary"}
            className={cn(subscription.badge !== "Active" && "bg-warning/15 text-warning")}
          >
            {subscription.badge}
          </Badge>
        </div>
        {banner ? (
          <p role="status" className="mt-4 flex gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            {banner}
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap gap-2">
          {subscription.scheduledChangeType ? (
            <Button
              variant="brand"
              disabled={action.isPending}
              onClick={() => run({ type: "resume" }, `You stay on ${subscription.plan?.name}.`)}
            >
              {subscription.scheduledChangeType === "cancel" ? "Resume subscription" : "Keep current plan"}
            </Button>
          ) : null}
          {subscription.scheduledChangeType !== "cancel" ? (
            <Button
              variant="outline"
              disabled={action.isPending}
              onClick={() => run({ type: "cancel" }, "Your subscription will end at the end of the period.")}
            >
              Cancel subscription
            </Button>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="change-plan" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="space-y-1">
            <h2 id="change-plan" className="font-display text-xl font-bold">
              Change plan
            </h2>
            <p className="text-sm text-muted-foreground">
              {messages.pricing.faqUpgrades} {messages.pricing.faqDowngrades}
            </p>
          </div>
          <IntervalToggle value={interval} onChange={setInterval} />
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {options.map((option) => (
            <PlanOption
              key={`${option.planId}-${option.interval}`}
              option={option}
              busy={action.isPending}
              onUpgrade={() => setConfirming(option)}
              onDowngrade={() =>
                run(
                  { type: "change", planId: option.planId, interval: option.interval },
                  `${option.name} starts at the end of the period.`,
                )
              }
              onKeep={() => run({ type: "resume" }, `You stay on ${subscription.plan?.name}.`)}
            />
          ))}
        </ul>
      </section>

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Upgrade to {confirming?.name} now?</DialogTitle>
            <DialogDescription>
              The upgrade applies immediately: {confirming ? formatUsd(confirming.priceCents) : ""} is charged today
              (test mode: nothing is charged) and a new billing period starts now. You get {confirming?.creditsPerMonth}{" "}
              credits at once; unused plan credits carry over to the new period.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="brand"
              disabled={action.isPending}
              onClick={() =>
                confirming &&
                run(
                  { type: "change", planId: confirming.planId, interval: confirming.interval },
                  `You are on ${confirming.name} now.`,
                )
              }
            >
              {action.isPending ? <Spinner /> : null}
              Upgrade and pay {confirming ? formatUsd(confirming.priceCents) : ""}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function PlanOption({
  option,
  busy,
  onUpgrade,
  onDowngrade,
  onKeep,
}: {
  option: Option;
  busy: boolean;
  onUpgrade: () => void;
  onDowngrade: () => void;
  onKeep: () => void;
}) {
  const current = option.change === "none";
  return (
    <li
      className={cn(
        "flex flex-col gap-4 rounded-2xl border bg-card p-5",
        current && "border-success/60 bg-success/5 ring-1 ring-success/40",
        option.scheduled && "border-warning/50",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-display text-lg font-bold">{option.name}</h3>
        {current ? <Badge variant="success">Current plan</Badge> : null}
        {option.scheduled ? <Badge className="bg-warning/15 text-warning">Scheduled</Badge> : null}
      </div>
      <p>
        <span className="font-display text-3xl font-extrabold">{formatUsd(option.priceCents)}</span>
        <span className="text-sm text-muted-foreground"> / {option.interval === "year" ? "year" : "month"}</span>
      </p>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Coins className="size-4 text-primary" aria-hidden="true" />
        {option.creditsPerMonth} credits every month
      </p>
      <div className="mt-auto">
        {current ? (
          <Button disabled variant="outline" className="w-full">
            <Check aria-hidden="true" />
            Current plan
          </Button>
        ) : option.scheduled ? (
          <Button variant="outline" className="w-full" disabled={busy} onClick={onKeep}>
            Undo scheduled change
          </Button>
        ) : option.change === "upgrade" ? (
          <Button variant="brand" className="w-full" disabled={busy} onClick={onUpgrade}>
            Upgrade now
          </Button>
        ) : (
          <Button variant="secondary" className="w-full" disabled={busy} onClick={onDowngrade}>
            Downgrade at period end
          </Button>
        )}
      </div>
    </li>
  );
}
