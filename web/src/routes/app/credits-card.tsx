import { type Account, messages } from "@reelsmith/core";
import { Coins, Plus, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { BuyCreditsDialog } from "@/features/billing";
import { CreditsRefreshButton } from "@/features/credits";
import { planLabel } from "@/lib/account-display";

export function CreditsCard({ account, onNavigate }: { account: Account; onNavigate?: () => void }) {
  const hasPlan = account.plan !== null;
  const [buying, setBuying] = useState(false);
  return (
    <section
      aria-label="Credits"
      className="relative overflow-hidden rounded-xl border border-sidebar-border bg-gradient-to-br from-primary/15 via-sidebar-accent/40 to-transparent p-4"
    >
      <div className="pointer-events-none absolute -top-10 -right-10 size-28 rounded-full bg-primary/25 blur-2xl" />
      <div className="relative flex items-center justify-between gap-2 text-sm font-semibold">
        <span className="flex items-center gap-2" data-testid="sidebar-credits">
          <Coins className="size-4 text-primary" aria-hidden="true" />
          {messages.credits.available(account.credits)}
        </span>
        <CreditsRefreshButton className="-mr-1.5" />
      </div>
      <p className="relative mt-1 text-xs text-muted-foreground">{planLabel(account)}</p>
      <div className="relative mt-3 flex flex-col gap-2">
        <Button asChild size="sm" variant={hasPlan ? "secondary" : "brand"} className="w-full">
          <Link to={hasPlan ? "/settings" : "/pricing"} onClick={onNavigate}>
            <Sparkles aria-hidden="true" />
            {hasPlan ? messages.subscription.managePlan : messages.subscription.upgradePlan}
          </Link>
        </Button>
        <Button size="sm" variant="outline" className="w-full" onClick={() => setBuying(true)}>
          <Plus aria-hidden="true" />
          {messages.subscription.topUp}
        </Button>
      </div>
      <BuyCreditsDialog open={buying} onOpenChange={setBuying} signedIn />
    </section>
  );
}
