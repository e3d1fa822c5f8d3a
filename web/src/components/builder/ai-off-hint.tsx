import { messages } from "@reelsmith/core";
import type { ReactNode } from "react";

import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/**
 * An AI button as it is while AI writing is on; while it is off, the disabled button is wrapped so
 * that hovering or focusing it says why, in a creator's words. Only a development build adds which
 * variables turn it on (the README tells operators the same).
 */
export function AiOffHint({
  enabled,
  reason = messages.ai.notEnabled,
  children,
}: {
  enabled: boolean;
  reason?: string;
  children: ReactNode;
}) {
  if (enabled) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper must take focus to explain the disabled button */}
        <span tabIndex={0} className="inline-flex rounded-md">
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs">
        <p>{reason}</p>
        {import.meta.env.DEV ? <p className="mt-1 opacity-80">{messages.ai.operatorHint}</p> : null}
      </TooltipContent>
    </Tooltip>
  );
}
