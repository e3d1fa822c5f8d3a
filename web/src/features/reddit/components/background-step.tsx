import type { CatalogBackground } from "@reelsmith/core";
import { Check, Clock, HardDrive } from "lucide-react";
import { useRef } from "react";

import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";

function BackgroundTile({
  background,
  selected,
  onSelect,
}: {
  background: CatalogBackground;
  selected: boolean;
  onSelect: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const reduced = useReducedMotion();
  const play = () => {
    const element = video.current;
    if (!element || reduced) return;
    element.currentTime = 0;
    element.play().catch(() => {
      // A preview that cannot play keeps showing its thumbnail.
    });
  };
  const pause = () => video.current?.pause();

  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid of video tiles behaves as a radio group
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={`${background.title}, ${background.duration}, ${background.sizeMB} MB`}
      onClick={onSelect}
      onMouseEnter={play}
      onMouseLeave={pause}
      onFocus={play}
      onBlur={pause}
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-xl border bg-card text-left transition-all hover:border-primary/60 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        selected && "border-primary ring-2 ring-primary",
      )}
    >
      <span className="relative block aspect-[9/16] overflow-hidden bg-muted">
        <img src={background.thumbnailUrl} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
        <video
          ref={video}
          src={background.videoUrl}
          muted
          loop
          playsInline
          preload="none"
          className="absolute inset-0 size-full object-cover opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
        />
        {selected ? (
          <span className="absolute top-2 right-2 grid size-7 place-items-center rounded-full bg-primary text-primary-foreground">
            <Check className="size-4" aria-hidden="true" />
          </span>
        ) : null}
      </span>
      <span className="flex flex-col gap-1 px-3 py-2.5">
        <span className="text-sm font-semibold">{background.title}</span>
        <span className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3" aria-hidden="true" />
            {background.duration}
          </span>
          <span className="inline-flex items-center gap-1">
            <HardDrive className="size-3" aria-hidden="true" />
            {background.sizeMB} MB
          </span>
        </span>
      </span>
    </button>
  );
}

/** Step 3: the six gameplay backgrounds, previewed on hover. */
export function BackgroundStep({
  backgrounds,
  value,
  onChange,
}: {
  backgrounds: CatalogBackground[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="Background video"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
    >
      {backgrounds.map((background) => (
        <BackgroundTile
          key={background.id}
          background={background}
          selected={value === background.id}
          onSelect={() => onChange(background.id)}
        />
      ))}
    </div>
  );
}
