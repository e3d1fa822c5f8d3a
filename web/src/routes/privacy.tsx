import { PrivacyScreen } from "@/features/legal/components/privacy-screen";
import { useSitePageMeta } from "@/lib/seo";

export function PrivacyRoute() {
  useSitePageMeta("/privacy");
  return <PrivacyScreen />;
}
