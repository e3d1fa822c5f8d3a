/** Props shared by the ASMR clips: a wooden board on a marble counter, a chef's knife. */
import type { SKRSContext2D } from "@napi-rs/canvas";

export function drawBoard(ctx: SKRSContext2D, w: number, h: number): void {
  const counter = ctx.createLinearGradient(0, 0, w, h);
  counter.addColorStop(0, "#f4f1ee");
  counter.addColorStop(1, "#d9d3cc");
  ctx.fillStyle = counter;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = "rgba(150,140,130,0.25)";
  ctx.lineWidth = 2;
  for (let i = 0; i < 6; i++) {
    ctx.beginPath();
    ctx.moveTo(-20, h * (0.1 + i * 0.17));
    ctx.bezierCurveTo(w * 0.3, h * (0.05 + i * 0.17), w * 0.6, h * (0.2 + i * 0.17), w + 20, h * (0.12 + i * 0.17));
    ctx.stroke();
  }
  const board = ctx.createLinearGradient(0, h * 0.3, 0, h * 0.85);
  board.addColorStop(0, "#c98b4f");
  board.addColorStop(1, "#a86b35");
  ctx.fillStyle = "rgba(0,0,0,0.15)";
  ctx.beginPath();
  ctx.roundRect(w * 0.06, h * 0.33, w * 0.9, h * 0.53, 30);
  ctx.fill();
  ctx.fillStyle = board;
  ctx.beginPath();
  ctx.roundRect(w * 0.05, h * 0.31, w * 0.9, h * 0.53, 30);
  ctx.fill();
  ctx.strokeStyle = "rgba(110,60,20,0.25)";
  ctx.lineWidth = 2;
  for (let i = 0; i < 14; i++) {
    const y = h * 0.33 + i * h * 0.036;
    ctx.beginPath();
    ctx.moveTo(w * 0.08, y);
    ctx.quadraticCurveTo(w * 0.5, y + (i % 3) * 6 - 6, w * 0.92, y);
    ctx.stroke();
  }
}

export function drawKnife(ctx: SKRSContext2D, x: number, tipY: number, w: number): void {
  ctx.save();
  ctx.translate(x, tipY);
  const blade = ctx.createLinearGradient(-w * 0.3, 0, -w * 0.3, 60);
  blade.addColorStop(0, "#f5f7fa");
  blade.addColorStop(1, "#9aa3ad");
  ctx.fillStyle = blade;
  ctx.beginPath();
  ctx.moveTo(-w * 0.35, -40);
  ctx.lineTo(w * 0.12, -40);
  ctx.quadraticCurveTo(w * 0.2, -10, w * 0.14, 12);
  ctx.lineTo(-w * 0.35, 12);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = "#2b2b2b";
  ctx.beginPath();
  ctx.roundRect(-w * 0.62, -44, w * 0.28, 40, 10);
  ctx.fill();
  ctx.fillStyle = "#c0c0c0";
  ctx.beginPath();
  ctx.arc(-w * 0.55, -24, 4, 0, Math.PI * 2);
  ctx.arc(-w * 0.42, -24, 4, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}
