/** Compact view counts as creators read them: 980, 12.4K, 1.2M. */
export function formatViews(views: number): string {
  if (views < 1000) return String(views);
  const [value, unit] = views >= 1_000_000 ? [views / 1_000_000, "M"] : [views / 1000, "K"];
  const rounded = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${rounded}${unit}`;
}
