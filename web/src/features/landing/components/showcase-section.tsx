import type { ShowcaseClip } from "@reelsmith/core";

import { SectionHeading } from "@/components/marketing/section-heading";
import { ClipCarousel } from "./clip-carousel";
import { ShortsRail } from "./shorts-rail";

/** The clips Reelsmith rendered from its starter library: a moving carousel, a swipeable rail on phones. */
export function ShowcaseSection({ clips }: { clips: readonly ShowcaseClip[] }) {
  return (
    <section aria-labelledby="showcase-title" className="overflow-hidden py-section">
      <div className="container-page">
        <SectionHeading
          id="showcase-title"
          eyebrow="Made with Reelsmith"
          title="Clips that keep people watching"
          lead="Every clip below was rendered by Reelsmith's own engine from its starter library: voice, captions, footage and music, no editor involved."
        />
      </div>
      <div className="mt-10 hidden md:block">
        <ClipCarousel clips={clips} />
      </div>
      <div className="container-page mt-8 md:hidden">
        <ShortsRail clips={clips} />
      </div>
    </section>
  );
}
