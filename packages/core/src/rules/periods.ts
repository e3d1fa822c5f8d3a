import type { BillingInterval } from "../catalogue/plans.ts";

/**
 * Billing-period and credit-cycle arithmetic, all in UTC. Months are counted from an anchor: the n-th
 * month after Jan 31 is the last day of the shorter months (Feb 28/29, Apr 30) and back to the 31st
 * when the month has one, so periods never drift.
 */
export function addMonthsUtc(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

export function intervalMonths(interval: BillingInterval): number {
  return interval === "year" ? 12 : 1;
}

/** The end of a billing period starting at `start`. */
export function periodEnd(start: Date, interval: BillingInterval): Date {
  return addMonthsUtc(start, intervalMonths(interval));
}

export interface Span {
  start: Date;
  end: Date;
}

/**
 * The billing period of a subscription anchored at `anchor` that contains `now` (periods follow each
 * other without gaps). `now` before the anchor gives the first period.
 */
export function periodContaining(anchor: Date, interval: BillingInterval, now: Date): Span {
  const step = intervalMonths(interval);
  let k = 0;
  if (now.getTime() >= anchor.getTime()) {
    const monthsApart =
      (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
    k = Math.max(0, Math.floor(monthsApart / step) - 1);
    while (addMonthsUtc(anchor, (k + 1) * step).getTime() <= now.getTime()) k += 1;
  }
  return { start: addMonthsUtc(anchor, k * step), end: addMonthsUtc(anchor, (k + 1) * step) };
}

/**
 * The monthly credit cycle inside the billing period [periodStart, periodEnd) that contains `at`.
 * Monthly plans have one cycle per period; annual plans twelve. `at` outside the period is clamped to it.
 */
export function creditCycleContaining(period: Span, at: Date): Span {
  const t = Math.min(Math.max(at.getTime(), period.start.getTime()), period.end.getTime() - 1);
  const cycle = periodContaining(period.start, "month", new Date(t));
  return { start: cycle.start, end: cycle.end.getTime() > period.end.getTime() ? period.end : cycle.end };
}

/** UTC days (YYYY-MM-DD) from `start` up to and including the day of `end` (at most `limit` days). */
export function utcDays(start: Date, end: Date, limit = 400): string[] {
  const days: string[] = [];
  let t = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  const last = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  while (t <= last && days.length < limit) {
    days.push(new Date(t).toISOString().slice(0, 10));
    t += 86_400_000;
  }
  return days;
}
