import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/** The top band of a marketing page: a soft brand glow behind the page's h1 and lead. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("relative overflow-hidden border-b border-border/60", className)}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_60%_70%_at_50%_-20%,var(--brand-glow),transparent_70%)]"
      />
      <div className="container-page relative space-y-5 py-16 text-center md:py-24">
        {eyebrow ? <p className="text-sm font-semibold tracking-wider text-primary uppercase">{eyebrow}</p> : null}
        <h1 className="mx-auto max-w-3xl font-display text-headline font-extrabold md:text-[3.5rem] md:leading-[1.05]">
          {title}
        </h1>
        {lead ? <p className="mx-auto max-w-2xl text-lg text-muted-foreground">{lead}</p> : null}
        {children ? <div className="flex flex-wrap items-center justify-center gap-3 pt-2">{children}</div> : null}
      </div>
    </section>
  );
}
