import { messages } from "@reelsmith/core";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";

/** A closing call to action with the brand gradient behind it. */
export function CtaBand({
  title,
  lead,
  to,
  label,
  secondary,
  showPromo = true,
}: {
  title: ReactNode;
  lead: ReactNode;
  to: string;
  label: string;
  secondary?: { to: string; label: string };
  showPromo?: boolean;
}) {
  return (
    <section className="container-page py-section">
      <div className="relative overflow-hidden rounded-3xl border border-primary/30 bg-card px-6 py-14 text-center md:px-12 md:py-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_70%_90%_at_50%_120%,var(--brand-glow),transparent_70%)]"
        />
        <div className="relative mx-auto max-w-2xl space-y-5">
          <h2 className="font-display text-headline font-bold">{title}</h2>
          <p className="text-lg text-muted-foreground">{lead}</p>
          <div className="flex flex-col items-center justify-center gap-3 pt-2 sm:flex-row">
            <Button asChild variant="brand" size="lg" className="h-12 w-full px-7 text-base sm:w-auto">
              <Link to={to}>
                {label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            {secondary ? (
              <Button asChild variant="outline" size="lg" className="h-12 w-full px-7 text-base sm:w-auto">
                <Link to={secondary.to}>{secondary.label}</Link>
              </Button>
            ) : null}
          </div>
          {showPromo ? <p className="text-sm font-medium text-foreground/90">{messages.promo.text}</p> : null}
        </div>
      </div>
    </section>
  );
}
