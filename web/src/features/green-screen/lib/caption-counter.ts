import { GREEN_SCREEN_CAPTION_DANGER, GREEN_SCREEN_CAPTION_WARN } from "@reelsmith/core";

export type CounterTone = "normal" | "warning" | "danger";

/** Spec section 4: the caption counter turns yellow at 125 characters and red at 140. */
export function captionCounterTone(length: number): CounterTone {
  if (length >= GREEN_SCREEN_CAPTION_DANGER) return "danger";
  if (length >= GREEN_SCREEN_CAPTION_WARN) return "warning";
  return "normal";
}

export const COUNTER_TONE_CLASS: Record<CounterTone, string> = {
  normal: "text-muted-foreground",
  warning: "text-warning",
  danger: "text-destructive",
};
