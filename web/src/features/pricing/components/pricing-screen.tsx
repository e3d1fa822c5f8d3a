import { FREE_PLAN_LABEL, messages, type Plan, plans } from "@reelsmith/core";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { ComingSoon } from "@/components/coming-soon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

interface PricingViewer {
  signedIn: boolean;
  /** The viewer's current plan id, null on the free tier. */
  planId: string | null;
}

function PlanCard({
  name,
  price,
  period,
  description,
  features,
  popular = false,
  current = false,
  action,
}: {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: readonly string[];
  popular?: boolean;
  current?: boolean;
  action: ReactNode;
}) {
  return (
    <li
      className={cn(
        "relative flex flex-col gap-6 rounded-2xl border bg-card p-6",
        popular && "border-primary/60 shadow-[0_20px_60px_-30px_var(--brand-glow)] ring-1 ring-primary/40",
        current && "border-success/60 ring-1 ring-success/40",
      )}
    >
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-display text-xl font-bold">{name}</h2>
          {popular ? <Badge className="bg-gradient-brand text-white">Most popular</Badge> : null}
          {current ? <Badge variant="success">Current Plan</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <p className="flex items-baseline gap-1">
        <span className="font-display text-4xl font-extrabold tracking-tight">{price}</span>
        {period ? <span className="text-sm text-muted-foreground">{period}</span> : null}
      </p>
      <ul className="flex-1 space-y-2.5 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {action}
    </li>
  );
}

function paidPlanAction(plan: Plan, viewer: PricingViewer, contactAvailable: boolean): ReactNode {
  if (plan.id === viewer.planId) {
    return (
      <Button disabled variant="outline" className="w-full">
        Current Plan
      </Button>
    );
  }
  if (plan.isEnterprise) {
    return contactAvailable ? (
      <Button asChild variant="outline" className="w-full">
        <Link to="/contact">Contact Us</Link>
      </Button>
    ) : (
      <ComingSoon reason={messages.comingLater.contact} className="w-full">
        <Button disabled variant="outline" className="w-full">
          Contact Us
        </Button>
      </ComingSoon>
    );
  }
  // Checkout lands with billing; until then the button explains itself.
  return (
    <ComingSoon reason={messages.comingLater.checkout} className="w-full">
      <Button disabled variant={plan.popular ? "brand" : "secondary"} className="w-full">
        Choose Plan
      </Button>
    </ComingSoon>
  );
}

export function PricingScreen({ viewer, contactAvailable }: { viewer: PricingViewer; contactAvailable: boolean }) {
  const onFreeTier = viewer.signedIn && viewer.planId === null;
  return (
    <div className="container-page py-section">
      <div className="mx-auto max-w-2xl space-y-4 text-center">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">Pricing</p>
        <h1 className="font-display text-headline font-bold">Simple plans that grow with your page</h1>
        <p className="text-muted-foreground">
          Start free with 20 credits. Upgrade for monthly credits and faster rendering. {messages.promo.text}
        </p>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 xl:grid-cols-5">
        <PlanCard
          name="Free"
          price="$0"
          period="/month"
          description="Try every format with your sign-up credits."
          features={[FREE_PLAN_LABEL, "20 free credits on sign-up", "All five video types"]}
          current={onFreeTier}
          action={
            viewer.signedIn ? (
              <Button asChild variant="outline" className="w-full">
                <Link to="/home">Go to Home</Link>
              </Button>
            ) : (
              <Button asChild variant="outline" className="w-full">
                <Link to="/auth?tab=signup">{messages.auth.startFreeTrial}</Link>
              </Button>
            )
          }
        />
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            name={plan.name}
            price={plan.price === null ? "Custom" : `$${plan.price}`}
            {...(plan.price === null ? {} : { period: "/month" })}
            description={plan.description}
            features={plan.features}
            popular={plan.popular}
            current={plan.id === viewer.planId}
            action={paidPlanAction(plan, viewer, contactAvailable)}
          />
        ))}
      </ul>
      <p className="mx-auto mt-10 max-w-2xl text-center text-sm font-medium">{messages.comingLater.checkout}</p>
      <p className="mx-auto mt-2 max-w-2xl text-center text-sm text-muted-foreground">
        Upgrades apply immediately with full payment; downgrades take effect at the end of the billing period.
      </p>
    </div>
  );
}
