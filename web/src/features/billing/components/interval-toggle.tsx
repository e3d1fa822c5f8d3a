import type { BillingInterval } from "@reelsmith/core";

import { cn } from "@/lib/utils";

/** Monthly / Annual switch (a two-option radio group). */
export function IntervalToggle({
  value,
  onChange,
  className,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  className?: string;
}) {
  const options: { value: BillingInterval; label: string; note?: string }[] = [
    { value: "month", label: "Monthly" },
    { value: "year", label: "Annual", note: "2 months free" },
  ];
  return (
    <div
      role="radiogroup"
      aria-label="Billing period"
      className={cn("inline-flex rounded-full border bg-card p-1", className)}
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a styled segmented control; the radio role carries the semantics
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(option.value)}
            className={cn(
              "inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              selected ? "bg-gradient-brand text-white shadow" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {option.label}
            {option.note ? (
              <span
                className={cn(
                  "rounded-full px-1.5 py-0.5 text-[10px] font-semibold uppercase",
                  selected ? "bg-white/20 text-white" : "bg-success/15 text-success",
                )}
              >
                {option.note}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
