import { utcDays } from "@reelsmith/core";

import { formatShortDate } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * Credits spent per day over the whole period, as plain SVG bars (no chart library: a few dozen rects).
 * Days still to come are drawn faint, so the chart shows where in the period today is. Each bar carries
 * its day and amount as a tooltip and the figure has a text summary for screen readers.
 */
export function SpendChart({
  daily,
  period,
}: {
  daily: readonly { date: string; spent: number }[];
  period: { start: string; end: string };
}) {
  const spentByDay = new Map(daily.map((d) => [d.date, d.spent]));
  const today = daily.at(-1)?.date ?? new Date().toISOString().slice(0, 10);
  const days = utcDays(new Date(period.start), new Date(Date.parse(period.end) - 1), 62).map((date) => ({
    date,
    spent: spentByDay.get(date) ?? 0,
    future: date > today,
  }));
  const max = Math.max(1, ...days.map((d) => d.spent));
  const total = daily.reduce((sum, d) => sum + d.spent, 0);
  const slot = 12;
  const width = days.length * slot;
  const height = 80;
  const first = days[0]?.date ?? today;
  const last = days.at(-1)?.date ?? today;
  const summary = `${total} credits spent from ${formatShortDate(first)} to ${formatShortDate(today)}`;
  return (
    <figure className="space-y-2">
      <div className="relative">
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
            const label = `${formatShortDate(d.date)}: ${d.spent} credits`;
            return (
              <g key={d.date}>
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
                    <title>{label}</title>
                  </rect>
                ) : (
                  <rect
                    x={i * slot + 2}
                    y={height - 3}
                    width={slot - 4}
                    height={3}
                    rx={1}
                    className={cn(d.future ? "fill-muted/50" : "fill-muted-foreground/30")}
                  >
                    <title>{d.future ? formatShortDate(d.date) : label}</title>
                  </rect>
                )}
              </g>
            );
          })}
        </svg>
        {total === 0 ? (
          <p className="absolute inset-0 grid place-items-center text-xs text-muted-foreground">
            No credits spent yet this period
          </p>
        ) : (
          <p className="absolute top-0 left-0 text-[10px] text-muted-foreground">peak {max}</p>
        )}
      </div>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{formatShortDate(first)}</span>
        <span>{total > 0 ? `${total} spent so far` : ""}</span>
        <span>{formatShortDate(last)}</span>
      </figcaption>
    </figure>
  );
}
