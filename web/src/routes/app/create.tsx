import { CreatorStudio } from "@/features/studio/components/creator-studio";
import { usePageMeta } from "@/lib/seo";
import { isRouteAvailable } from "@/lib/site-routes";

export function CreateRoute() {
  usePageMeta({
    title: "Creator Studio",
    description: "Pick a video format to create.",
    robots: "noindex, nofollow",
  });
  return <CreatorStudio isAvailable={isRouteAvailable} />;
}
