import { FaqScreen } from "@/features/faq/components/faq-screen";
import { useSitePageMeta } from "@/lib/seo";

export function FaqRoute() {
  useSitePageMeta("/faq");
  return <FaqScreen />;
}
