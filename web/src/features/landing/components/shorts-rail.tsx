import type { ShowcaseClip } from "@reelsmith/core";
import { Pause, Play } from "lucide-react";
import { useState } from "react";

import { ClipMeta } from "./clip-meta";
import { ClipVideo } from "./clip-video";

/** The mobile shorts rail: clips side by side, swiped with a finger; a tap plays or pauses one. */
export function ShortsRail({ clips }: { clips: readonly ShowcaseClip[] }) {
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <ul
      aria-label="Clips made with Reelsmith"
      className="-mx-5 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-5 px-5 pb-3 [scrollbar-width:none]"
      data-testid="shorts-rail"
    >
      {clips.map((clip) => {
        const isPlaying = playing === clip.id;
        return (
          <li key={clip.id} className="w-[42%] max-w-44 shrink-0 snap-start">
            <button
              type="button"
              aria-pressed={isPlaying}
              onClick={() => setPlaying(isPlaying ? null : clip.id)}
              className="relative block aspect-[9/16] w-full overflow-hidden rounded-2xl border border-white/10 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <span className="sr-only">{isPlaying ? "Pause" : "Play"} </span>
              <ClipVideo clip={clip} playing={isPlaying} className="absolute inset-0" />
              <ClipMeta clip={clip} compact />
              <span className="absolute top-2.5 right-2.5 grid size-7 place-items-center rounded-full bg-black/55 text-white backdrop-blur">
                {isPlaying ? (
                  <Pause className="size-3.5" aria-hidden="true" />
                ) : (
                  <Play className="size-3.5 fill-current" aria-hidden="true" />
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
