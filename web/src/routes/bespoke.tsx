import { BespokeScreen } from "@/features/marketing/components/bespoke-screen";
import { useSitePageMeta } from "@/lib/seo";

export function BespokeRoute() {
  useSitePageMeta("/bespoke");
  return <BespokeScreen />;
}
