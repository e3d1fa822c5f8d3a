import { FREE_PLAN_LABEL, findPaidPlan, formatUsd, messages, type SubscriptionView } from "@reelsmith/core";
import { CalendarClock, CreditCard, Settings2, Sparkles } from "lucide-react";
import { Link } from "react-router";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useSubscription } from "../api/get-subscription";
import { TestModeNotice } from "./test-mode-banner";

/** The scheduled change in the spec's words, with its effective date. */
export function scheduledChangeBanner(subscription: SubscriptionView): string | null {
  const date = subscription.scheduledChangeDate ? formatDate(subscription.scheduledChangeDate) : null;
  if (!date) return null;
  if (subscription.scheduledChangeType === "cancel") return messages.subscription.cancelBanner(date);
  if (subscription.scheduledChangeType === "downgrade" && subscription.scheduledPlan) {
    const interval = subscription.scheduledInterval === "year" ? " (annual)" : "";
    return messages.subscription.downgradeBanner(`${subscription.scheduledPlan.name}${interval}`, date);
  }
  return null;
}

/**
 * Subscription management on the settings page: the plan, its badge (Active, Scheduled Downgrade or
 * Scheduled Cancellation), a banner with the date a scheduled change takes effect, Manage Billing and
 * Manage Subscription; without a plan, the Free Plan (inactive) with Change Plan.
 */
export function SubscriptionCard() {
  const { data, isPending, isError, refetch } = useSubscription();
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="font-display text-lg">Subscription</CardTitle>
        <CardDescription>Your plan, billing and monthly credits.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <TestModeNotice />
        {isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-9 w-56" />
          </div>
        ) : isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm">
            <span>{messages.common.somethingWentWrong}</span>
            <Button size="sm" variant="outline" onClick={() => refetch()}>
              {messages.common.tryAgain}
            </Button>
          </div>
        ) : data.active && data.plan ? (
          <ActivePlan subscription={data} />
        ) : (
          <FreePlan />
        )}
      </CardContent>
    </Card>
  );
}

function ActivePlan({ subscription }: { subscription: SubscriptionView }) {
  const plan = findPaidPlan(subscription.plan?.id);
  const banner = scheduledChangeBanner(subscription);
  const badge = subscription.badge;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="font-display text-2xl font-bold" data-testid="subscription-plan">
            {subscription.plan?.name}
          </p>
          <p className="text-sm text-muted-foreground">
            {subscription.priceCents !== null ? formatUsd(subscription.priceCents) : ""} /{" "}
            {subscription.interval === "year" ? "year" : "month"}
            {plan ? ` · ${plan.creditsPerMonth} credits every month` : ""}
          </p>
        </div>
        <Badge
          variant={badge === "Active" ? "success" : "secondary"}
          className={badge !== "Active" ? "bg-warning/15 text-warning" : ""}
        >
          {badge}
        </Badge>
      </div>
      {banner ? (
        <p role="status" className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span data-testid="scheduled-change-banner">{banner}</span>
        </p>
      ) : subscription.currentPeriodEnd ? (
        <p className="text-sm text-muted-foreground">Renews on {formatDate(subscription.currentPeriodEnd)}.</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to="/billing/portal">
            <CreditCard aria-hidden="true" />
            {messages.subscription.manageBilling}
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/pricing">
            <Settings2 aria-hidden="true" />
            {messages.subscription.manageSubscription}
          </Link>
        </Button>
      </div>
    </>
  );
}

function FreePlan() {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="font-display text-2xl font-bold" data-testid="subscription-plan">
            {messages.subscription.freePlan}
          </p>
          <p className="text-sm text-muted-foreground">{FREE_PLAN_LABEL}</p>
        </div>
        <Badge variant="secondary">{messages.subscription.inactive}</Badge>
      </div>
      <Button asChild variant="brand">
        <Link to="/pricing">
          <Sparkles aria-hidden="true" />
          {messages.subscription.changePlan}
        </Link>
      </Button>
    </>
  );
}
