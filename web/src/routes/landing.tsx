import { Navigate } from "react-router";
import { useAccount } from "@/features/auth/api/get-account";
import { LandingScreen } from "@/features/landing/components/landing-screen";
import { absoluteUrl, JsonLd, useSitePageMeta } from "@/lib/seo";
import { createVideoPath } from "@/lib/site-routes";

export function LandingRoute() {
  const { data: account } = useAccount();
  useSitePageMeta("/");

  // Signed-in visitors belong in the app; while the account loads, the landing page shows.
  if (account) return <Navigate to="/home" replace />;
  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "SoftwareApplication",
          name: "Reelsmith",
          applicationCategory: "MultimediaApplication",
          operatingSystem: "Web",
          url: absoluteUrl("/"),
          description:
            "An open-source, self-hostable studio that turns a script, a photo or a song into a finished vertical video for TikTok, Reels and Shorts.",
          offers: { "@type": "Offer", price: "0", priceCurrency: "USD", description: "20 free credits on sign-up" },
        }}
      />
      <LandingScreen signedIn={false} createVideoHref={createVideoPath()} />
    </>
  );
}
