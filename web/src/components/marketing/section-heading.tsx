import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/** Eyebrow, title and lead of a marketing section. `as` picks the heading level (h1 on a page's top). */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  as: Heading = "h2",
  align = "center",
  id,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  as?: "h1" | "h2";
  align?: "center" | "left";
  id?: string;
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl space-y-3", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wider text-primary uppercase">{eyebrow}</p> : null}
      <Heading id={id} className={cn("font-display font-bold", Heading === "h1" ? "text-display" : "text-headline")}>
        {title}
      </Heading>
      {lead ? <p className="text-lg text-muted-foreground">{lead}</p> : null}
    </div>
  );
}
