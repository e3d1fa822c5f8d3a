import { ApiReferenceScreen } from "@/features/api-docs";
import { useSitePageMeta } from "@/lib/seo";

export function ApiDocsRoute() {
  useSitePageMeta("/docs/api");
  return <ApiReferenceScreen />;
}
