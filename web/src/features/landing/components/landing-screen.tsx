import { messages } from "@reelsmith/core";

import { Hero } from "./hero";
import { VideoTypesSection } from "./video-types-section";

export function LandingScreen({ signedIn, createVideoHref }: { signedIn: boolean; createVideoHref: string }) {
  return (
    <>
      <Hero
        ctaHref={signedIn ? createVideoHref : "/auth?tab=signup"}
        ctaLabel={signedIn ? "Create Video" : messages.auth.startFreeTrial}
      />
      {/* The builders are protected; signed-out visitors go through /auth first. */}
      <VideoTypesSection tryHref={signedIn ? null : "/auth"} />
    </>
  );
}
