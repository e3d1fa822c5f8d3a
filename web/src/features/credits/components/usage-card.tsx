import { type CreditsSummary, messages } from "@reelsmith/core";
import { Coins, Plus } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useCreditsSummary } from "../api/get-credits-summary";
import { CreditsRefreshButton } from "./credits-refresh-button";
import { SpendChart } from "./spend-chart";

function Figure({ label, value, hint }: { label: string; value: number | string; hint?: string }) {
  return (
    <div className="rounded-lg border bg-background/40 p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-display text-xl font-bold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/** The one place the card says what is left: plan credits until the period ends, and credits that stay. */
function creditsLeft(data: CreditsSummary): string {
  const lasting = `${data.permanentCredits} purchased and bonus credits that never expire.`;
  if (data.planCredits > 0) {
    return `${data.planCredits} plan credits left until ${formatDate(data.period.end)} (they reset each month); ${lasting}`;
  }
  return data.usage.total > 0 ? lasting : `No plan or purchased credits this month. ${lasting}`;
}

/**
 * Usage (spec section 2): monthly plan credits plus additional credits; used = total - remaining,
 * clamped to 0..total (shown once there is a total to use); and the credits spent per day this period.
 */
export function UsageCard({ onBuyCredits }: { onBuyCredits?: () => void }) {
  const { data, isPending, isError, refetch } = useCreditsSummary();
  return (
    <Card className="gap-5">
      <CardHeader className="grid-cols-[1fr_auto]">
        <div className="space-y-1.5">
          <CardTitle className="font-display text-lg">Credits &amp; usage</CardTitle>
          <CardDescription>
            {data
              ? data.period.kind === "plan"
                ? `This period: ${formatDate(data.period.start)} – ${formatDate(data.period.end)}`
                : `This month: ${formatDate(data.period.start)} – ${formatDate(new Date(Date.parse(data.period.end) - 1))}`
              : "Your balance and what you used this period."}
          </CardDescription>
        </div>
        <CreditsRefreshButton />
      </CardHeader>
      <CardContent className="space-y-5">
        {isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm">
            <span>{messages.common.somethingWentWrong}</span>
            <Button size="sm" variant="outline" onClick={() => refetch()}>
              {messages.common.tryAgain}
            </Button>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <p className="flex items-center gap-2 text-lg font-semibold" data-testid="usage-balance">
                <Coins className="size-5 text-primary" aria-hidden="true" />
                {messages.credits.available(data.balance)}
              </p>
              {onBuyCredits ? (
                <Button size="sm" variant="outline" onClick={onBuyCredits}>
                  <Plus aria-hidden="true" />
                  {messages.billing.buyCredits}
                </Button>
              ) : null}
            </div>
            {data.usage.total > 0 ? (
              <>
                <dl className="grid grid-cols-3 gap-2 sm:gap-3">
                  <Figure label="Monthly plan credits" value={data.usage.monthlyPlanCredits} />
                  <Figure label="Additional credits" value={data.usage.additionalCredits} />
                  <Figure label="Total" value={data.usage.total} />
                </dl>
                <div className="space-y-2">
                  <p className="text-sm font-medium">
                    Used {data.usage.used} of {data.usage.total}
                  </p>
                  <div
                    role="progressbar"
                    aria-label="Credits used this period"
                    aria-valuemin={0}
                    aria-valuemax={data.usage.total}
                    aria-valuenow={data.usage.used}
                    className="h-2 overflow-hidden rounded-full bg-muted"
                  >
                    <div
                      className="h-full rounded-full bg-gradient-brand transition-[width]"
                      style={{ width: `${(data.usage.used / data.usage.total) * 100}%` }}
                    />
                  </div>
                  <p className="text-xs text-muted-foreground">{creditsLeft(data)}</p>
                </div>
              </>
            ) : (
              // Nothing bought and no plan this period: no "Used 0 of 0", just what the balance is made of.
              <p className="text-sm text-muted-foreground">{creditsLeft(data)}</p>
            )}
            <div className="space-y-2">
              <h3 className="text-sm font-medium">Credits spent per day</h3>
              <SpendChart daily={data.daily} period={data.period} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
