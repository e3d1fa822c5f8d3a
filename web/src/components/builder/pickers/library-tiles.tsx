import { Check, type LucideIcon } from "lucide-react";
import { useRef } from "react";

import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";

/** One clip of the starter library (a background, a meme, a style) as a tile. */
export interface LibraryTile {
  id: string;
  title: string;
  thumbnailUrl: string;
  /** A muted clip that plays while the tile is hovered or focused. */
  previewUrl?: string | null;
  /** A sentence under the title. */
  description?: string;
  /** Small facts under the title, each with an icon (duration, size). */
  facts?: readonly { icon: LucideIcon; text: string }[];
  /** The tile's accessible name; the title when not given. */
  label?: string;
  /** Stock or recorded footage: who to credit, shown as "Pexels · <author>" or "Minetest · <authors> (licence)". */
  credit?: { provider: string; author: string } | null;
}

const ASPECT = { portrait: "aspect-[9/16]", landscape: "aspect-[16/9]", square: "aspect-square" } as const;

function Tile({
  tile,
  selected,
  aspect,
  looping,
  onSelect,
}: {
  tile: LibraryTile;
  selected: boolean;
  aspect: keyof typeof ASPECT;
  looping: boolean;
  onSelect: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const reduced = useReducedMotion();
  // Looping tiles play all the time (unless the user asks for less motion); others on hover or focus.
  const always = looping && !reduced;
  const play = () => {
    const element = video.current;
    if (!element || reduced || always) return;
    element.currentTime = 0;
    element.play().catch(() => {
      // A preview that cannot play keeps showing its thumbnail.
    });
  };
  const pause = () => {
    if (!always) video.current?.pause();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid of video tiles behaves as a radio group
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={tile.label ?? tile.title}
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
      <span className={cn("relative block overflow-hidden bg-muted", ASPECT[aspect])}>
        <img src={tile.thumbnailUrl} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
        {tile.previewUrl ? (
          <video
            ref={video}
            src={tile.previewUrl}
            muted
            loop
            playsInline
            autoPlay={always}
            preload={always ? "auto" : "none"}
            className={cn(
              "absolute inset-0 size-full object-cover transition-opacity",
              always ? "opacity-100" : "opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100",
            )}
          />
        ) : null}
        {selected ? (
          <span className="absolute top-2 right-2 grid size-7 place-items-center rounded-full bg-primary text-primary-foreground">
            <Check className="size-4" aria-hidden="true" />
          </span>
        ) : null}
      </span>
      <span className="flex flex-col gap-1 px-3 py-2.5">
        <span className="text-sm font-semibold">{tile.title}</span>
        {tile.description ? (
          <span className="line-clamp-3 text-xs text-muted-foreground">{tile.description}</span>
        ) : null}
        {tile.credit ? (
          <span
            className="line-clamp-2 text-[11px] text-muted-foreground"
            title={`${tile.credit.provider} · ${tile.credit.author}`}
          >
            {tile.credit.provider} · {tile.credit.author}
          </span>
        ) : null}
        {tile.facts?.length ? (
          <span className="flex items-center gap-3 text-xs text-muted-foreground">
            {tile.facts.map(({ icon: Icon, text }) => (
              <span key={text} className="inline-flex items-center gap-1">
                <Icon className="size-3" aria-hidden="true" />
                {text}
              </span>
            ))}
          </span>
        ) : null}
      </span>
    </button>
  );
}

/** Starter-library clips as a radio group of tiles, previewed on hover or focus. */
export function LibraryTiles({
  tiles,
  value,
  onChange,
  label,
  aspect = "portrait",
  looping = false,
  className,
}: {
  tiles: readonly LibraryTile[];
  value: string | null;
  onChange: (id: string) => void;
  /** The group's accessible name. */
  label: string;
  aspect?: keyof typeof ASPECT;
  /** Previews loop all the time instead of on hover or focus (a handful of styles, not a long list). */
  looping?: boolean;
  /** The grid's columns. */
  className?: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className={cn("grid grid-cols-2 gap-3 sm:grid-cols-3", className)}>
      {tiles.map((tile) => (
        <Tile
          key={tile.id}
          tile={tile}
          aspect={aspect}
          looping={looping}
          selected={value === tile.id}
          onSelect={() => onChange(tile.id)}
        />
      ))}
    </div>
  );
}
