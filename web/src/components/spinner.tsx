import { messages } from "@reelsmith/core";
import { Loader2 } from "lucide-react";

import { cn } from "@/lib/utils";

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
}

/** Centred spinner with a visible label; used while the account loads. */
export function FullPageSpinner({ label = messages.common.loading }: { label?: string }) {
  return (
    <output aria-live="polite" className="flex min-h-dvh w-full flex-col items-center justify-center gap-3">
      <Spinner className="size-8 text-primary" />
      <span className="text-sm text-muted-foreground">{label}</span>
    </output>
  );
}
