import { Check } from "lucide-react";

import { cn } from "@/lib/utils";
import { canVisit } from "./step-completion";

/**
 * The numbered steps above a builder. A step can be opened only up to the furthest step reached; a
 * step before it, or a complete one up to it, shows a check.
 */
export function BuilderStepper({
  labels,
  step,
  furthest,
  isComplete,
  onGo,
}: {
  labels: readonly string[];
  step: number;
  furthest: number;
  isComplete: (step: number) => boolean;
  onGo: (step: number) => void;
}) {
  return (
    <ol
      className="grid gap-2"
      style={{ gridTemplateColumns: `repeat(${labels.length}, minmax(0, 1fr))` }}
      aria-label="Steps"
    >
      {labels.map((label, index) => {
        const current = index === step;
        const done = index < furthest || (index !== step && index <= furthest && isComplete(index));
        const reachable = canVisit(index, furthest);
        return (
          <li key={label}>
            <button
              type="button"
              onClick={() => onGo(index)}
              disabled={!reachable}
              aria-current={current ? "step" : undefined}
              className={cn(
                "flex w-full flex-col items-start gap-2 rounded-lg border-t-4 border-border pt-2 text-left transition-colors disabled:cursor-not-allowed disabled:opacity-50",
                current && "border-primary",
                !current && done && "border-primary/40",
              )}
            >
              <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
                <span
                  className={cn(
                    "grid size-5 place-items-center rounded-full border text-[0.7rem] tabular-nums",
                    current && "border-primary bg-primary text-primary-foreground",
                    !current && done && "border-primary/50 text-primary",
                  )}
                >
                  {done && !current ? <Check className="size-3" aria-hidden="true" /> : index + 1}
                </span>
                <span className="hidden sm:inline">Step {index + 1}</span>
              </span>
              <span className={cn("text-sm font-semibold", !current && "text-muted-foreground")}>{label}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
