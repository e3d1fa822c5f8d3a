import { useState } from "react";

import { ApiKeysCard } from "@/features/api-keys";
import { BuyCreditsDialog, SubscriptionCard } from "@/features/billing";
import { UsageCard } from "@/features/credits";
import { ProfileCard } from "@/features/settings/components/profile-card";
import { SettingsScreen } from "@/features/settings/components/settings-screen";
import { WebhooksCard } from "@/features/webhooks";
import { usePageMeta } from "@/lib/seo";
import { useAppAccount } from "./use-app-account";

export function SettingsRoute() {
  const account = useAppAccount();
  const [buying, setBuying] = useState(false);
  usePageMeta({ title: "Settings", description: "Your profile, plan and credits.", robots: "noindex, nofollow" });
  return (
    <>
      <SettingsScreen
        profile={<ProfileCard account={account} />}
        subscription={<SubscriptionCard />}
        usage={<UsageCard onBuyCredits={() => setBuying(true)} />}
        apiKeys={<ApiKeysCard />}
        webhooks={<WebhooksCard />}
      />
      <BuyCreditsDialog open={buying} onOpenChange={setBuying} signedIn successPath="/settings" />
    </>
  );
}
