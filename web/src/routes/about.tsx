import { useAccount } from "@/features/auth/api/get-account";
import { AboutScreen } from "@/features/marketing/components/about-screen";
import { useSitePageMeta } from "@/lib/seo";
import { createVideoPath } from "@/lib/site-routes";

export function AboutRoute() {
  const { data: account } = useAccount();
  useSitePageMeta("/about");
  return <AboutScreen startHref={account ? createVideoPath() : "/auth"} />;
}
