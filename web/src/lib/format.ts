/**
 * A date format made on its first use. The first Intl formatter of a page loads the locale's data
 * (about 45 ms on a fast core, four times that on a phone), so a module must not make one on import:
 * the pricing page imports these and formats no date for a visitor.
 */
export function lazyDateFormat(
  locales: string | undefined,
  options: Intl.DateTimeFormatOptions,
): { format: (date: Date) => string } {
  let made: Intl.DateTimeFormat | undefined;
  return {
    format: (date) => {
      made ??= new Intl.DateTimeFormat(locales, options);
      return made.format(date);
    },
  };
}

const longDate = lazyDateFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const shortDate = lazyDateFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "April 10, 2026" (UTC, as billing dates are). */
export function formatDate(iso: string | Date): string {
  return longDate.format(typeof iso === "string" ? new Date(iso) : iso);
}

const dateTime = lazyDateFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** "Apr 10, 2026, 3:04:05 PM" in the viewer's own time zone and locale (when something happened, to the second). */
export function formatDateTime(iso: string | Date): string {
  return dateTime.format(typeof iso === "string" ? new Date(iso) : iso);
}

/** "Apr 10" (UTC). */
export function formatShortDate(iso: string | Date): string {
  return shortDate.format(typeof iso === "string" ? new Date(iso) : iso);
}

/** "3.4 MB", "820 KB", "512 B". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** A time in a song or video as m:ss (rounded down to the second). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
