import { formatViews, type ShowcaseClip, videoTypeCatalogue } from "@reelsmith/core";
import { Eye } from "lucide-react";

/** The overlay of a clip card: its format, title and view count over a bottom shade. */
export function ClipMeta({ clip, compact = false }: { clip: ShowcaseClip; compact?: boolean }) {
  const typeName = videoTypeCatalogue.find((t) => t.type === clip.type)?.name ?? clip.type;
  return (
    <>
      {compact ? (
        <span className="sr-only">{typeName}: </span>
      ) : (
        <span className="absolute top-2.5 left-2.5 rounded-full bg-black/55 px-2 py-0.5 text-[11px] font-semibold text-white backdrop-blur">
          {typeName}
        </span>
      )}
      <span className="pointer-events-none absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-black/85 via-black/40 to-transparent" />
      <span className="absolute inset-x-3 bottom-3 space-y-1 text-left text-white">
        <span
          className={
            compact
              ? "line-clamp-2 block text-xs leading-snug font-semibold"
              : "line-clamp-2 block font-display text-sm leading-snug font-bold"
          }
        >
          {clip.title}
        </span>
        <span className="flex items-center gap-1 text-[11px] font-medium text-white/85">
          <Eye className="size-3.5" aria-hidden="true" />
          {formatViews(clip.views)} views
        </span>
      </span>
    </>
  );
}
