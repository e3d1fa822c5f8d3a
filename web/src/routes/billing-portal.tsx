import { BillingPortalRedirect } from "@/features/billing";
import { usePageMeta } from "@/lib/seo";

export function BillingPortalRoute() {
  usePageMeta({ title: "Billing portal", description: "Opening the billing portal.", robots: "noindex, nofollow" });
  return <BillingPortalRedirect />;
}
