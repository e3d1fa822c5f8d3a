import type { SKRSContext2D } from "@napi-rs/canvas";

/** Greedy word wrap with the canvas' current font; words wider than a line are broken by letters. */
export function wrapText(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines = 12): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let line = "";
    for (const rawWord of paragraph.split(/\s+/).filter(Boolean)) {
      let word = rawWord;
      while (ctx.measureText(word).width > maxWidth && [...word].length > 1) {
        // Break an over-long word at the widest prefix that fits.
        const chars = [...word];
        let cut = chars.length - 1;
        while (cut > 1 && ctx.measureText(chars.slice(0, cut).join("")).width > maxWidth) cut--;
        if (line) lines.push(line);
        lines.push(chars.slice(0, cut).join(""));
        line = "";
        word = chars.slice(cut).join("");
      }
      const candidate = line ? `${line} ${word}` : word;
      if (ctx.measureText(candidate).width <= maxWidth || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
  }
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] ?? "").replace(/\s*\S*$/, "")}…`;
    return kept;
  }
  return lines;
}

export function roundRectPath(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}
