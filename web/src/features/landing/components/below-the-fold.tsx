import { messages } from "@reelsmith/core";

import { CtaBand } from "@/components/marketing/cta-band";
import { useHydrated } from "@/hooks/use-hydrated";
import { useShowcase } from "../api/get-showcase";
import { CapabilitiesSection } from "./capabilities-section";
import { FaqSection } from "./faq-section";
import { HowItWorks } from "./how-it-works";
import { ShowcaseSection } from "./showcase-section";
import { TestimonialsSection } from "./testimonials-section";

/**
 * The landing page below the first screen, in its own chunk: it loads right after the entry
 * instead of delaying the first paint.
 */
export default function BelowTheFold({ ctaHref, signedIn }: { ctaHref: string; signedIn: boolean }) {
  // The clips are fetched in the browser: they appear once this part is hydrated.
  const hydrated = useHydrated();
  const { data: showcase } = useShowcase();
  const clips = hydrated ? (showcase?.clips ?? []) : [];
  // Off-screen sections skip layout and paint until they come near (content-visibility), which
  // keeps the first paint of a long page cheap.
  return (
    <>
      {clips.length > 0 ? <ShowcaseSection clips={clips} /> : null}
      <div className="cv-auto">
        <CapabilitiesSection />
      </div>
      <div className="cv-auto">
        <HowItWorks />
      </div>
      <div className="cv-auto">
        <TestimonialsSection />
      </div>
      <div className="cv-auto">
        <FaqSection />
      </div>
      <div className="cv-auto">
        <CtaBand
          title="Your next video is a few minutes away"
          lead="Start with 20 free credits. No credit card, no camera, no editing timeline."
          to={ctaHref}
          label={signedIn ? "Create Video" : messages.auth.startFreeTrial}
          secondary={{ to: "/demo", label: "Watch the walkthrough" }}
        />
      </div>
    </>
  );
}
