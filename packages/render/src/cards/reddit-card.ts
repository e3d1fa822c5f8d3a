import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { findFace } from "../captions/fonts.ts";
import { cardFont } from "../captions/measure.ts";
import { loadPicture } from "../pictures/picture.ts";
import { roundRectPath, wrapText } from "./wrap.ts";

/**
 * The Reddit post card shown while the title is read: avatar, subreddit and user, the wrapped title,
 * and the vote and comment row, in Reddit's light or dark look. Drawn in-process with @napi-rs/canvas.
 */
export interface RedditCardOptions {
  username: string;
  title: string;
  /** Path of the avatar picture; null draws the default avatar. */
  avatar: string | null;
  /** The subreddit's name without "r/"; absent or empty: r/AskReddit. */
  subreddit?: string | null;
  theme?: "light" | "dark";
  /** The counts the creator gave; absent or null: the button is drawn without a number. */
  upvotes?: number | null;
  comments?: number | null;
  /** Card width in pixels (the height follows the title). */
  width?: number;
}

const THEMES = {
  light: { card: "#FFFFFF", border: "#E5E7EA", text: "#1A1A1B", muted: "#6F7275", pill: "#EEF1F3", icon: "#3C3F42" },
  dark: { card: "#1A1A1B", border: "#343536", text: "#D7DADC", muted: "#8B8E91", pill: "#2B2C2E", icon: "#C8CBCD" },
} as const;

const ORANGE = "#FF4500";

/** The subreddit a card names when none is given. */
export const DEFAULT_SUBREDDIT = "AskReddit";

/**
 * A count as Reddit shows it, rounded down so it never says more than was given: 999 -> "999",
 * 1234 -> "1.2K", 56_789 -> "56K", 1_250_000 -> "1.2M". No count (null, undefined) -> null: the card then
 * draws its button without a number, never a made-up one.
 */
export function formatCount(n: number | null | undefined): string | null {
  if (n === null || n === undefined || !Number.isFinite(n) || n < 0) return null;
  const whole = Math.floor(n);
  if (whole < 1000) return String(whole);
  const [value, unit] = whole < 1_000_000 ? [whole / 1000, "K"] : [whole / 1_000_000, "M"];
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${shown}${unit}`;
}

function font(weight: 400 | 600 | 700, size: number): string {
  const face =
    weight === 600 ? findFace("IBM Plex Sans SemiBold", 600, false) : findFace("IBM Plex Sans", weight, false);
  return cardFont(face, size);
}

function drawDefaultAvatar(ctx: SKRSContext2D, x: number, y: number, d: number): void {
  const cx = x + d / 2;
  const cy = y + d / 2;
  ctx.fillStyle = ORANGE;
  ctx.beginPath();
  ctx.arc(cx, cy, d / 2, 0, Math.PI * 2);
  ctx.fill();
  // A friendly alien head: antenna, head, eyes, smile.
  ctx.fillStyle = "#FFFFFF";
  ctx.strokeStyle = "#FFFFFF";
  ctx.lineWidth = d * 0.035;
  ctx.beginPath();
  ctx.moveTo(cx, cy - d * 0.13);
  ctx.lineTo(cx + d * 0.07, cy - d * 0.3);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx + d * 0.09, cy - d * 0.31, d * 0.05, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(cx, cy + d * 0.06, d * 0.3, d * 0.2, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = ORANGE;
  for (const dx of [-0.11, 0.11]) {
    ctx.beginPath();
    ctx.arc(cx + dx * d, cy + d * 0.03, d * 0.045, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.strokeStyle = ORANGE;
  ctx.lineWidth = d * 0.025;
  ctx.beginPath();
  ctx.arc(cx, cy + d * 0.09, d * 0.1, 0.15 * Math.PI, 0.85 * Math.PI);
  ctx.stroke();
}

async function drawAvatar(ctx: SKRSContext2D, path: string | null, x: number, y: number, d: number): Promise<void> {
  if (!path) return drawDefaultAvatar(ctx, x, y, d);
  const img = await loadPicture(path);
  const scale = Math.max(d / img.width, d / img.height);
  const w = img.width * scale;
  const h = img.height * scale;
  ctx.save();
  ctx.beginPath();
  ctx.arc(x + d / 2, y + d / 2, d / 2, 0, Math.PI * 2);
  ctx.clip();
  ctx.drawImage(img, x + (d - w) / 2, y + (d - h) / 2, w, h);
  ctx.restore();
}

function upArrow(ctx: SKRSContext2D, x: number, y: number, s: number, color: string, down = false): void {
  ctx.save();
  ctx.translate(x + s / 2, y + s / 2);
  if (down) ctx.rotate(Math.PI);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(0, -s * 0.45);
  ctx.lineTo(s * 0.42, s * 0.02);
  ctx.lineTo(s * 0.17, s * 0.02);
  ctx.lineTo(s * 0.17, s * 0.42);
  ctx.lineTo(-s * 0.17, s * 0.42);
  ctx.lineTo(-s * 0.17, s * 0.02);
  ctx.lineTo(-s * 0.42, s * 0.02);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

function bubble(ctx: SKRSContext2D, x: number, y: number, s: number, color: string): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = s * 0.1;
  ctx.lineJoin = "round";
  roundRectPath(ctx, x + s * 0.08, y + s * 0.1, s * 0.84, s * 0.62, s * 0.2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + s * 0.3, y + s * 0.72);
  ctx.lineTo(x + s * 0.22, y + s * 0.92);
  ctx.lineTo(x + s * 0.5, y + s * 0.72);
  ctx.stroke();
  ctx.restore();
}

function shareIcon(ctx: SKRSContext2D, x: number, y: number, s: number, color: string): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = s * 0.1;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.beginPath();
  ctx.moveTo(x + s * 0.2, y + s * 0.55);
  ctx.lineTo(x + s * 0.2, y + s * 0.88);
  ctx.lineTo(x + s * 0.8, y + s * 0.88);
  ctx.lineTo(x + s * 0.8, y + s * 0.55);
  ctx.moveTo(x + s * 0.5, y + s * 0.62);
  ctx.lineTo(x + s * 0.5, y + s * 0.1);
  ctx.moveTo(x + s * 0.3, y + s * 0.3);
  ctx.lineTo(x + s * 0.5, y + s * 0.1);
  ctx.lineTo(x + s * 0.7, y + s * 0.3);
  ctx.stroke();
  ctx.restore();
}

function verified(ctx: SKRSContext2D, x: number, y: number, s: number): void {
  ctx.save();
  ctx.fillStyle = "#1D9BF0";
  ctx.beginPath();
  ctx.arc(x + s / 2, y + s / 2, s / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = "#FFFFFF";
  ctx.lineWidth = s * 0.14;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.beginPath();
  ctx.moveTo(x + s * 0.28, y + s * 0.52);
  ctx.lineTo(x + s * 0.44, y + s * 0.67);
  ctx.lineTo(x + s * 0.73, y + s * 0.36);
  ctx.stroke();
  ctx.restore();
}

/** Renders the card to PNG bytes. */
export async function renderRedditCard(options: RedditCardOptions): Promise<Buffer> {
  return (await drawRedditCard(options)).png;
}

/** Draws the card: its PNG bytes and every piece of text drawn on it, in order (for checks). */
export async function drawRedditCard(options: RedditCardOptions): Promise<{ png: Buffer; texts: string[] }> {
  const width = Math.round(options.width ?? 940);
  const s = width / 940;
  const theme = THEMES[options.theme ?? "light"];
  const pad = 44 * s;
  const shadow = 36 * s;
  const avatar = 104 * s;
  const titleSize = 54 * s;
  const titleLead = titleSize * 1.26;

  const measure = createCanvas(8, 8).getContext("2d");
  measure.font = font(700, titleSize);
  const lines = wrapText(measure, options.title.trim(), width - 2 * pad, 7);
  const headerH = avatar;
  const titleTop = pad + headerH + 30 * s;
  const titleH = lines.length * titleLead;
  const footerTop = titleTop + titleH + 26 * s;
  const footerH = 64 * s;
  const cardH = footerTop + footerH + pad * 0.8;

  const canvas = createCanvas(width + 2 * shadow, Math.ceil(cardH + 2 * shadow));
  const ctx = canvas.getContext("2d");
  const texts: string[] = [];
  const text = (value: string, x: number, y: number) => {
    texts.push(value);
    ctx.fillText(value, x, y);
  };
  ctx.translate(shadow, shadow);
  // Card with a soft drop shadow and a hairline border.
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.35)";
  ctx.shadowBlur = shadow * 0.9;
  ctx.shadowOffsetY = 10 * s;
  roundRectPath(ctx, 0, 0, width, cardH, 34 * s);
  ctx.fillStyle = theme.card;
  ctx.fill();
  ctx.restore();
  roundRectPath(ctx, 0, 0, width, cardH, 34 * s);
  ctx.strokeStyle = theme.border;
  ctx.lineWidth = 2 * s;
  ctx.stroke();

  // Header: avatar, subreddit, user.
  await drawAvatar(ctx, options.avatar, pad, pad, avatar);
  const tx = pad + avatar + 24 * s;
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = theme.text;
  ctx.font = font(700, 38 * s);
  const sub = `r/${options.subreddit || DEFAULT_SUBREDDIT}`;
  text(sub, tx, pad + 44 * s);
  ctx.fillStyle = theme.muted;
  ctx.font = font(400, 32 * s);
  const user = `u/${options.username || "anonymous"}`;
  text(user, tx, pad + 92 * s);
  verified(ctx, tx + ctx.measureText(user).width + 12 * s, pad + 64 * s, 32 * s);

  // Title.
  ctx.fillStyle = theme.text;
  ctx.font = font(700, titleSize);
  lines.forEach((line, i) => {
    text(line, pad, titleTop + titleSize + i * titleLead - titleSize * 0.12);
  });

  // Votes, comments, share: a count only when one is given, else the buttons alone.
  const iconS = 40 * s;
  const rowY = footerTop;
  const pillH = footerH;
  const iconY = rowY + (pillH - iconS) / 2;
  const labelY = rowY + pillH / 2 + 11 * s;
  ctx.font = font(600, 32 * s);
  const votes = formatCount(options.upvotes);
  const votesW = iconS * 2 + (votes === null ? 44 * s : ctx.measureText(votes).width + 52 * s);
  roundRectPath(ctx, pad, rowY, votesW, pillH, pillH / 2);
  ctx.fillStyle = theme.pill;
  ctx.fill();
  upArrow(ctx, pad + 16 * s, iconY, iconS, votes === null ? theme.icon : ORANGE);
  if (votes !== null) {
    ctx.fillStyle = theme.text;
    text(votes, pad + 16 * s + iconS + 10 * s, labelY);
  }
  upArrow(ctx, pad + votesW - 16 * s - iconS, iconY, iconS, theme.icon, true);

  const comments = formatCount(options.comments);
  const cx = pad + votesW + 20 * s;
  const commentsW = iconS + (comments === null ? 32 * s : ctx.measureText(comments).width + 46 * s);
  roundRectPath(ctx, cx, rowY, commentsW, pillH, pillH / 2);
  ctx.fillStyle = theme.pill;
  ctx.fill();
  bubble(ctx, cx + 16 * s, iconY, iconS, theme.icon);
  if (comments !== null) {
    ctx.fillStyle = theme.text;
    text(comments, cx + 16 * s + iconS + 10 * s, labelY);
  }

  const shareLabel = "Share";
  const sx = cx + commentsW + 20 * s;
  const shareW = iconS + ctx.measureText(shareLabel).width + 46 * s;
  roundRectPath(ctx, sx, rowY, shareW, pillH, pillH / 2);
  ctx.fillStyle = theme.pill;
  ctx.fill();
  shareIcon(ctx, sx + 16 * s, iconY, iconS, theme.icon);
  ctx.fillStyle = theme.text;
  text(shareLabel, sx + 16 * s + iconS + 10 * s, labelY);

  return { png: canvas.toBuffer("image/png"), texts };
}
