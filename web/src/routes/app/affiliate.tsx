import { messages } from "@reelsmith/core";

import { AffiliateScreen } from "@/features/affiliate/components/affiliate-screen";
import { usePageMeta } from "@/lib/seo";

export function AffiliateRoute() {
  usePageMeta({
    title: messages.affiliate.title,
    description: messages.affiliate.description,
    robots: "noindex, nofollow",
  });
  return <AffiliateScreen />;
}
