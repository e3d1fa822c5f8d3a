import { type Account, messages } from "@reelsmith/core";
import { Coins, Sparkles } from "lucide-react";
import { Link } from "react-router";

import { ComingSoon } from "@/components/coming-soon";
import { Button } from "@/components/ui/button";
import { planLabel } from "@/lib/account-display";

export function CreditsCard({ account, onNavigate }: { account: Account; onNavigate?: () => void }) {
  const hasPlan = account.plan !== null;
  return (
    <section
      aria-label="Credits"
      className="relative overflow-hidden rounded-xl border border-sidebar-border bg-gradient-to-br from-primary/15 via-sidebar-accent/40 to-transparent p-4"
    >
      <div className="pointer-events-none absolute -top-10 -right-10 size-28 rounded-full bg-primary/25 blur-2xl" />
      <div className="relative flex items-center gap-2 text-sm font-semibold">
        <Coins className="size-4 text-primary" aria-hidden="true" />
        <span>{messages.credits.available(account.credits)}</span>
      </div>
      <p className="relative mt-1 text-xs text-muted-foreground">{planLabel(account)}</p>
      <div className="relative mt-3 flex flex-col gap-2">
        <Button asChild size="sm" variant={hasPlan ? "secondary" : "brand"} className="w-full">
          <Link to={hasPlan ? "/settings" : "/pricing"} onClick={onNavigate}>
            <Sparkles aria-hidden="true" />
            {hasPlan ? messages.subscription.managePlan : messages.subscription.upgradePlan}
          </Link>
        </Button>
        <ComingSoon reason={messages.comingLater.topUp} className="w-full">
          <Button size="sm" variant="outline" disabled className="w-full">
            {messages.subscription.topUp}
          </Button>
        </ComingSoon>
      </div>
    </section>
  );
}
