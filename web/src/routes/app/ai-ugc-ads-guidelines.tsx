import { PhotoGuidelines } from "@/features/ugc-ads/components/photo-guidelines";
import { usePageMeta } from "@/lib/seo";

export function AiUgcAdsGuidelinesRoute() {
  usePageMeta({
    title: "Product photo guidelines",
    description: "What makes a product photo work for an AI UGC ad: size, shape, background, light and framing.",
    robots: "noindex, nofollow",
  });
  return <PhotoGuidelines />;
}
