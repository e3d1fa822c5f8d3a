import { FinishedVideos } from "@/features/videos/components/finished-videos";
import { usePageMeta } from "@/lib/seo";

export function DashboardRoute() {
  usePageMeta({
    title: "Finished Videos",
    description: "Your processing and finished videos.",
    robots: "noindex, nofollow",
  });
  return <FinishedVideos />;
}
