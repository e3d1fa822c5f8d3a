import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { findFace } from "../src/captions/fonts.ts";
import { cardFont } from "../src/captions/measure.ts";
import { roundRectPath } from "../src/cards/wrap.ts";
import { runFfmpeg } from "../src/ffmpeg/run.ts";

/**
 * The "user uploads" of the examples (a product photo, a background picture, a song), drawn and
 * synthesised by code so the examples render on a fresh checkout without any media of our own.
 */
export const EXAMPLE_MEDIA = {
  product: "serum.png",
  background: "beach.png",
  song: "song.mp3",
} as const;

function bottle(ctx: SKRSContext2D, w: number, h: number) {
  const bg = ctx.createLinearGradient(0, 0, 0, h);
  bg.addColorStop(0, "#FBEFE6");
  bg.addColorStop(1, "#EBCFBF");
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  // Floor shadow.
  ctx.fillStyle = "rgba(90,50,30,0.18)";
  ctx.beginPath();
  ctx.ellipse(w / 2, h * 0.86, w * 0.22, h * 0.035, 0, 0, Math.PI * 2);
  ctx.fill();
  // Amber glass body.
  const body = ctx.createLinearGradient(w * 0.33, 0, w * 0.67, 0);
  body.addColorStop(0, "#7A3A0C");
  body.addColorStop(0.35, "#C8701E");
  body.addColorStop(0.55, "#E39A45");
  body.addColorStop(1, "#6B300A");
  roundRectPath(ctx, w * 0.33, h * 0.38, w * 0.34, h * 0.48, w * 0.05);
  ctx.fillStyle = body;
  ctx.fill();
  // Shoulder and neck.
  ctx.fillStyle = "#8E4512";
  roundRectPath(ctx, w * 0.43, h * 0.32, w * 0.14, h * 0.08, w * 0.02);
  ctx.fill();
  // Dropper cap: black collar and rubber bulb.
  ctx.fillStyle = "#1C1C1E";
  roundRectPath(ctx, w * 0.41, h * 0.25, w * 0.18, h * 0.09, w * 0.015);
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(w / 2, h * 0.19, w * 0.055, h * 0.08, 0, 0, Math.PI * 2);
  ctx.fill();
  // Glass highlight.
  ctx.fillStyle = "rgba(255,255,255,0.35)";
  roundRectPath(ctx, w * 0.37, h * 0.41, w * 0.035, h * 0.4, w * 0.02);
  ctx.fill();
  // Label.
  ctx.fillStyle = "#FFF8F0";
  roundRectPath(ctx, w * 0.36, h * 0.52, w * 0.28, h * 0.2, w * 0.012);
  ctx.fill();
  ctx.fillStyle = "#3B1D0A";
  ctx.textAlign = "center";
  ctx.font = cardFont(findFace("Montserrat Black", 900, false), w * 0.045);
  ctx.fillText("GLOW", w / 2, h * 0.6);
  ctx.font = cardFont(findFace("Montserrat", 700, false), w * 0.03);
  ctx.fillText("SERUM", w / 2, h * 0.645);
  ctx.font = cardFont(findFace("Montserrat", 700, false), w * 0.018);
  ctx.fillText("VITAMIN C · 30 ml", w / 2, h * 0.69);
}

function beach(ctx: SKRSContext2D, w: number, h: number) {
  const sky = ctx.createLinearGradient(0, 0, 0, h * 0.62);
  sky.addColorStop(0, "#2B1055");
  sky.addColorStop(0.55, "#D53A9D");
  sky.addColorStop(1, "#FFA24C");
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h * 0.62);
  const sun = ctx.createRadialGradient(w / 2, h * 0.58, 0, w / 2, h * 0.58, w * 0.22);
  sun.addColorStop(0, "#FFF3B0");
  sun.addColorStop(1, "rgba(255,200,80,0)");
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, w, h);
  const sea = ctx.createLinearGradient(0, h * 0.62, 0, h);
  sea.addColorStop(0, "#FF8F5A");
  sea.addColorStop(0.25, "#6A3D9A");
  sea.addColorStop(1, "#10123A");
  ctx.fillStyle = sea;
  ctx.fillRect(0, h * 0.62, w, h * 0.38);
  ctx.fillStyle = "rgba(255,220,160,0.5)";
  for (let i = 0; i < 14; i++) {
    const y = h * 0.64 + i * i * h * 0.0018;
    const half = w * (0.2 - i * 0.011);
    ctx.fillRect(w / 2 - half, y, half * 2, h * 0.004);
  }
}

async function picture(path: string, w: number, h: number, draw: (ctx: SKRSContext2D, w: number, h: number) => void) {
  const canvas = createCanvas(w, h);
  draw(canvas.getContext("2d"), w, h);
  await writeFile(path, canvas.toBuffer("image/png"));
}

/** A 20 s four-chord loop with kick and hats, synthesised by ffmpeg. */
export function songArgs(output: string): string[] {
  const chord = (a: number, b: number, c: number) => `0.13*sin(2*PI*${a}*t)+0.1*sin(2*PI*${b}*t)+0.09*sin(2*PI*${c}*t)`;
  const bar = "mod(t,8)";
  const pad = `if(lt(${bar},2),${chord(220, 261.63, 329.63)},if(lt(${bar},4),${chord(174.61, 220, 261.63)},if(lt(${bar},6),${chord(261.63, 329.63, 392)},${chord(196, 246.94, 293.66)})))`;
  const kick = "0.6*sin(2*PI*55*t)*exp(-18*mod(t,0.5))";
  const hat = "0.05*sin(2*PI*7919*t)*sin(2*PI*5233*t)*exp(-60*mod(t+0.25,0.5))";
  return [
    "-hide_banner",
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `aevalsrc='(${pad})*(0.8+0.2*sin(2*PI*0.5*t))+${kick}+${hat}':s=44100:d=20`,
    "-af",
    "lowpass=f=9000,aecho=0.6:0.5:180:0.25",
    "-ac",
    "2",
    "-c:a",
    "libmp3lame",
    "-b:a",
    "160k",
    output,
  ];
}

/** Makes the example uploads in `dir` if they are missing. */
export async function ensureExampleMedia(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const path = (name: string) => join(dir, name);
  if (!existsSync(path(EXAMPLE_MEDIA.product))) await picture(path(EXAMPLE_MEDIA.product), 1200, 1200, bottle);
  if (!existsSync(path(EXAMPLE_MEDIA.background))) await picture(path(EXAMPLE_MEDIA.background), 1080, 1920, beach);
  if (!existsSync(path(EXAMPLE_MEDIA.song))) await runFfmpeg(songArgs(path(EXAMPLE_MEDIA.song)), { niceness: 0 });
}
