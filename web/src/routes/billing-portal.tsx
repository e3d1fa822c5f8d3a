import { useAccount } from "@/features/auth/api/get-account";
import { BillingPortalRedirect } from "@/features/billing";
import { usePageMeta } from "@/lib/seo";

export function BillingPortalRoute() {
  usePageMeta({ title: "Billing portal", description: "Opening the billing portal.", robots: "noindex, nofollow" });
  const { data: account, isPending, isError } = useAccount();
  return <BillingPortalRedirect account={account} isPending={isPending} isError={isError} />;
}
