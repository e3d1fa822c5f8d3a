import { createCanvas } from "@napi-rs/canvas";
import { loadPicture } from "../pictures/picture.ts";
import { roundRectPath } from "./wrap.ts";

/**
 * A picture fitted inside width x height with rounded corners and a soft drop shadow, on a
 * transparent PNG of exactly that size (a product photo as a floating card).
 */
export async function renderFramedImage(options: {
  src: string;
  width: number;
  height: number;
  radius: number;
  shadow: boolean;
  fit: "cover" | "contain";
}): Promise<Buffer> {
  const { width, height, radius, shadow } = options;
  const img = await loadPicture(options.src);
  const margin = shadow ? Math.round(Math.min(width, height) * 0.06) : 0;
  const boxW = width - 2 * margin;
  const boxH = height - 2 * margin;
  const scale =
    options.fit === "cover"
      ? Math.max(boxW / img.width, boxH / img.height)
      : Math.min(boxW / img.width, boxH / img.height);
  const w = options.fit === "cover" ? boxW : img.width * scale;
  const h = options.fit === "cover" ? boxH : img.height * scale;
  const x = (width - w) / 2;
  const y = (height - h) / 2;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  const r = Math.min(radius, w / 2, h / 2);
  if (shadow) {
    ctx.save();
    ctx.shadowColor = "rgba(0,0,0,0.45)";
    ctx.shadowBlur = margin * 0.9;
    ctx.shadowOffsetY = margin * 0.35;
    roundRectPath(ctx, x, y, w, h, r);
    ctx.fillStyle = "#000000";
    ctx.fill();
    ctx.restore();
  }
  ctx.save();
  roundRectPath(ctx, x, y, w, h, r);
  ctx.clip();
  const iw = img.width * scale;
  const ih = img.height * scale;
  ctx.drawImage(img, x + (w - iw) / 2, y + (h - ih) / 2, iw, ih);
  ctx.restore();
  return canvas.toBuffer("image/png");
}
