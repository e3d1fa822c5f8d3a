import { Star } from "lucide-react";

const STATS = [
  { value: "150k+", label: "videos created" },
  { value: "2k+", label: "creators" },
  { value: "2150+", label: "customers" },
  { value: "4.9/5", label: "from 100+ reviews" },
];

/** The marketing numbers of the spec, and what an editor would have cost. */
export function StatsBand() {
  return (
    <section aria-label="Reelsmith in numbers" className="border-y border-border/60 bg-card/40">
      <div className="container-page grid gap-8 py-10 md:grid-cols-[1fr_auto] md:items-center">
        <dl className="grid grid-cols-2 gap-6 sm:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="space-y-1 text-center md:text-left">
              <dt className="sr-only">{stat.label}</dt>
              <dd className="flex items-center justify-center gap-1.5 font-display text-3xl font-extrabold tracking-tight md:justify-start">
                {stat.value}
                {stat.value === "4.9/5" ? (
                  <Star className="size-5 fill-warning text-warning" aria-hidden="true" />
                ) : null}
              </dd>
              <dd className="text-sm text-muted-foreground">{stat.label}</dd>
            </div>
          ))}
        </dl>
        <p className="mx-auto max-w-xs rounded-2xl border bg-background/60 p-4 text-center text-sm text-muted-foreground md:mx-0 md:text-left">
          A freelance editor charges <strong className="text-foreground">$50 to $150 per video</strong>. A Reelsmith
          video costs a few credits.
        </p>
      </div>
    </section>
  );
}
