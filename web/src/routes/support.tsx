import { SupportScreen } from "@/features/marketing/components/support-screen";
import { useSitePageMeta } from "@/lib/seo";

export function SupportRoute() {
  useSitePageMeta("/support");
  return <SupportScreen />;
}
