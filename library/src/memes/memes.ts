/**
 * Green-screen meme clips: moving subjects (vector emoji, drawn figures, outlined text) on pure chroma
 * green #00FF00 with nothing translucent over the green, so a keyer removes it cleanly. 720x720, 30 fps,
 * periodic motion, each with a short synthesised sound effect.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { MEMES } from "../catalogue.ts";
import {
  clamp,
  drawCentered,
  easeOutBack,
  easeOutCubic,
  emoji,
  FONT_CARTOON,
  mod,
  outlinedText,
  TAU,
} from "../kit/draw.ts";
import { createRng, type Rng } from "../kit/prng.ts";
import {
  type BuildModeName,
  type FrameInfo,
  QUICK_SECONDS,
  type VideoGenerator,
  type VideoSpec,
} from "../kit/video.ts";
import { type SfxName, sfx } from "./sfx.ts";

export const CHROMA_GREEN = "#00ff00";
const SIZE = 720;

type Draw = (ctx: SKRSContext2D, f: FrameInfo, rng: Rng) => void;
interface MemeDef {
  seconds: number;
  draw: Draw;
  sound: SfxName;
}

const bounce = (f: FrameInfo, beats: number) => Math.abs(Math.sin(Math.PI * f.phase * beats));

/** Entrance/exit scale within one loop: pops in, holds, pops out, so the loop starts and ends empty-ish. */
function popScale(phase: number, inEnd = 0.12, outStart = 0.88): number {
  if (phase < inEnd) return easeOutBack(phase / inEnd);
  if (phase > outStart) return 1 - easeOutCubic((phase - outStart) / (1 - outStart));
  return 1;
}

function vibe(name: string, beats: number, extra?: string): Draw {
  return (ctx, f) => {
    const b = bounce(f, beats);
    const tilt = Math.sin(TAU * f.phase * (beats / 2)) * 0.22;
    drawCentered(ctx, emoji(name, 420), SIZE / 2, 420 - b * 60, 420, tilt, 1, 1 + (1 - b) * 0.06, 1 - (1 - b) * 0.06);
    const note = emoji(extra ?? "musical-note", 110);
    for (let i = 0; i < 3; i++) {
      const p = mod(f.phase * 2 + i / 3, 1);
      const x = 130 + i * 230 + Math.sin(TAU * (p + i * 0.3)) * 30;
      drawCentered(ctx, note, x, 640 - p * 560, 110 * Math.sin(Math.PI * p), Math.sin(TAU * p) * 0.4);
    }
  };
}

function stamp(name: string, text?: string, fill = "#ffffff"): Draw {
  return (ctx, f) => {
    const s = popScale(f.phase, 0.1, 0.9);
    const wobble = Math.sin(TAU * f.phase * 6) * 0.06;
    drawCentered(ctx, emoji(name, 440), SIZE / 2, text ? 310 : 360, 440 * s, wobble);
    if (text) outlinedText(ctx, text, SIZE / 2, 610, 120, { scale: s, fill, font: FONT_CARTOON, rotation: -wobble });
  };
}

function dramaticZoom(name: string): Draw {
  return (ctx, f, rng) => {
    // Three punch-ins per loop, each with a shake, then back out.
    const step = Math.floor(f.phase * 4);
    const local = mod(f.phase * 4, 1);
    const levels = [0.55, 0.8, 1.1, 1.45];
    const from = levels[(step + 3) % 4] as number;
    const to = levels[step] as number;
    const k = step === 0 ? easeOutCubic(local) : easeOutBack(Math.min(1, local * 3));
    const scale = from + (to - from) * k;
    const shake = step === 3 ? 10 * (1 - local) : 0;
    drawCentered(
      ctx,
      emoji(name, 560),
      SIZE / 2 + (rng() - 0.5) * shake,
      SIZE / 2 + (rng() - 0.5) * shake,
      480 * scale,
    );
  };
}

function rain(names: string[], count: number, size: number, center?: string): Draw {
  return (ctx, f) => {
    const r = createRng(`rain:${names.join()}`);
    const items = Array.from({ length: count }, () => ({
      x: r() * SIZE,
      offset: r(),
      speed: 1 + Math.floor(r() * 2),
      spin: (r() - 0.5) * 4,
      name: names[Math.floor(r() * names.length)] as string,
      s: size * (0.7 + r() * 0.5),
    }));
    for (const it of items) {
      const p = mod(f.phase * it.speed + it.offset, 1);
      const y = -100 + p * (SIZE + 200);
      drawCentered(
        ctx,
        emoji(it.name, 128),
        it.x + Math.sin(TAU * (p * 2 + it.offset)) * 40,
        y,
        it.s,
        TAU * it.spin * p,
      );
    }
    if (center) drawCentered(ctx, emoji(center, 360), SIZE / 2, SIZE / 2, 300 + bounce(f, 4) * 40);
  };
}

function burst(center: string, particle: string, text?: string): Draw {
  return (ctx, f) => {
    const bursts = 2;
    const local = mod(f.phase * bursts, 1);
    const r = createRng(`burst:${center}`);
    for (let i = 0; i < 14; i++) {
      const angle = (i / 14) * TAU + r() * 0.3;
      const dist = easeOutCubic(local) * (240 + r() * 120);
      const s = 90 * (1 - local) * (0.6 + r() * 0.6);
      if (s > 4)
        drawCentered(
          ctx,
          emoji(particle, 128),
          SIZE / 2 + Math.cos(angle) * dist,
          SIZE / 2 + Math.sin(angle) * dist,
          s,
          angle,
        );
    }
    const pop = local < 0.25 ? easeOutBack(local / 0.25) : 1 - 0.12 * ((local - 0.25) / 0.75);
    drawCentered(ctx, emoji(center, 440), SIZE / 2, text ? 320 : SIZE / 2, 400 * pop);
    if (text) outlinedText(ctx, text, SIZE / 2, 610, 110, { scale: pop, font: FONT_CARTOON, fill: "#ffde00" });
  };
}

function textPop(text: string, fill: string, companion: string, motion: "pop" | "shake" | "bounce"): Draw {
  return (ctx, f, rng) => {
    const s = popScale(f.phase, 0.1, 0.92);
    let x = SIZE / 2;
    let y = 300;
    let rot = -0.08;
    if (motion === "shake") {
      x += (rng() - 0.5) * 24;
      y += (rng() - 0.5) * 24;
      rot = (rng() - 0.5) * 0.12;
    } else if (motion === "bounce") {
      y -= bounce(f, 6) * 70;
      rot = Math.sin(TAU * f.phase * 3) * 0.1;
    } else {
      rot += Math.sin(TAU * f.phase * 4) * 0.05;
    }
    outlinedText(ctx, text, x, y, 230, {
      fill,
      font: FONT_CARTOON,
      scale: s * (1 + bounce(f, 4) * 0.06),
      rotation: rot,
      lineWidth: 30,
    });
    drawCentered(ctx, emoji(companion, 260), SIZE / 2, 560, 220 * s, Math.sin(TAU * f.phase * 2) * 0.25);
  };
}

function floater(name: string, text?: string): Draw {
  return (ctx, f) => {
    const x = SIZE / 2 + Math.sin(TAU * f.phase) * 150;
    const y = SIZE / 2 - 40 + Math.sin(TAU * f.phase * 2) * 60;
    drawCentered(
      ctx,
      emoji(name, 420),
      x,
      y,
      400,
      Math.sin(TAU * f.phase * 2) * 0.25,
      1,
      Math.cos(TAU * f.phase) >= 0 ? 1 : -1,
      1,
    );
    if (text) outlinedText(ctx, text, SIZE / 2, 640, 90, { font: FONT_CARTOON });
  };
}

function rocket(): Draw {
  return (ctx, f) => {
    const p = f.phase;
    const y = SIZE + 200 - easeInQuad(p) * (SIZE + 500);
    for (let i = 0; i < 10; i++) {
      const age = i / 10;
      const py = y + 160 + i * 45;
      const s = 120 * (0.5 + age);
      if (py < SIZE + 80)
        drawCentered(ctx, emoji(i % 3 === 0 ? "fire" : "cloud", 128), SIZE / 2 + Math.sin(i * 1.7) * 30 * age, py, s);
    }
    drawCentered(ctx, emoji("rocket", 360), SIZE / 2, y, 330, -Math.PI / 4);
  };
}
const easeInQuad = (t: number) => t * t;

function chart(up: boolean): Draw {
  return (ctx, f) => {
    const points = 9;
    const r = createRng(up ? "stonks" : "not-stonks");
    const values = Array.from({ length: points }, (_, i) => {
      const trend = up ? i / (points - 1) : 1 - i / (points - 1);
      return clamp(trend * 0.8 + 0.1 + (r() - 0.5) * 0.25, 0.05, 0.95);
    });
    const shown = clamp(f.phase / 0.75) * (points - 1);
    const px = (i: number) => 90 + (i / (points - 1)) * 540;
    const py = (v: number) => 600 - v * 420;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    for (const [width, color] of [
      [34, "#000000"],
      [20, up ? "#ffffff" : "#ff2d2d"],
    ] as const) {
      ctx.beginPath();
      ctx.lineWidth = width;
      ctx.strokeStyle = color;
      for (let i = 0; i <= Math.floor(shown); i++)
        (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, px(i), py(values[i] as number));
      const frac = shown - Math.floor(shown);
      const i0 = Math.floor(shown);
      if (i0 < points - 1) {
        ctx.lineTo(
          px(i0) + (px(i0 + 1) - px(i0)) * frac,
          py((values[i0] as number) + ((values[i0 + 1] as number) - (values[i0] as number)) * frac),
        );
      }
      ctx.stroke();
    }
    const end = Math.min(points - 1, shown);
    const endY = py(values[Math.floor(end)] as number);
    drawCentered(ctx, emoji(up ? "chart-increasing" : "chart-decreasing", 200), px(end), endY - 90, 150);
    outlinedText(ctx, up ? "STONKS" : "NOT STONKS", SIZE / 2, 90, 96, {
      font: FONT_CARTOON,
      fill: up ? "#ffde00" : "#ff4040",
      scale: popScale(f.phase, 0.08, 0.95),
    });
  };
}

function stickman(): Draw {
  return (ctx, f) => {
    const beat = f.phase * 8;
    const b = bounce(f, 8);
    const side = Math.floor(beat) % 2 === 0 ? 1 : -1;
    const cx = SIZE / 2;
    const hip = { x: cx, y: 470 - b * 40 };
    const neck = { x: cx + side * 10, y: hip.y - 170 };
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    const limb = (ax: number, ay: number, bx: number, by: number, cxp: number, cyp: number) => {
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
      ctx.lineTo(cxp, cyp);
      ctx.stroke();
    };
    for (const [w, c] of [
      [30, "#000000"],
      [16, "#ffffff"],
    ] as const) {
      ctx.lineWidth = w;
      ctx.strokeStyle = c;
      const swing = Math.sin(TAU * f.phase * 4);
      limb(neck.x, neck.y + 20, neck.x + 90, neck.y - 40 * swing, neck.x + 120 + 40 * swing, neck.y - 140);
      limb(neck.x, neck.y + 20, neck.x - 90, neck.y + 40 * swing, neck.x - 120 - 40 * swing, neck.y - 120 + 80 * swing);
      limb(hip.x, hip.y, hip.x + 60, hip.y + 90 - b * 30, hip.x + 70 + side * 30, hip.y + 190);
      limb(hip.x, hip.y, hip.x - 60, hip.y + 90 - b * 30, hip.x - 70 + side * 30, hip.y + 190);
      ctx.beginPath();
      ctx.moveTo(hip.x, hip.y);
      ctx.lineTo(neck.x, neck.y);
      ctx.stroke();
    }
    drawCentered(ctx, emoji("smiling-face-with-sunglasses", 200), neck.x, neck.y - 60, 150, side * 0.15);
  };
}

function sadRain(): Draw {
  return (ctx, f) => {
    drawCentered(ctx, emoji("loudly-crying-face", 360), SIZE / 2, 500, 300 + bounce(f, 6) * 16);
    const r = createRng("drops");
    for (let i = 0; i < 16; i++) {
      const x = 200 + r() * 320;
      const p = mod(f.phase * 3 + r(), 1);
      drawCentered(ctx, emoji("droplet", 64), x, 230 + p * 200, 40);
    }
    drawCentered(ctx, emoji("cloud-with-rain", 420), SIZE / 2 + Math.sin(TAU * f.phase) * 20, 180, 340);
  };
}

function likeSubscribe(): Draw {
  return (ctx, f) => {
    const p = f.phase;
    const press = p > 0.3 && p < 0.4 ? 0.9 : 1;
    const liked = p > 0.35;
    ctx.fillStyle = "#000000";
    roundRect(ctx, 70, 230, 580, 150, 75);
    ctx.fillStyle = liked ? "#ff1f1f" : "#ffffff";
    roundRect(ctx, 80, 240, 560, 130, 65);
    outlinedText(ctx, liked ? "SUBSCRIBED" : "SUBSCRIBE", SIZE / 2, 307, 80, {
      font: FONT_CARTOON,
      fill: liked ? "#ffffff" : "#ff1f1f",
      stroke: liked ? "#000000" : "#ffffff",
      lineWidth: 4,
      scale: press,
    });
    drawCentered(ctx, emoji("thumbs-up", 220), 220, 540, 180 * (liked ? 1 + 0.15 * bounce(f, 6) : 0.9), -0.2);
    drawCentered(ctx, emoji("bell", 220), 500, 540, 170, liked ? Math.sin(TAU * p * 10) * 0.35 : 0);
    const hand = emoji("backhand-index-pointing-up", 200);
    const hx = 560 - clamp(p / 0.3) * 160 + clamp((p - 0.45) / 0.3) * 200;
    const hy = 470 - clamp(p / 0.3) * 120 + clamp((p - 0.45) / 0.3) * 200;
    drawCentered(ctx, hand, hx, hy, 150 * press);
  };
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

function lightning(): Draw {
  return (ctx, f) => {
    const strikes = 3;
    const local = mod(f.phase * strikes, 1);
    const r = createRng(`bolt:${Math.floor(f.phase * strikes)}`);
    if (local < 0.45) {
      ctx.lineJoin = "miter";
      for (const [w, c] of [
        [26, "#000000"],
        [12, "#fff35c"],
      ] as const) {
        ctx.beginPath();
        let x = 200 + r() * 320;
        let y = 0;
        ctx.moveTo(x, y);
        const rr = createRng(`boltpath:${Math.floor(f.phase * strikes)}`);
        while (y < 560) {
          x += (rr() - 0.5) * 160;
          y += 50 + rr() * 50;
          ctx.lineTo(x, y);
        }
        ctx.lineWidth = w;
        ctx.strokeStyle = c;
        ctx.stroke();
      }
    }
    drawCentered(ctx, emoji("high-voltage", 300), SIZE / 2, 580, 220 * (local < 0.2 ? easeOutBack(local / 0.2) : 1));
  };
}

function heartEyes(): Draw {
  return (ctx, f) => {
    drawCentered(ctx, emoji("smiling-face-with-heart-eyes", 420), SIZE / 2, SIZE / 2 + 30, 380 + bounce(f, 4) * 40);
    for (let i = 0; i < 6; i++) {
      const p = mod(f.phase * 2 + i / 6, 1);
      const x = SIZE / 2 + Math.cos((i / 6) * TAU) * (200 + p * 80);
      const y = 330 - p * 300;
      drawCentered(ctx, emoji("red-heart", 128), x, y, 100 * Math.sin(Math.PI * p));
    }
  };
}

function clown(): Draw {
  return (ctx, f) => {
    // A face turns around and becomes a clown, then turns back.
    const spin = Math.cos(TAU * f.phase);
    const name = spin > 0 ? "smiling-face-with-sunglasses" : "clown-face";
    drawCentered(ctx, emoji(name, 440), SIZE / 2, 340, 420, 0, 1, Math.max(0.02, Math.abs(spin)), 1);
    if (spin <= 0)
      outlinedText(ctx, "CLOWN MOMENT", SIZE / 2, 630, 84, {
        font: FONT_CARTOON,
        fill: "#ff4fa3",
        scale: Math.abs(spin),
      });
  };
}

function susEyes(): Draw {
  return (ctx, f) => {
    const look = Math.sin(TAU * f.phase * 2);
    drawCentered(ctx, emoji("face-with-raised-eyebrow", 440), SIZE / 2 + look * 40, 330, 400, look * 0.1);
    drawCentered(ctx, emoji("eyes", 240), SIZE / 2 + look * 120, 610, 200);
  };
}

function trophy(): Draw {
  return (ctx, f) => {
    const r = createRng("confetti");
    for (let i = 0; i < 24; i++) {
      const p = mod(f.phase + r(), 1);
      const x = r() * SIZE;
      const colors = ["#ff3b3b", "#ffd400", "#3b8bff", "#ff6fd8", "#ffffff"];
      ctx.save();
      ctx.translate(x + Math.sin(TAU * (p * 2 + i)) * 30, -30 + p * (SIZE + 60));
      ctx.rotate(TAU * p * 3 + i);
      ctx.fillStyle = colors[i % colors.length] as string;
      ctx.fillRect(-14, -8, 28, 16);
      ctx.restore();
    }
    drawCentered(
      ctx,
      emoji("trophy", 440),
      SIZE / 2,
      330,
      380 * (0.95 + bounce(f, 4) * 0.08),
      Math.sin(TAU * f.phase * 2) * 0.1,
    );
    outlinedText(ctx, "WINNER", SIZE / 2, 630, 110, { font: FONT_CARTOON, fill: "#ffd400" });
  };
}

const MEME_DEFS: Record<string, MemeDef> = {
  "dancing-cat": { seconds: 3, draw: vibe("grinning-cat", 8), sound: "beat" },
  "skull-laughing": { seconds: 3, draw: burst("skull", "face-with-tears-of-joy"), sound: "laugh" },
  "crying-laughing": { seconds: 3, draw: vibe("face-with-tears-of-joy", 8, "sweat-droplets"), sound: "laugh" },
  bruh: { seconds: 3, draw: textPop("BRUH", "#ffffff", "neutral-face", "pop"), sound: "bruh" },
  "thumbs-up": { seconds: 3, draw: stamp("thumbs-up", "NICE!"), sound: "ding" },
  explosion: { seconds: 3, draw: burst("collision", "fire"), sound: "boom" },
  "money-rain": {
    seconds: 4,
    draw: rain(["money-bag", "coin", "gem-stone"], 26, 110, "star-struck"),
    sound: "cash",
  },
  "dramatic-zoom": { seconds: 3, draw: dramaticZoom("astonished-face"), sound: "dun" },
  "mind-blown": { seconds: 3, draw: burst("exploding-head", "dizzy", "MIND BLOWN"), sound: "boom" },
  fire: { seconds: 3, draw: burst("fire", "fire", "THIS IS FIRE"), sound: "whoosh" },
  hundred: { seconds: 3, draw: stamp("hundred-points"), sound: "ding" },
  "heart-eyes": { seconds: 3, draw: heartEyes(), sound: "sparkle" },
  clown: { seconds: 3, draw: clown(), sound: "honk" },
  "sus-eyes": { seconds: 3, draw: susEyes(), sound: "dun" },
  facepalm: { seconds: 3, draw: stamp("man-facepalming", "WHY"), sound: "bruh" },
  shocked: { seconds: 3, draw: dramaticZoom("face-screaming-in-fear"), sound: "dun" },
  "party-popper": { seconds: 3, draw: burst("party-popper", "confetti-ball", "LET'S GO"), sound: "pop" },
  "rocket-launch": { seconds: 3, draw: rocket(), sound: "whoosh" },
  stonks: { seconds: 3, draw: chart(true), sound: "cash" },
  "not-stonks": { seconds: 3, draw: chart(false), sound: "fail" },
  "wow-text": { seconds: 3, draw: textPop("WOW", "#ffd400", "star-struck", "pop"), sound: "sparkle" },
  "omg-text": { seconds: 3, draw: textPop("OMG", "#ff4040", "face-screaming-in-fear", "shake"), sound: "dun" },
  "lol-text": {
    seconds: 3,
    draw: textPop("LOL", "#4fc3ff", "rolling-on-the-floor-laughing", "bounce"),
    sound: "laugh",
  },
  sparkles: { seconds: 3, draw: burst("sparkles", "glowing-star"), sound: "sparkle" },
  lightning: { seconds: 3, draw: lightning(), sound: "boom" },
  "dancing-stickman": { seconds: 3, draw: stickman(), sound: "beat" },
  ghost: { seconds: 3, draw: floater("ghost", "BOO!"), sound: "whoosh" },
  alien: { seconds: 3, draw: floater("alien", "WE COME IN PEACE"), sound: "sparkle" },
  "dog-zoom": { seconds: 3, draw: dramaticZoom("dog-face"), sound: "dun" },
  "penguin-vibe": { seconds: 3, draw: vibe("penguin", 8), sound: "beat" },
  trophy: { seconds: 3, draw: trophy(), sound: "ding" },
  "like-subscribe": { seconds: 3, draw: likeSubscribe(), sound: "pop" },
  "sad-rain": { seconds: 3, draw: sadRain(), sound: "fail" },
};

export const MEME_KEYS = Object.keys(MEME_DEFS);

export function memeSpec(key: string, mode: BuildModeName): VideoSpec {
  const def = MEME_DEFS[key];
  if (!def) throw new Error(`unknown meme ${key}`);
  return {
    width: SIZE,
    height: SIZE,
    drawWidth: SIZE,
    drawHeight: SIZE,
    fps: 30,
    durationS: mode === "quick" ? QUICK_SECONDS : def.seconds,
    scaleFlags: "bicubic",
    crf: 20,
    preset: "veryfast",
    thumbnailAt: 0.4,
  };
}

export function memeGenerator(key: string): VideoGenerator {
  const def = MEME_DEFS[key];
  if (!def || !MEMES.some((m) => m.key === key)) throw new Error(`unknown meme ${key}`);
  return {
    source: "library/src/memes/memes.ts",
    spec: (mode) => memeSpec(key, mode),
    createScene: () => ({
      draw(ctx, f) {
        ctx.fillStyle = CHROMA_GREEN;
        ctx.fillRect(0, 0, f.w, f.h);
        def.draw(ctx, f, createRng(`${key}:${f.frame % f.frames}`));
      },
    }),
    audio: ({ spec }) => sfx(def.sound, Math.round(spec.durationS * spec.fps) / spec.fps, createRng(`sfx:${key}`)),
    meta: { sound: def.sound },
  };
}
