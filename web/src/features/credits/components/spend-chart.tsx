import { formatShortDate } from "@/lib/format";

/**
 * Credits spent per day this period, as plain SVG bars (no chart library: a few dozen rects). Each bar
 * carries its day and amount as a tooltip and the figure has a text summary for screen readers.
 */
export function SpendChart({ daily }: { daily: readonly { date: string; spent: number }[] }) {
  const days = daily.length > 0 ? daily : [{ date: new Date().toISOString().slice(0, 10), spent: 0 }];
  const max = Math.max(1, ...days.map((d) => d.spent));
  const total = days.reduce((sum, d) => sum + d.spent, 0);
  const slot = 12;
  const width = days.length * slot;
  const height = 80;
  const first = days[0]?.date ?? "";
  const last = days.at(-1)?.date ?? "";
  const summary = `${total} credits spent from ${formatShortDate(first)} to ${formatShortDate(last)}`;
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-24 w-full overflow-visible"
      >
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-border" strokeWidth={1} />
        {days.map((d, i) => {
          const h = d.spent > 0 ? Math.max(3, (d.spent / max) * (height - 6)) : 0;
          return (
            <g key={d.date}>
              <rect x={i * slot + 2} y={0} width={slot - 4} height={height} className="fill-transparent">
                <title>{`${formatShortDate(d.date)}: ${d.spent} credits`}</title>
              </rect>
              {h > 0 ? (
                <rect
                  x={i * slot + 2}
                  y={height - h}
                  width={slot - 4}
                  height={h}
                  rx={2}
                  className="fill-primary"
                  data-testid="spend-bar"
                >
                  <title>{`${formatShortDate(d.date)}: ${d.spent} credits`}</title>
                </rect>
              ) : (
                <rect x={i * slot + 2} y={height - 2} width={slot - 4} height={2} rx={1} className="fill-muted" />
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{formatShortDate(first)}</span>
        <span>{total === 0 ? "No credits spent yet" : `${total} spent`}</span>
        <span>{formatShortDate(last)}</span>
      </figcaption>
    </figure>
  );
}
