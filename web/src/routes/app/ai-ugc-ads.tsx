import { messages } from "@reelsmith/core";
import { useEffect } from "react";
import { toast } from "sonner";

import type { InsufficientCreditsDialogProps } from "@/components/builder/insufficient-credits-dialog";
import { BuyCreditsDialog } from "@/features/billing";
import { UgcAdsBuilder } from "@/features/ugc-ads/components/ugc-ads-builder";
import { usePageMeta } from "@/lib/seo";

import { useAppAccount } from "./use-app-account";

/** A UGC ad the balance cannot pay opens the credits modal (spec section 8), saying why as it opens. */
function BuyCreditsForShortfall({ open, onOpenChange }: InsufficientCreditsDialogProps) {
  useEffect(() => {
    if (open) {
      toast.error(messages.credits.insufficientTitle, {
        description: messages.credits.insufficientToast,
        id: "ugc-shortfall",
      });
    }
  }, [open]);
  return <BuyCreditsDialog open={open} onOpenChange={onOpenChange} signedIn successPath="/ai-ugc-ads" />;
}

export function AiUgcAdsRoute() {
  usePageMeta({
    title: "AI UGC Ads",
    description: "Turn one product photo into an influencer-style video ad.",
    robots: "noindex, nofollow",
  });
  const account = useAppAccount();
  return <UgcAdsBuilder account={account} shortfallDialog={(props) => <BuyCreditsForShortfall {...props} />} />;
}
