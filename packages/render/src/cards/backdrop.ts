import { createCanvas } from "@napi-rs/canvas";

/**
 * A studio backdrop: a diagonal multi-stop gradient with soft light blobs and a vignette, as PNG.
 * Deterministic: the same colours and size always give the same picture.
 */
export function renderBackdrop(options: { colors: readonly string[]; width: number; height: number; glow?: boolean }) {
  const { colors, width, height, glow = true } = options;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  const g = ctx.createLinearGradient(0, 0, width * 0.6, height);
  for (const [i, c] of colors.entries())
    g.addColorStop(colors.length === 1 ? 0 : i / (colors.length - 1), c.slice(0, 7));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  if (glow) {
    // Soft light pools, placed by a fixed pattern so the result is reproducible.
    const blobs = [
      { x: 0.22, y: 0.18, r: 0.55, a: 0.28 },
      { x: 0.85, y: 0.42, r: 0.45, a: 0.2 },
      { x: 0.35, y: 0.78, r: 0.6, a: 0.22 },
    ];
    for (const b of blobs) {
      const cx = b.x * width;
      const cy = b.y * height;
      const r = b.r * width;
      const rg = ctx.createRadialGradient(cx, cy, 0, cx, cy, r);
      rg.addColorStop(0, `rgba(255,255,255,${b.a})`);
      rg.addColorStop(1, "rgba(255,255,255,0)");
      ctx.fillStyle = rg;
      ctx.fillRect(0, 0, width, height);
    }
  }
  const v = ctx.createRadialGradient(width / 2, height / 2, height * 0.25, width / 2, height / 2, height * 0.75);
  v.addColorStop(0, "rgba(0,0,0,0)");
  v.addColorStop(1, "rgba(0,0,0,0.45)");
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer("image/png");
}
