import { isRouteAvailable } from "@/app/public-routes";
import { CreatorStudio } from "@/features/studio/components/creator-studio";
import { usePageMeta } from "@/lib/seo";

export function CreateRoute() {
  usePageMeta({
    title: "Creator Studio",
    description: "Pick a video format to create.",
    robots: "noindex, nofollow",
  });
  return <CreatorStudio isAvailable={isRouteAvailable} />;
}
