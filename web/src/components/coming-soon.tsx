import type { ReactNode } from "react";

import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

/**
 * Shows why a control is disabled. A disabled button fires no pointer or focus events, so the tooltip
 * trigger is a focusable wrapper around it: hover and keyboard focus both reveal the reason.
 */
export function ComingSoon({
  reason,
  children,
  className,
  side = "top",
}: {
  reason: string;
  children: ReactNode;
  className?: string;
  side?: "top" | "right" | "bottom" | "left";
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper must take focus to show why its child is disabled */}
        <span tabIndex={0} className={cn("inline-flex cursor-not-allowed rounded-md", className)}>
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent side={side}>{reason}</TooltipContent>
    </Tooltip>
  );
}
