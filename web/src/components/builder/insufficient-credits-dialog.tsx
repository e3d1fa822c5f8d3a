import { messages } from "@reelsmith/core";
import { Coins, Lightbulb } from "lucide-react";
import { useNavigate } from "react-router";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

export interface InsufficientCreditsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the video costs. */
  required: number;
  /** The user's balance. */
  current: number;
}

/**
 * The spec's 'Insufficient Credits' dialog: required and current credits, a tip, Cancel and Upgrade Plan
 * (to /pricing). Builders open it when `canAfford` says no, or when creation answers INSUFFICIENT_CREDITS
 * (see `insufficientCreditsFrom`).
 */
export function InsufficientCreditsDialog({ open, onOpenChange, required, current }: InsufficientCreditsDialogProps) {
  const navigate = useNavigate();
  const missing = Math.max(0, required - current);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader className="items-center text-center sm:items-start sm:text-left">
          <span className="mb-1 grid size-11 place-items-center rounded-full bg-warning/15 text-warning">
            <Coins className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle className="font-display text-xl">{messages.credits.insufficientTitle}</DialogTitle>
          <DialogDescription>{messages.credits.insufficientDialog}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-lg border bg-card p-3">
            <dt className="text-xs font-medium text-muted-foreground">{messages.credits.required}</dt>
            <dd className="mt-1 font-display text-2xl font-bold" data-testid="credits-required">
              {required}
            </dd>
          </div>
          <div className="rounded-lg border bg-card p-3">
            <dt className="text-xs font-medium text-muted-foreground">{messages.credits.current}</dt>
            <dd className="mt-1 font-display text-2xl font-bold text-warning" data-testid="credits-current">
              {current}
            </dd>
          </div>
        </dl>
        {missing > 0 ? (
          <p className="text-sm text-muted-foreground">
            You need {missing} more {missing === 1 ? "credit" : "credits"}.
          </p>
        ) : null}
        <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-sm">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{messages.credits.insufficientTip}</span>
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="brand"
            onClick={() => {
              onOpenChange(false);
              navigate("/pricing");
            }}
          >
            {messages.subscription.upgradePlan}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
