import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/**
 * Why a builder field stops the video, shown at the field: the server's reason for a refused input, or
 * what the field still needs. `tone="warning"` for something still to do rather than something refused.
 */
export function FieldError({
  id,
  children,
  tone = "error",
  className,
}: {
  id?: string;
  children: ReactNode;
  tone?: "error" | "warning";
  className?: string;
}) {
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      data-slot="field-error"
      className={cn(
        "flex items-start gap-2 text-sm font-medium",
        tone === "error" ? "text-destructive" : "text-warning",
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
