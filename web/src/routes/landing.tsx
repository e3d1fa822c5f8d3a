import { Navigate } from "react-router";

import { createVideoPath } from "@/app/public-routes";
import { useAccount } from "@/features/auth/api/get-account";
import { LandingScreen } from "@/features/landing/components/landing-screen";
import { usePageMeta } from "@/lib/seo";

export function LandingRoute() {
  const { data: account } = useAccount();
  usePageMeta({
    title: "Reelsmith — Create viral short videos in seconds",
    description:
      "Make Reddit stories, UGC ads, music videos, green-screen memes and faceless AI videos for TikTok, Reels and Shorts. 20 free credits, no credit card required.",
  });

  // Signed-in visitors belong in the app; while the account loads, the landing page shows.
  if (account) return <Navigate to="/home" replace />;
  return <LandingScreen signedIn={false} createVideoHref={createVideoPath()} />;
}
