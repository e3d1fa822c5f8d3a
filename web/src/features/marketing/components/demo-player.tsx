import { type ShowcaseClip, videoTypeCatalogue } from "@reelsmith/core";
import { useState } from "react";

import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";

function typeName(clip: ShowcaseClip): string {
  return videoTypeCatalogue.find((t) => t.type === clip.type)?.name ?? clip.type;
}

/**
 * Videos Reelsmith made, one after another: the player (muted, with controls) starts on its own unless
 * the visitor asked for less motion, goes on to the next clip when one ends, and any clip can be picked
 * from the strip under it.
 */
export function DemoReel({ clips, className }: { clips: readonly ShowcaseClip[]; className?: string }) {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  // Once the visitor has pressed play (or it started on its own), the next clips play too.
  const [started, setStarted] = useState(false);
  const clip = clips[index % clips.length];
  if (!clip) return null;
  const autoPlay = started || !reducedMotion;

  return (
    <figure className={cn("min-w-0 space-y-3", className)}>
      <video
        key={clip.id}
        src={clip.src}
        poster={clip.poster}
        width={clip.width}
        height={clip.height}
        controls
        muted
        playsInline
        autoPlay={autoPlay}
        preload="metadata"
        aria-label={`${typeName(clip)}: ${clip.title}`}
        data-testid="demo-player"
        onPlay={() => setStarted(true)}
        onEnded={() => setIndex((i) => (i + 1) % clips.length)}
        className="mx-auto aspect-[9/16] h-auto max-h-[70vh] w-full max-w-[20rem] rounded-2xl bg-black object-cover shadow-2xl"
      />
      <figcaption className="text-center text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{clip.title}</span> · {typeName(clip)} · {index + 1} of{" "}
        {clips.length}
      </figcaption>
      <ul className="flex snap-x gap-2 overflow-x-auto pb-1" aria-label="Videos in the reel">
        {clips.map((c, i) => (
          <li key={c.id} className="shrink-0 snap-start">
            <button
              type="button"
              aria-pressed={i === index}
              aria-label={`Play ${c.title}`}
              onClick={() => {
                setStarted(true);
                setIndex(i);
              }}
              className={cn(
                "block h-20 w-[2.8125rem] overflow-hidden rounded-md border-2 transition-colors",
                i === index ? "border-primary" : "border-transparent opacity-70 hover:opacity-100",
              )}
            >
              <img src={c.poster} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** One clip of a chapter's kind, with its poster until the visitor plays it. */
export function ChapterClip({ clip }: { clip: ShowcaseClip }) {
  return (
    <video
      src={clip.src}
      poster={clip.poster}
      width={clip.width}
      height={clip.height}
      controls
      muted
      playsInline
      preload="none"
      aria-label={`Example: ${clip.title}`}
      data-testid="chapter-clip"
      className="aspect-[9/16] h-auto w-28 shrink-0 rounded-xl bg-black object-cover"
    />
  );
}
