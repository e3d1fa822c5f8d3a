import type { ShowcaseClip } from "@reelsmith/core";
import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";
import { usePreviewCarousel } from "../lib/preview-carousel";
import { ClipMeta } from "./clip-meta";
import { ClipVideo } from "./clip-video";

/** True once the element has been on screen (never for hidden elements). */
function useInView<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)), {
      threshold: 0.35,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, inView];
}

const FAN = ["-rotate-6 translate-y-5", "z-10", "rotate-6 translate-y-5"];

/**
 * Three clips side by side. The middle card is active by default; hover, focus or a click makes a
 * card active and plays it from the start while the others pause; leaving the carousel returns to
 * the middle card. Nothing plays until the carousel is on screen, nor with reduced motion unless
 * the visitor asks by clicking.
 */
export function PreviewCarousel({ clips, className }: { clips: readonly ShowcaseClip[]; className?: string }) {
  const cards = clips.slice(0, 3);
  const { active, epoch, activate, rest } = usePreviewCarousel(cards.length);
  const [ref, inView] = useInView<HTMLUListElement>();
  const reducedMotion = useReducedMotion();
  const [clicked, setClicked] = useState(false);
  const allowPlay = inView && (!reducedMotion || clicked);

  return (
    <ul
      ref={ref}
      aria-label="Preview clips"
      onMouseLeave={rest}
      className={cn("relative flex items-center justify-center", className)}
      data-testid="preview-carousel"
    >
      <li
        aria-hidden="true"
        className="absolute inset-x-0 top-1/2 h-3/4 -translate-y-1/2 bg-[radial-gradient(closest-side,var(--brand-glow),transparent)]"
      />
      {cards.map((clip, index) => {
        const isActive = index === active;
        return (
          <li
            key={clip.id}
            className={cn("relative -mx-3 transition-transform duration-300", FAN[index], isActive && "z-20 scale-105")}
          >
            <button
              type="button"
              aria-pressed={isActive}
              data-active={isActive}
              onMouseEnter={() => activate(index)}
              onFocus={() => activate(index)}
              onClick={() => {
                setClicked(true);
                activate(index);
              }}
              className={cn(
                "relative block aspect-[9/16] w-40 overflow-hidden rounded-[1.6rem] border border-white/15 shadow-2xl shadow-black/40 outline-none transition-[filter] duration-300 focus-visible:ring-[3px] focus-visible:ring-ring xl:w-48",
                !isActive && "brightness-75",
              )}
            >
              <ClipVideo
                clip={clip}
                playing={isActive && allowPlay}
                restartKey={epoch}
                eager
                className="absolute inset-0"
              />
              <ClipMeta clip={clip} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** On small screens: one poster card; a click starts the clip, muted and looping. */
export function MobilePreview({ clip, className }: { clip: ShowcaseClip; className?: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <button
      type="button"
      aria-pressed={playing}
      onClick={() => setPlaying((p) => !p)}
      className={cn(
        "relative mx-auto block aspect-[9/16] w-56 overflow-hidden rounded-[1.6rem] border border-white/15 shadow-2xl shadow-black/40 outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
        className,
      )}
      data-testid="mobile-preview"
    >
      <span className="sr-only">{playing ? "Pause" : "Play"} </span>
      <ClipVideo clip={clip} playing={playing} className="absolute inset-0" />
      <ClipMeta clip={clip} />
      {playing ? null : (
        <span className="absolute inset-0 grid place-items-center">
          <span className="grid size-14 place-items-center rounded-full bg-white/25 backdrop-blur">
            <Play className="size-6 fill-white text-white" aria-hidden="true" />
          </span>
        </span>
      )}
    </button>
  );
}
