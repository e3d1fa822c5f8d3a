import { isRouteAvailable } from "@/app/public-routes";
import { useAccount } from "@/features/auth/api/get-account";
import { PricingScreen } from "@/features/pricing/components/pricing-screen";
import { usePageMeta } from "@/lib/seo";

export function PricingRoute() {
  const { data: account } = useAccount();
  usePageMeta({
    title: "Pricing",
    description: "Reelsmith plans: start free with 20 credits, then Starter, Pro, Agency or Enterprise.",
  });
  return (
    <PricingScreen
      viewer={{ signedIn: Boolean(account), planId: account?.plan?.id ?? null }}
      contactAvailable={isRouteAvailable("/contact")}
    />
  );
}
