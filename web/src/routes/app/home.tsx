import { FreeCreditsNotice } from "@/features/auth/components/free-credits-notice";
import { HomeScreen } from "@/features/home/components/home-screen";
import { RecentVideos } from "@/features/videos/components/recent-videos";
import { usePageMeta } from "@/lib/seo";
import { useAppAccount } from "./use-app-account";

export function HomeRoute() {
  const account = useAppAccount();
  usePageMeta({
    title: "Home",
    description: "Your Reelsmith home: credits, videos and stats.",
    robots: "noindex, nofollow",
  });
  return (
    <div className="space-y-6">
      <FreeCreditsNotice account={account} />
      <HomeScreen account={account} videos={<RecentVideos />} />
    </div>
  );
}
