import { FailedVideos } from "@/features/videos/components/failed-videos";
import { FinishedVideos } from "@/features/videos/components/finished-videos";
import { usePageMeta } from "@/lib/seo";

import { useAppAccount } from "./use-app-account";

export function DashboardRoute() {
  usePageMeta({
    title: "Finished Videos",
    description: "Your processing and finished videos.",
    robots: "noindex, nofollow",
  });
  const account = useAppAccount();
  return (
    <div className="space-y-10">
      <FinishedVideos userId={account.user.id} />
      <FailedVideos userId={account.user.id} />
    </div>
  );
}
