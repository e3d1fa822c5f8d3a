import { messages } from "@reelsmith/core";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";

import { Button } from "@/components/ui/button";
import { refreshAccountState } from "@/lib/live/use-live-updates";
import { accountQueryKey } from "@/lib/query-keys";
import { cn } from "@/lib/utils";

/** The manual refresh of the spec: refetches the balance, the plan and usage at once. */
export function CreditsRefreshButton({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: accountQueryKey }) > 0;
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn("size-7", className)}
      aria-label={messages.credits.refresh}
      title={messages.credits.refresh}
      disabled={fetching}
      onClick={() => void refreshAccountState(queryClient)}
    >
      <RotateCw className={cn("size-3.5", fetching && "animate-spin")} aria-hidden="true" />
    </Button>
  );
}
