import { CLIP_CAROUSEL_SPEED, type ShowcaseClip } from "@reelsmith/core";
import { type CSSProperties, useEffect, useRef, useState } from "react";

import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";
import { marqueeDurationSeconds } from "../lib/marquee";
import { ClipMeta } from "./clip-meta";
import { ClipVideo } from "./clip-video";

function MarqueeCard({
  clip,
  duplicate,
  playing,
  onPlay,
  onStop,
}: {
  clip: ShowcaseClip;
  duplicate: boolean;
  playing: boolean;
  onPlay: () => void;
  onStop: () => void;
}) {
  return (
    <li className="w-44 shrink-0 xl:w-48" aria-hidden={duplicate || undefined}>
      <button
        type="button"
        tabIndex={duplicate ? -1 : 0}
        onMouseEnter={onPlay}
        onMouseLeave={onStop}
        onFocus={onPlay}
        onBlur={onStop}
        className="group/card relative block aspect-[9/16] w-full overflow-hidden rounded-2xl border border-white/10 shadow-lg shadow-black/30 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <ClipVideo clip={clip} playing={playing} className="absolute inset-0" />
        <ClipMeta clip={clip} />
      </button>
    </li>
  );
}

/**
 * The scrolling clip carousel: every clip, twice, in a row that moves left at CLIP_CAROUSEL_SPEED
 * pixels a second without a seam. Hover pauses the row and plays the clip under the pointer; with
 * reduced motion the row stands still and scrolls by hand.
 */
export function ClipCarousel({
  clips,
  speed = CLIP_CAROUSEL_SPEED,
}: {
  clips: readonly ShowcaseClip[];
  speed?: number;
}) {
  const reducedMotion = useReducedMotion();
  const track = useRef<HTMLUListElement>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const [playingKey, setPlayingKey] = useState<string | null>(null);

  useEffect(() => {
    const element = track.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    // The track holds the list twice: one loop is half its width.
    const measure = () => setDuration(marqueeDurationSeconds(element.scrollWidth / 2, speed));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [speed]);

  const animate = !reducedMotion && duration !== null;
  const copies = reducedMotion ? [false] : [false, true];

  return (
    <div
      className={cn(
        "group/marquee relative",
        reducedMotion ? "overflow-x-auto pb-4" : "overflow-hidden",
        "[mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)]",
      )}
      data-testid="clip-carousel"
    >
      <ul
        ref={track}
        aria-label="Clips made with Reelsmith"
        className={cn(
          "flex w-max gap-4 py-2 pr-4",
          animate &&
            "animate-marquee group-hover/marquee:[animation-play-state:paused] group-focus-within/marquee:[animation-play-state:paused]",
        )}
        style={animate ? ({ "--marquee-duration": `${duration}s` } as CSSProperties) : undefined}
      >
        {copies.flatMap((duplicate) =>
          clips.map((clip) => {
            const key = `${duplicate ? "b" : "a"}-${clip.id}`;
            return (
              <MarqueeCard
                key={key}
                clip={clip}
                duplicate={duplicate}
                playing={playingKey === key}
                onPlay={() => setPlayingKey(key)}
                onStop={() => setPlayingKey((current) => (current === key ? null : current))}
              />
            );
          }),
        )}
      </ul>
    </div>
  );
}
