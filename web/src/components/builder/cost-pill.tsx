import { Coins } from "lucide-react";

/** What one video of a builder costs, in the builder's header. */
export function CostPill({ cost }: { cost: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm text-muted-foreground">
      <Coins className="size-4 text-primary" aria-hidden="true" />
      {cost} credits per video
    </span>
  );
}
