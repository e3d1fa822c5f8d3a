import type { LucideIcon } from "lucide-react";

import { cn } from "@/lib/utils";

export interface SourceOption<T extends string> {
  id: T;
  label: string;
  icon: LucideIcon;
}

/**
 * Two or more pressed-or-not buttons that say where a part of the meme comes from (the library or the
 * creator's own file). Only the chosen one's picker shows below it.
 */
export function SourceToggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's name for a screen reader ("Background source"). */
  label: string;
  options: readonly SourceOption<T>[];
  value: T;
  onChange: (id: T) => void;
}) {
  return (
    <fieldset aria-label={label} className="inline-flex rounded-lg border bg-muted/40 p-1">
      {options.map(({ id, label: text, icon: Icon }) => (
        <button
          key={id}
          type="button"
          aria-pressed={value === id}
          onClick={() => onChange(id)}
          className={cn(
            "inline-flex items-center gap-2 rounded-md px-3 py-1.5 font-medium text-sm transition-colors",
            value === id ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {text}
        </button>
      ))}
    </fieldset>
  );
}
