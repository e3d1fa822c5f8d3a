import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { findFace } from "../captions/fonts.ts";
import { cardFont } from "../captions/measure.ts";
import type { TextLook } from "../composition/schema.ts";
import { roundRectPath, wrapText } from "./wrap.ts";

/**
 * Static on-screen text drawn as a transparent PNG: hooks, titles, calls to action. Canvas shaping
 * draws any script and colour emoji.
 */
export interface TextCardOptions {
  text: string;
  look: TextLook;
  /** Font size in pixels. */
  size: number;
  /** Width available; lines wrap inside it. */
  width: number;
  accent?: string;
}

const LOOKS: Record<TextLook, { family: string; weight: number; lead: number; maxLines: number }> = {
  tiktok: { family: "Montserrat", weight: 700, lead: 1.18, maxLines: 8 },
  title: { family: "Montserrat Black", weight: 900, lead: 1.1, maxLines: 6 },
  banner: { family: "Montserrat ExtraBold", weight: 800, lead: 1.18, maxLines: 6 },
  cta: { family: "Poppins Black", weight: 900, lead: 1.1, maxLines: 3 },
  label: { family: "Poppins ExtraBold", weight: 800, lead: 1.1, maxLines: 2 },
};

function lineBoxes(ctx: SKRSContext2D, lines: string[], size: number, lead: number, width: number, padX: number) {
  const lineH = size * lead;
  return lines.map((line, i) => {
    const w = ctx.measureText(line).width;
    return { line, w, x: (width - w) / 2, y: i * lineH, h: lineH, padX };
  });
}

/** Renders text in one of the looks to PNG bytes, `width` wide and as tall as it needs. */
export function renderTextCard(options: TextCardOptions): Buffer {
  const look = LOOKS[options.look];
  const size = options.size;
  const accent = options.accent ?? "#FE2C55";
  const face = findFace(look.family, look.weight, false);
  const text = options.look === "label" ? options.text.toLocaleUpperCase("en") : options.text;
  const padX = options.look === "tiktok" ? size * 0.42 : options.look === "title" ? size * 0.2 : size * 0.6;
  const measure = createCanvas(8, 8).getContext("2d");
  measure.font = cardFont(face, size);
  const lines = wrapText(measure, text.trim(), options.width - 2 * padX - size * 0.3, look.maxLines);
  const margin = Math.ceil(size * 0.5);
  const lineH = size * look.lead;
  const padY = options.look === "tiktok" ? size * 0.22 : options.look === "title" ? 0 : size * 0.45;
  const height = Math.ceil(lines.length * lineH + 2 * padY + 2 * margin);
  const canvas = createCanvas(options.width, height);
  const ctx = canvas.getContext("2d");
  ctx.font = cardFont(face, size);
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  const boxes = lineBoxes(ctx, lines, size, look.lead, options.width, padX);
  const top = margin + padY;
  const textY = (i: number) => top + i * lineH + lineH / 2 + size * 0.04;

  if (options.look === "tiktok") {
    // White rounded boxes per line that merge into one shape, black text: the platform's own look.
    ctx.fillStyle = "#FFFFFF";
    boxes.forEach((b, i) => {
      roundRectPath(ctx, b.x - padX, top + i * lineH - padY, b.w + 2 * padX, lineH + 2 * padY, size * 0.28);
      ctx.fill();
    });
    ctx.fillStyle = "#111111";
    for (const [i, b] of boxes.entries()) ctx.fillText(b.line, b.x, textY(i));
  } else if (options.look === "title") {
    ctx.lineJoin = "round";
    ctx.lineWidth = size * 0.16;
    ctx.strokeStyle = "#000000";
    ctx.save();
    ctx.shadowColor = "rgba(0,0,0,0.55)";
    ctx.shadowBlur = size * 0.25;
    ctx.shadowOffsetY = size * 0.06;
    for (const [i, b] of boxes.entries()) ctx.strokeText(b.line, b.x, textY(i));
    ctx.restore();
    ctx.fillStyle = "#FFFFFF";
    for (const [i, b] of boxes.entries()) ctx.fillText(b.line, b.x, textY(i));
  } else {
    const widest = Math.max(...boxes.map((b) => b.w));
    const boxW = widest + 2 * padX;
    const boxH = lines.length * lineH + 2 * padY;
    const x = (options.width - boxW) / 2;
    ctx.save();
    ctx.shadowColor = "rgba(0,0,0,0.35)";
    ctx.shadowBlur = size * 0.4;
    ctx.shadowOffsetY = size * 0.08;
    roundRectPath(ctx, x, margin, boxW, boxH, options.look === "banner" ? size * 0.35 : boxH / 2);
    ctx.fillStyle = options.look === "banner" ? "rgba(12,12,16,0.72)" : accent;
    ctx.fill();
    ctx.restore();
    ctx.fillStyle = "#FFFFFF";
    for (const [i, b] of boxes.entries()) ctx.fillText(b.line, b.x, textY(i));
  }
  return canvas.toBuffer("image/png");
}
