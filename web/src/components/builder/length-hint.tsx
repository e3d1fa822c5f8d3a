import { cn } from "@/lib/utils";

/**
 * A builder's estimate of the video's length, under the text it is timed from (the Reddit script, the ad
 * copy): amber when the video would run too long. Part of the field's description (aria-describedby).
 */
export function LengthHint({ id, fit, children }: { id: string; fit: string; children: string }) {
  return (
    <p id={id} data-fit={fit} className={cn("text-xs", fit === "long" ? "text-warning" : "text-muted-foreground")}>
      {children}
    </p>
  );
}
