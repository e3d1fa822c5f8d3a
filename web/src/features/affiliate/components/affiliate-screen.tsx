import { messages } from "@reelsmith/core";
import { Check, Coins, Copy, CreditCard, Gift, RefreshCw, Share2, UserPlus } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { copyText } from "@/lib/clipboard";

import { useAffiliate } from "../api/get-affiliate";

function Stat({ icon: Icon, label, value }: { icon: typeof Coins; label: string; value: number }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </p>
      <p
        className="mt-1 text-3xl font-semibold tabular-nums"
        data-testid={`affiliate-${label.toLowerCase().replaceAll(" ", "-")}`}
      >
        {value}
      </p>
    </div>
  );
}

/** /affiliate: the user's own referral link with a copy button, what it has done, and how it works. */
export function AffiliateScreen() {
  const affiliate = useAffiliate();
  const [copied, setCopied] = useState(false);

  const copy = async (link: string) => {
    if (await copyText(link, { copied: messages.affiliate.copied, failed: messages.affiliate.copyFailed })) {
      setCopied(true);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title={messages.affiliate.title} description={messages.affiliate.description} />
      {affiliate.isPending ? (
        <div className="space-y-4" aria-hidden="true">
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-28 rounded-xl" />
        </div>
      ) : affiliate.isError ? (
        <EmptyState
          icon={RefreshCw}
          title={messages.affiliate.loadFailed}
          description={affiliate.error.message}
          action={
            <Button size="sm" variant="outline" onClick={() => void affiliate.refetch()}>
              {messages.common.tryAgain}
            </Button>
          }
        />
      ) : (
        <>
          <section className="space-y-3 rounded-xl border bg-card p-4 sm:p-6" aria-labelledby="referral-link-label">
            <h2 id="referral-link-label" className="flex items-center gap-2 font-semibold">
              <Gift className="size-5 text-primary" aria-hidden="true" />
              {messages.affiliate.linkLabel}
            </h2>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                readOnly
                value={affiliate.data.link}
                aria-labelledby="referral-link-label"
                className="font-mono text-sm"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="brand" onClick={() => void copy(affiliate.data.link)} className="shrink-0">
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? messages.affiliate.copied : messages.affiliate.copy}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{messages.affiliate.selfNote}</p>
          </section>

          <section className="grid gap-3 sm:grid-cols-3" aria-label="Your referrals">
            <Stat icon={UserPlus} label={messages.affiliate.signedUp} value={affiliate.data.signed_up} />
            <Stat icon={CreditCard} label={messages.affiliate.paid} value={affiliate.data.paid} />
            <Stat icon={Coins} label={messages.affiliate.creditsEarned} value={affiliate.data.credits_earned} />
          </section>

          <section className="space-y-3" aria-labelledby="how-it-works">
            <h2 id="how-it-works" className="text-lg font-semibold">
              {messages.affiliate.howItWorks}
            </h2>
            <ol className="grid gap-3 sm:grid-cols-3">
              {[
                { icon: Share2, text: messages.affiliate.stepShare },
                { icon: UserPlus, text: messages.affiliate.stepSignUp },
                { icon: Coins, text: messages.affiliate.stepReward(affiliate.data.reward_credits) },
              ].map((step, index) => (
                <li key={step.text} className="rounded-xl border bg-card p-4 text-sm">
                  <span className="mb-2 flex items-center gap-2 font-semibold">
                    <span className="grid size-6 place-items-center rounded-full bg-primary/15 text-xs text-primary">
                      {index + 1}
                    </span>
                    <step.icon className="size-4 text-muted-foreground" aria-hidden="true" />
                  </span>
                  {step.text}
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
