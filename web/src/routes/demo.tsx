import { createVideoPath, SIGN_UP_PATH } from "@/app/public-routes";
import { useAccount } from "@/features/auth/api/get-account";
import { DemoScreen } from "@/features/marketing/components/demo-screen";
import { useSitePageMeta } from "@/lib/seo";

export function DemoRoute() {
  const { data: account } = useAccount();
  useSitePageMeta("/demo");
  return <DemoScreen startHref={account ? createVideoPath() : SIGN_UP_PATH} />;
}
