import { Check, Pause, Play } from "lucide-react";
import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/** A round play/pause toggle for one track or voice. */
export function PreviewButton({ playing, label, onClick }: { playing: boolean; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      aria-label={`${playing ? "Pause" : "Play"} ${label}`}
      aria-pressed={playing}
      className={cn(
        "grid size-9 shrink-0 place-items-center rounded-full border transition-colors hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        playing && "border-primary bg-primary text-primary-foreground hover:text-primary-foreground",
      )}
    >
      {playing ? (
        <Pause className="size-4" aria-hidden="true" />
      ) : (
        <Play className="ml-0.5 size-4" aria-hidden="true" />
      )}
    </button>
  );
}

/** One choice of a radio group that has its own buttons (preview, delete), so it cannot be a native radio input. */
export function AudioRow({
  selected,
  onSelect,
  preview,
  title,
  detail,
  detailClassName,
  actions,
}: {
  selected: boolean;
  onSelect: () => void;
  preview: ReactNode;
  title: string;
  detail: string;
  detailClassName?: string;
  /** Buttons after the text (a delete button in Your Library). */
  actions?: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows with their own preview buttons behave as radios
    <div
      role="radio"
      aria-checked={selected}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === " " || e.key === "Enter") {
          e.preventDefault();
          onSelect();
        }
      }}
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-lg border bg-card p-2.5 transition-colors hover:border-primary/60 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        selected && "border-primary bg-primary/5",
      )}
    >
      {preview}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{title}</span>
        <span className={cn("block truncate text-xs text-muted-foreground", detailClassName)}>{detail}</span>
      </span>
      {selected ? <Check className="size-4 shrink-0 text-primary" aria-hidden="true" /> : null}
      {actions}
    </div>
  );
}
