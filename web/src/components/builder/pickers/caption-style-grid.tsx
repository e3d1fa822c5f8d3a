import type { CatalogCaptionStyle } from "@reelsmith/core";
import { Check } from "lucide-react";

import { cn } from "@/lib/utils";

/**
 * The caption styles, each shown by the engine's own preview of a phrase in that style, or of a single
 * word (`picture="word"`, for captions shown one word at a time).
 */
export function CaptionStyleGrid({
  styles,
  value,
  onChange,
  picture = "phrase",
}: {
  styles: readonly CatalogCaptionStyle[];
  value: string | null;
  onChange: (id: string) => void;
  picture?: "phrase" | "word";
}) {
  return (
    <div role="radiogroup" aria-label="Caption style" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {styles.map((style) => {
        const selected = value === style.id;
        const src = picture === "word" ? style.wordPreviewUrl : style.previewUrl;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a grid of picture tiles behaves as a radio group
          <button
            key={style.id}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={`${style.name} (${style.fontLabel})`}
            onClick={() => onChange(style.id)}
            className={cn(
              "group relative flex flex-col overflow-hidden rounded-xl border bg-card text-left transition-all hover:border-primary/60 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              selected && "border-primary ring-2 ring-primary",
            )}
          >
            <span
              className={cn(
                "relative block overflow-hidden bg-[radial-gradient(circle_at_30%_20%,#3b2a5a,#111_70%)]",
                picture === "word" ? "aspect-[12/7]" : "aspect-[16/9]",
              )}
            >
              {src ? (
                <img
                  src={src}
                  alt=""
                  loading="lazy"
                  className="absolute inset-0 size-full object-contain transition-transform group-hover:scale-[1.03]"
                />
              ) : null}
              {selected ? (
                <span className="absolute top-2 right-2 grid size-6 place-items-center rounded-full bg-primary text-primary-foreground">
                  <Check className="size-3.5" aria-hidden="true" />
                </span>
              ) : null}
            </span>
            <span className="flex flex-col px-3 py-2">
              <span className="text-sm font-semibold">{style.name}</span>
              <span className="text-xs text-muted-foreground">{style.fontLabel}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
