import { messages } from "@reelsmith/core";
import { lazy, Suspense } from "react";

import { useShowcase } from "@/features/showcase/api/get-showcase";
import { Hero } from "./hero";
import { StatsBand } from "./stats-band";
import { VideoTypesSection } from "./video-types-section";

const BelowTheFold = lazy(() => import("./below-the-fold"));

export function LandingScreen({ signedIn, createVideoHref }: { signedIn: boolean; createVideoHref: string }) {
  const { data: showcase } = useShowcase();
  const clips = showcase?.clips ?? [];
  const ctaHref = signedIn ? createVideoHref : "/auth";
  return (
    <>
      <Hero
        ctaHref={ctaHref}
        ctaLabel={signedIn ? "Create Video" : messages.auth.startFreeTrial}
        previewClips={clips.length >= 3 ? clips.slice(0, 3) : []}
      />
      <StatsBand />
      {/* The builders are protected; signed-out visitors go through /auth first. */}
      <VideoTypesSection tryHref={signedIn ? null : "/auth"} />
      <Suspense fallback={<div className="min-h-screen" />}>
        <BelowTheFold clips={clips} ctaHref={ctaHref} signedIn={signedIn} />
      </Suspense>
    </>
  );
}
