import { messages, type ShowcaseClip } from "@reelsmith/core";
import { lazy, memo, Suspense, useEffect, useMemo, useRef } from "react";

import { SIGN_UP_PATH } from "@/lib/site-routes";
import { useShowcase } from "../api/get-showcase";
import { createNearViewport } from "../lib/near-viewport";
import { Hero } from "./hero";
import { StatsBand } from "./stats-band";
import { VideoTypesSection } from "./video-types-section";

const nearLowerHalf = createNearViewport();
// The code of the lower half loads when the visitor gets near it; until then its pre-rendered
// markup stays as the server sent it (or, on a client-side visit, a placeholder holds its place).
const BelowTheFold = lazy(() =>
  typeof window === "undefined"
    ? import("./below-the-fold")
    : nearLowerHalf.promise.then(() => import("./below-the-fold")),
);

const NO_CLIPS: readonly ShowcaseClip[] = [];
const MemoHero = memo(Hero);
const MemoStatsBand = memo(StatsBand);
const MemoVideoTypesSection = memo(VideoTypesSection);
const LOWER_HALF_FALLBACK = <div className="min-h-screen" />;

/**
 * The lower half behind its own memo: a re-render of the landing page (say, when the clips arrive)
 * must not touch a Suspense boundary that is still waiting to hydrate, or React would throw its
 * pre-rendered markup away.
 */
const LowerHalf = memo(function LowerHalf({ ctaHref, signedIn }: { ctaHref: string; signedIn: boolean }) {
  return (
    <Suspense fallback={LOWER_HALF_FALLBACK}>
      <BelowTheFold ctaHref={ctaHref} signedIn={signedIn} />
    </Suspense>
  );
});

/**
 * The landing page. The first screen ships in the entry; the rest is its own chunk (pre-rendered
 * into the HTML, hydrated when its code arrives).
 */
export const LandingScreen = memo(function LandingScreen({
  signedIn,
  createVideoHref,
}: {
  signedIn: boolean;
  createVideoHref: string;
}) {
  const { data: showcase } = useShowcase();
  // An empty list from the server is the same "no clips" as before it answered: nothing re-renders.
  const clips = showcase?.clips.length ? showcase.clips : NO_CLIPS;
  const previewClips = useMemo(() => (clips.length >= 3 ? clips.slice(0, 3) : NO_CLIPS), [clips]);
  // A visitor's "Start Free Trial" opens the Sign Up tab.
  const ctaHref = signedIn ? createVideoHref : SIGN_UP_PATH;
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => nearLowerHalf.watch(marker.current), []);
  return (
    <>
      <MemoHero
        ctaHref={ctaHref}
        ctaLabel={signedIn ? "Create Video" : messages.auth.startFreeTrial}
        previewClips={previewClips}
      />
      <MemoStatsBand />
      {/* The builders are protected; signed-out visitors go through /auth first. */}
      <div className="cv-auto">
        <MemoVideoTypesSection tryHref={signedIn ? null : "/auth"} />
      </div>
      <div ref={marker} aria-hidden="true" />
      <LowerHalf ctaHref={ctaHref} signedIn={signedIn} />
    </>
  );
});
