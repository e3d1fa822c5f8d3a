import { Coins } from "lucide-react";

/** What a video type costs, as the pill its cards show. */
export function CostBadge({ cost }: { cost: number }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-medium text-muted-foreground">
      <Coins className="size-3.5" aria-hidden="true" />
      {cost} credits
    </span>
  );
}
