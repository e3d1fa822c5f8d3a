import type { ShowcaseClip } from "@reelsmith/core";
import { messages } from "@reelsmith/core";

import { CtaBand } from "@/components/marketing/cta-band";
import { CapabilitiesSection } from "./capabilities-section";
import { FaqSection } from "./faq-section";
import { HowItWorks } from "./how-it-works";
import { ShowcaseSection } from "./showcase-section";
import { TestimonialsSection } from "./testimonials-section";

/**
 * The landing page below the first screen, in its own chunk: it loads right after the entry
 * instead of delaying the first paint.
 */
export default function BelowTheFold({
  clips,
  ctaHref,
  signedIn,
}: {
  clips: readonly ShowcaseClip[];
  ctaHref: string;
  signedIn: boolean;
}) {
  return (
    <>
      {clips.length > 0 ? <ShowcaseSection clips={clips} /> : null}
      <CapabilitiesSection />
      <HowItWorks />
      <TestimonialsSection />
      <FaqSection />
      <CtaBand
        title="Your next video is a few minutes away"
        lead="Start with 20 free credits. No credit card, no camera, no editing timeline."
        to={ctaHref}
        label={signedIn ? "Create Video" : messages.auth.startFreeTrial}
        secondary={{ to: "/demo", label: "Watch the walkthrough" }}
      />
    </>
  );
}
