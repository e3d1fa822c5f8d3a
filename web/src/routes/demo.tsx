import type { ShowcaseClip } from "@reelsmith/core";
import { useAccount } from "@/features/auth/api/get-account";
import { useShowcase } from "@/features/landing/api/get-showcase";
import { DemoScreen } from "@/features/marketing/components/demo-screen";
import { useHydrated } from "@/hooks/use-hydrated";
import { useSitePageMeta } from "@/lib/seo";
import { createVideoPath, SIGN_UP_PATH } from "@/lib/site-routes";

const NO_CLIPS: readonly ShowcaseClip[] = [];

export function DemoRoute() {
  const { data: account } = useAccount();
  useSitePageMeta("/demo");
  // The videos the app made for the landing page's showcase, fetched in the browser: they appear once
  // the pre-rendered page is hydrated.
  const hydrated = useHydrated();
  const { data: showcase } = useShowcase();
  const clips = hydrated ? (showcase?.clips ?? NO_CLIPS) : NO_CLIPS;
  return <DemoScreen startHref={account ? createVideoPath() : SIGN_UP_PATH} clips={clips} />;
}
