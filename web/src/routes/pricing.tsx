import type { BillingInterval } from "@reelsmith/core";
import { useAccount } from "@/features/auth/api/get-account";
import { useSubscription } from "@/features/billing";
import { PricingScreen } from "@/features/billing/components/pricing-screen";
import { usePageMeta } from "@/lib/seo";
import { isRouteAvailable } from "@/lib/site-routes";

export function PricingRoute() {
  const account = useAccount();
  const hasPlan = Boolean(account.data?.plan);
  const subscription = useSubscription({ enabled: hasPlan });
  usePageMeta({
    title: "Pricing",
    description:
      "Reelsmith plans: start free with 20 credits, then Starter, Pro, Agency or Enterprise, monthly or annual.",
  });
  const planId = account.data?.plan?.id ?? null;
  const interval: BillingInterval = subscription.data?.interval ?? "month";
  return (
    <PricingScreen
      viewer={{
        loading: account.isPending || (hasPlan && subscription.isPending),
        signedIn: Boolean(account.data),
        current: planId ? { planId, interval } : null,
      }}
      contactAvailable={isRouteAvailable("/contact")}
    />
  );
}
