import {
  annualSavingsCents,
  applyPromo,
  type BillingInterval,
  CURRENCY,
  FREE_PLAN_LABEL,
  findPromo,
  formatUsd,
  isSelfServePlan,
  messages,
  monthlyEquivalentCents,
  PLAN_SUCCESS_PATH,
  type Plan,
  PRICING_BUTTON_LABELS,
  type PricingButtonState,
  planPriceCents,
  plans,
  pricingButtonState,
  SIGNUP_BONUS_CREDITS,
} from "@reelsmith/core";
import { Check, Tag, X } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ComingSoon } from "@/components/coming-soon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { analytics } from "@/lib/analytics";
import { redirectTo } from "@/lib/redirect";
import { SIGN_UP_PATH } from "@/lib/site-routes";
import { cn } from "@/lib/utils";
import { createCheckout } from "../api/create-checkout";
import { IntervalToggle } from "./interval-toggle";
import { TestModeNotice } from "./test-mode-banner";

export interface PricingViewer {
  /** The account (or the subscription) is still loading. */
  loading: boolean;
  signedIn: boolean;
  /** The viewer's current plan and interval; null on the free tier. */
  current: { planId: string; interval: BillingInterval } | null;
}

const FAQ: readonly { q: string; a: string }[] = [
  {
    q: "What happens when I upgrade or downgrade?",
    a: `${messages.pricing.faqUpgrades} ${messages.pricing.faqDowngrades}`,
  },
  { q: "Do unused credits roll over?", a: messages.pricing.faqResets },
  { q: "Can I buy more credits without changing plan?", a: messages.pricing.faqTopUps },
  { q: "Is there annual billing?", a: messages.pricing.faqAnnual },
  {
    q: "What if a video fails?",
    a: "A failed generation refunds its credits automatically; the refund can take up to 10 minutes to show.",
  },
];

/**
 * Plans page (spec section 2): monthly/annual, the promotion code, and each card's button state:
 * Loading..., Contact Us (enterprise), Current Plan (the card turns green), Downgrade (cheaper than the
 * current plan) or Choose Plan. Signed out, a purchase goes to /auth; while subscribed, any other plan
 * goes to the billing portal.
 */
export function PricingScreen({ viewer, contactAvailable }: { viewer: PricingViewer; contactAvailable: boolean }) {
  const navigate = useNavigate();
  const [interval, setInterval] = useState<BillingInterval>(viewer.current?.interval ?? "month");
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // Once the subscription has loaded, show the viewer's own interval first.
  const currentInterval = viewer.current?.interval;
  useEffect(() => {
    if (currentInterval) setInterval(currentInterval);
  }, [currentInterval]);

  const choose = async (plan: Plan, state: PricingButtonState) => {
    if (!viewer.signedIn) {
      navigate(SIGN_UP_PATH);
      return;
    }
    if (viewer.current || state === "downgrade") {
      navigate("/billing/portal");
      return;
    }
    if (!isSelfServePlan(plan)) return;
    setPending(plan.id);
    try {
      const { url } = await createCheckout({
        mode: "subscription",
        planId: plan.id,
        interval,
        ...(promoCode ? { promoCode } : {}),
        successPath: PLAN_SUCCESS_PATH,
        cancelPath: "/pricing",
      });
      const charged = applyPromo(planPriceCents(plan, interval), promoCode).totalCents;
      analytics().initiateCheckout({ value: charged / 100, currency: CURRENCY });
      redirectTo(url, navigate);
    } catch (error) {
      // Spec: a plan checkout error is only logged and the button comes back.
      console.error("plan checkout", error);
      setPending(null);
    }
  };

  const onFreeTier = viewer.signedIn && !viewer.loading && viewer.current === null;

  return (
    <div className="container-page py-section">
      <div className="mx-auto max-w-2xl space-y-4 text-center">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">Pricing</p>
        <h1 className="font-display text-headline font-bold">Simple plans that grow with your page</h1>
        <p className="text-muted-foreground">
          Start free with {SIGNUP_BONUS_CREDITS} credits. Upgrade for monthly credits and faster rendering.
        </p>
      </div>

      <TestModeNotice className="mx-auto mt-6 max-w-2xl" />

      <div className="mt-8 flex flex-col items-center gap-4">
        <IntervalToggle value={interval} onChange={setInterval} />
        {viewer.current ? null : <PromoControl code={promoCode} onChange={setPromoCode} />}
      </div>

      <ul className="mt-10 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {plans.map((plan) => {
          const state = pricingButtonState({
            plan,
            interval,
            loading: viewer.loading || pending === plan.id,
            current: viewer.current,
          });
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              promoCode={promoCode}
              state={state}
              disabled={pending !== null}
              contactAvailable={contactAvailable}
              onChoose={() => void choose(plan, state)}
            />
          );
        })}
      </ul>

      <FreeTier
        current={onFreeTier}
        signedIn={viewer.signedIn}
        subscribed={viewer.current !== null}
        loading={viewer.loading}
      />

      <section aria-labelledby="billing-faq" className="mx-auto mt-16 max-w-3xl">
        <h2 id="billing-faq" className="text-center font-display text-2xl font-bold">
          Billing questions
        </h2>
        <dl className="mt-6 divide-y rounded-2xl border bg-card">
          {FAQ.map((item) => (
            <div key={item.q} className="space-y-1 p-5">
              <dt className="font-semibold">{item.q}</dt>
              <dd className="text-sm text-muted-foreground">{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function PromoControl({ code, onChange }: { code: string | null; onChange: (code: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const promo = findPromo(value);
    if (!promo) {
      setError(messages.billing.promoInvalid);
      return;
    }
    onChange(promo.code);
    setOpen(false);
    setValue("");
    setError(null);
  };
  if (code) {
    return (
      <p className="inline-flex items-center gap-2 rounded-full border border-success/40 bg-success/10 px-3 py-1.5 text-sm font-medium text-success">
        <Tag className="size-4" aria-hidden="true" />
        {code} applied: 50% off your first payment
        <button
          type="button"
          aria-label={`Remove ${code}`}
          onClick={() => onChange(null)}
          className="rounded-full p-0.5 hover:bg-success/15"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="inline-flex flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-full border border-primary/30 bg-primary/10 px-4 py-1.5 text-sm">
        <Tag className="size-4 text-primary" aria-hidden="true" />
        <span>{messages.promo.text}</span>
        <button
          type="button"
          className="font-semibold text-primary underline-offset-4 hover:underline"
          onClick={() => onChange("HALFOFFWOW")}
        >
          Apply code
        </button>
      </p>
      {open ? (
        <form onSubmit={submit} className="flex w-full max-w-xs gap-2">
          <label htmlFor="pricing-promo" className="sr-only">
            Promotion code
          </label>
          <Input
            id="pricing-promo"
            placeholder="Promotion code"
            value={value}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </form>
      ) : (
        <button
          type="button"
          className="text-xs text-muted-foreground underline-offset-4 hover:underline"
          onClick={() => setOpen(true)}
        >
          Have another code?
        </button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function PlanCard({
  plan,
  interval,
  promoCode,
  state,
  disabled,
  contactAvailable,
  onChoose,
}: {
  plan: Plan;
  interval: BillingInterval;
  promoCode: string | null;
  state: PricingButtonState;
  disabled: boolean;
  contactAvailable: boolean;
  onChoose: () => void;
}) {
  const current = state === "current";
  const paid = isSelfServePlan(plan) ? plan : null;
  const promo = paid ? applyPromo(planPriceCents(paid, interval), promoCode) : null;
  return (
    <li
      data-testid={`plan-${plan.id}`}
      data-state={state}
      className={cn(
        "relative flex flex-col gap-6 rounded-2xl border bg-card p-6",
        plan.popular &&
          !current &&
          "border-primary/60 shadow-[0_20px_60px_-30px_var(--brand-glow)] ring-1 ring-primary/40",
        current && "border-success bg-success/10 ring-2 ring-success/60",
      )}
    >
      <div className="space-y-2">
        <div className="flex min-h-6 items-center justify-between gap-2">
          <h2 className="font-display text-xl font-bold">{plan.name}</h2>
          {current ? (
            <Badge variant="success">{PRICING_BUTTON_LABELS.current}</Badge>
          ) : plan.popular ? (
            <Badge className="bg-gradient-brand text-white">Most popular</Badge>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <div className="space-y-1">
        <p className="flex items-baseline gap-1">
          <span className="font-display text-4xl font-extrabold tracking-tight">
            {paid ? formatUsd(monthlyEquivalentCents(paid, interval)).replace(/\.00$/, "") : "Custom"}
          </span>
          {paid ? <span className="text-sm text-muted-foreground">/month</span> : null}
        </p>
        <p className="min-h-5 text-xs text-muted-foreground">
          {paid && interval === "year"
            ? `${formatUsd(planPriceCents(paid, "year"))} billed yearly · save ${formatUsd(annualSavingsCents(paid))}`
            : paid
              ? "Billed monthly"
              : "Tailored volume and pricing"}
        </p>
        {promo && promo.discountCents > 0 ? (
          <p className="text-xs font-medium text-success">
            First payment {formatUsd(promo.totalCents)} with {promoCode}
          </p>
        ) : null}
      </div>
      <ul className="flex-1 space-y-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check
              className={cn("mt-0.5 size-4 shrink-0", current ? "text-success" : "text-primary")}
              aria-hidden="true"
            />
            {feature}
          </li>
        ))}
      </ul>
      <PlanButton
        state={state}
        popular={plan.popular}
        disabled={disabled}
        contactAvailable={contactAvailable}
        onChoose={onChoose}
      />
    </li>
  );
}

function PlanButton({
  state,
  popular,
  disabled,
  contactAvailable,
  onChoose,
}: {
  state: PricingButtonState;
  popular: boolean;
  disabled: boolean;
  contactAvailable: boolean;
  onChoose: () => void;
}) {
  const label = PRICING_BUTTON_LABELS[state];
  if (state === "contact") {
    return contactAvailable ? (
      <Button asChild variant="outline" className="w-full">
        <Link to="/contact">{label}</Link>
      </Button>
    ) : (
      <ComingSoon reason={messages.comingLater.contact} className="w-full">
        <Button disabled variant="outline" className="w-full">
          {label}
        </Button>
      </ComingSoon>
    );
  }
  if (state === "current") {
    return (
      <Button disabled variant="outline" className="w-full border-success/60 text-success disabled:opacity-100">
        <Check aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <Button
      variant={state === "downgrade" ? "secondary" : popular ? "brand" : "outline"}
      className="w-full"
      disabled={state === "loading" || disabled}
      onClick={onChoose}
    >
      {label}
    </Button>
  );
}

function FreeTier({
  current,
  signedIn,
  subscribed,
  loading,
}: {
  current: boolean;
  signedIn: boolean;
  subscribed: boolean;
  loading: boolean;
}) {
  return (
    <section
      aria-label="Free tier"
      data-testid="plan-free"
      className={cn(
        "mt-5 flex flex-col gap-4 rounded-2xl border bg-card p-5 sm:flex-row sm:items-center sm:justify-between",
        current && "border-success bg-success/10 ring-2 ring-success/60",
      )}
    >
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <h2 className="font-display text-lg font-bold">Free</h2>
          {current ? <Badge variant="success">{PRICING_BUTTON_LABELS.current}</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">
          $0 · {FREE_PLAN_LABEL} · {SIGNUP_BONUS_CREDITS} free credits on sign-up · all five video types ·{" "}
          {messages.auth.noCreditCard}
        </p>
      </div>
      {loading ? (
        <Button disabled variant="outline">
          {PRICING_BUTTON_LABELS.loading}
        </Button>
      ) : !signedIn ? (
        <Button asChild variant="outline">
          <Link to={SIGN_UP_PATH}>{messages.auth.startFreeTrial}</Link>
        </Button>
      ) : subscribed ? (
        <Button asChild variant="secondary">
          <Link to="/billing/portal">{PRICING_BUTTON_LABELS.downgrade}</Link>
        </Button>
      ) : (
        <Button disabled variant="outline" className="border-success/60 text-success disabled:opacity-100">
          <Check aria-hidden="true" />
          {PRICING_BUTTON_LABELS.current}
        </Button>
      )}
    </section>
  );
}
