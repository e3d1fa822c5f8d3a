import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Canvas, createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import type { Box } from "../composition/schema.ts";
import { preparePicture } from "../pictures/picture.ts";
import { cutOutProduct, type ProductPicture } from "./cutout.ts";
import { paletteOfTone, type Tone, toneOf } from "./palette.ts";
import {
  chooseSetting,
  renderSetting,
  SETTING_BASE_Y,
  SETTING_LOOKS,
  SETTING_SIZE,
  type SettingId,
  type SettingLook,
} from "./settings.ts";
import { roundRectPath } from "./wrap.ts";

/**
 * The pictures a UGC ad is cut from: the product standing in a drawn setting (cut out of a plain
 * backdrop), or its whole photo framed as a card on a backdrop made from the photo (a busy backdrop).
 * Either way the same parts: a full-frame backdrop, the product on its ground as one picture placed at
 * `box` (plus the product and the ground apart, for the light sweep), and two full-frame close-ups.
 */
export interface UgcStage {
  /** "cutout": the product cut out and standing in `setting`; "photo": the whole photo, framed. */
  kind: "cutout" | "photo";
  setting: SettingId | null;
  /** The full-frame picture behind the product. */
  backdrop: string;
  /** The product on its ground (contact shadow, reflection): a picture of `box`'s size. */
  stage: string;
  /** The product alone, and its ground alone, drawn exactly as in `stage`. */
  product: string;
  ground: string;
  /** Where `stage` goes in the 1080x1920 frame. */
  box: Box;
  /** Where the product itself is in the frame. */
  productBox: Box;
  /** Where its label (its most detailed part) is, as a share of its height from the top. */
  focus: number;
  /** Full-frame close-ups: the label (the product's most detailed part), then another part of it. */
  closeUps: [string, string];
  /** Colour of the light in the scene (the sweep's). */
  light: string;
  /** Bright colour for the call to action. */
  accent: string;
}

const FRAME = SETTING_SIZE;
/** The cut-out product's largest size in the wide shot, and its largest area. */
const PRODUCT_MAX = { width: 600, height: 820, area: 360_000 } as const;
/** The framed photo's largest size in the wide shot. */
const CARD_MAX = { width: 700, height: 760, area: 440_000 } as const;
const CARD_CENTRE_Y = 930;
const CARD_RADIUS = 44;
/** How much of the frame's width a close-up's product fills. */
const CLOSE_UP_WIDTH = 840;

function fitSize(w: number, h: number, max: { width: number; height: number; area: number }) {
  const scale = Math.min(max.width / w, max.height / h, Math.sqrt(max.area / (w * h)));
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}

/** The widest run of opaque pixels along the product's bottom rows (where it touches the surface). */
function baseWidth(picture: Canvas): number {
  const { width, height } = picture;
  const rows = Math.max(1, Math.round(height * 0.04));
  const data = picture.getContext("2d").getImageData(0, height - rows, width, rows).data;
  let left = width;
  let right = -1;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) < 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return right < left ? width * 0.8 : right - left + 1;
}

function toneOfPicture(picture: Canvas): Tone {
  const size = 64;
  const ctx = createCanvas(size, size).getContext("2d");
  ctx.drawImage(picture, 0, 0, size, size);
  return toneOf(ctx.getImageData(0, 0, size, size).data);
}

interface Placement {
  /** The product's rectangle in the canvas drawn on. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A soft shadow where the product meets the surface: a dark core and a wider, fainter spread. */
function drawContactShadow(ctx: SKRSContext2D, at: Placement, base: number, look: SettingLook) {
  const cx = at.x + at.width / 2;
  const cy = at.y + at.height;
  const rx = base / 2;
  for (const [scaleX, scaleY, alpha, blur] of [
    [1.35, 0.22, 0.32, 0.22],
    [1.06, 0.1, 0.75, 0.07],
  ] as const) {
    ctx.save();
    ctx.filter = `blur(${Math.max(1, rx * blur)}px)`;
    ctx.fillStyle = `rgba(12,8,6,${look.shadow * alpha})`;
    ctx.beginPath();
    ctx.ellipse(cx, cy - rx * scaleY * 0.25, rx * scaleX, Math.max(3, rx * scaleY), 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  }
}

/** The product mirrored in a glossy surface, fading out with distance. */
function drawReflection(ctx: SKRSContext2D, picture: Canvas, at: Placement, look: SettingLook) {
  if (look.gloss <= 0) return;
  const depth = Math.round(at.height * 0.3);
  const mirror = createCanvas(Math.ceil(at.width), depth);
  const m = mirror.getContext("2d");
  m.save();
  m.translate(0, at.height);
  m.scale(1, -1);
  m.drawImage(picture, 0, 0, at.width, at.height);
  m.restore();
  m.globalCompositeOperation = "destination-in";
  const fade = m.createLinearGradient(0, 0, 0, depth);
  fade.addColorStop(0, `rgba(0,0,0,${look.gloss})`);
  fade.addColorStop(1, "rgba(0,0,0,0)");
  m.fillStyle = fade;
  m.fillRect(0, 0, mirror.width, depth);
  ctx.save();
  ctx.filter = `blur(${Math.max(1, at.height * 0.004)}px)`;
  ctx.drawImage(mirror, at.x, at.y + at.height);
  ctx.restore();
}

/** The cut-out product, a little darker towards its base (the light of the room falls from above). */
function drawCutout(ctx: SKRSContext2D, picture: Canvas, at: Placement) {
  const layer = createCanvas(Math.ceil(at.width), Math.ceil(at.height));
  const l = layer.getContext("2d");
  l.drawImage(picture, 0, 0, at.width, at.height);
  l.globalCompositeOperation = "source-atop";
  const shade = l.createLinearGradient(0, at.height * 0.7, 0, at.height);
  shade.addColorStop(0, "rgba(0,0,0,0)");
  shade.addColorStop(1, "rgba(0,0,0,0.22)");
  l.fillStyle = shade;
  l.fillRect(0, 0, layer.width, layer.height);
  ctx.drawImage(layer, at.x, at.y);
}

/** The photo as a card: rounded corners. */
function drawCard(ctx: SKRSContext2D, picture: Canvas, at: Placement) {
  ctx.save();
  roundRectPath(ctx, at.x, at.y, at.width, at.height, CARD_RADIUS);
  ctx.clip();
  ctx.drawImage(picture, at.x, at.y, at.width, at.height);
  ctx.restore();
  ctx.save();
  roundRectPath(ctx, at.x + 1, at.y + 1, at.width - 2, at.height - 2, CARD_RADIUS);
  ctx.strokeStyle = "rgba(255,255,255,0.35)";
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.restore();
}

/** The card's drop shadow alone (drawn by a shape outside the canvas, whose shadow falls inside). */
function drawCardShadow(ctx: SKRSContext2D, at: Placement) {
  const away = 10_000;
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.5)";
  ctx.shadowBlur = 44;
  ctx.shadowOffsetX = away;
  ctx.shadowOffsetY = away + 18;
  roundRectPath(ctx, at.x - away, at.y - away, at.width, at.height, CARD_RADIUS);
  ctx.fillStyle = "#000000";
  ctx.fill();
  ctx.restore();
}

interface Parts {
  ground(ctx: SKRSContext2D, at: Placement): void;
  product(ctx: SKRSContext2D, at: Placement): void;
}

function partsOf(picture: ProductPicture, look: SettingLook): Parts {
  if (picture.kind === "cutout") {
    const base = baseWidth(picture.canvas) / picture.width;
    return {
      ground: (ctx, at) => {
        drawReflection(ctx, picture.canvas, at, look);
        drawContactShadow(ctx, at, base * at.width, look);
      },
      product: (ctx, at) => drawCutout(ctx, picture.canvas, at),
    };
  }
  return {
    ground: (ctx, at) => drawCardShadow(ctx, at),
    product: (ctx, at) => drawCard(ctx, picture.canvas, at),
  };
}

/** The backdrop of a framed photo: the photo itself, filling the frame, blurred, dimmed and tinted. */
function photoBackdrop(picture: Canvas, tone: Tone): Canvas {
  const canvas = createCanvas(FRAME.width, FRAME.height);
  const ctx = canvas.getContext("2d");
  // Enlarged and blurred until only its colours and light remain.
  const scale = Math.max(FRAME.width / picture.width, FRAME.height / picture.height) * 1.6;
  const w = picture.width * scale;
  const h = picture.height * scale;
  ctx.filter = "blur(80px)";
  ctx.drawImage(picture, (FRAME.width - w) / 2, (FRAME.height - h) / 2, w, h);
  ctx.filter = "none";
  const [deep] = paletteOfTone(tone).backdrop;
  ctx.globalAlpha = 0.35;
  ctx.fillStyle = deep ?? "#202020";
  ctx.fillRect(0, 0, FRAME.width, FRAME.height);
  ctx.globalAlpha = 1;
  const v = ctx.createRadialGradient(540, 900, 400, 540, 900, 1300);
  v.addColorStop(0, "rgba(0,0,0,0)");
  v.addColorStop(1, "rgba(0,0,0,0.55)");
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, FRAME.width, FRAME.height);
  return canvas;
}

/**
 * A close-up of the cut-out product at `focus` (share of its height): the camera moved in until the
 * product is CLOSE_UP_WIDTH wide with that point at `screenY`, the setting behind it out of focus.
 */
function cutoutCloseUp(
  backdrop: Canvas,
  parts: Parts,
  productBox: Box,
  focus: number,
  screenY: number,
  zoomFactor: number,
): Canvas {
  const canvas = createCanvas(FRAME.width, FRAME.height);
  const ctx = canvas.getContext("2d");
  const zoom = Math.min(3.2, Math.max(1.7, CLOSE_UP_WIDTH / productBox.width)) * zoomFactor;
  const fx = productBox.x + productBox.width / 2;
  const fy = productBox.y + productBox.height * focus;
  const map = (x: number, y: number) => ({ x: (x - fx) * zoom + FRAME.width / 2, y: (y - fy) * zoom + screenY });
  const origin = map(0, 0);
  ctx.filter = `blur(${Math.round(5 * zoom)}px)`;
  ctx.drawImage(backdrop, origin.x, origin.y, FRAME.width * zoom, FRAME.height * zoom);
  ctx.filter = "none";
  const topLeft = map(productBox.x, productBox.y);
  const at = { x: topLeft.x, y: topLeft.y, width: productBox.width * zoom, height: productBox.height * zoom };
  parts.ground(ctx, at);
  parts.product(ctx, at);
  return canvas;
}

/** A close-up of a framed photo: a crop of the photo itself, filling the frame, centred on `focus`. */
function photoCloseUp(picture: Canvas, focusX: number, focusY: number, share: number): Canvas {
  const canvas = createCanvas(FRAME.width, FRAME.height);
  const ctx = canvas.getContext("2d");
  const aspect = FRAME.width / FRAME.height;
  let h = picture.height * share;
  let w = h * aspect;
  if (w > picture.width) {
    w = picture.width;
    h = w / aspect;
  }
  const x = Math.min(picture.width - w, Math.max(0, picture.width * focusX - w / 2));
  const y = Math.min(picture.height - h, Math.max(0, picture.height * focusY - h / 2));
  ctx.drawImage(picture, x, y, w, h, 0, 0, FRAME.width, FRAME.height);
  const v = ctx.createRadialGradient(540, 960, 500, 540, 960, 1250);
  v.addColorStop(0, "rgba(0,0,0,0)");
  v.addColorStop(1, "rgba(0,0,0,0.4)");
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, FRAME.width, FRAME.height);
  return canvas;
}

/** The product's place in the wide shot, and the stage picture's box around it (shadow and reflection room). */
export function stageLayout(
  kind: "cutout" | "photo",
  size: { width: number; height: number },
  look: SettingLook,
): { productBox: Box; box: Box } {
  if (kind === "cutout") {
    const { width, height } = fitSize(size.width, size.height, PRODUCT_MAX);
    const productBox = { x: Math.round((FRAME.width - width) / 2), y: SETTING_BASE_Y - height, width, height };
    const side = Math.round(width * 0.2) + 16;
    const below = Math.max(Math.round(width * 0.12) + 24, look.gloss > 0 ? Math.round(height * 0.3) : 0);
    return {
      productBox,
      box: { x: productBox.x - side, y: productBox.y - 16, width: width + 2 * side, height: height + 16 + below },
    };
  }
  const { width, height } = fitSize(size.width, size.height, CARD_MAX);
  const productBox = {
    x: Math.round((FRAME.width - width) / 2),
    y: Math.round(CARD_CENTRE_Y - height / 2),
    width,
    height,
  };
  return {
    productBox,
    box: { x: productBox.x - 48, y: productBox.y - 40, width: width + 96, height: height + 110 },
  };
}

async function save(canvas: Canvas, path: string, format: "png" | "jpeg"): Promise<string> {
  await writeFile(path, format === "png" ? await canvas.encode("png") : await canvas.encode("jpeg", 92));
  return path;
}

/**
 * Cuts the product out of its photo (or keeps the photo whole when its backdrop is busy) and draws
 * everything the ad's shots are made of into `workDir`. The photo is the user's: its size is checked
 * from its headers and ffmpeg brings it down to PICTURE_MAX_SIDE before this process decodes it.
 */
export async function prepareUgcStage(productImage: string, workDir: string): Promise<UgcStage> {
  const photo = join(workDir, "product-photo.png");
  await preparePicture(productImage, photo);
  const picture = await cutOutProduct(photo);
  const tone = toneOfPicture(picture.canvas);
  const setting = picture.kind === "cutout" ? chooseSetting(tone) : null;
  const look = setting ? SETTING_LOOKS[setting] : { ...SETTING_LOOKS["studio-sweep"], gloss: 0 };
  const backdrop = setting ? renderSetting(setting, tone) : photoBackdrop(picture.canvas, tone);
  const { productBox, box } = stageLayout(picture.kind, picture, look);
  const parts = partsOf(picture, look);
  const at = { x: productBox.x - box.x, y: productBox.y - box.y, width: productBox.width, height: productBox.height };
  const draw = (which: ("ground" | "product")[]) => {
    const canvas = createCanvas(box.width, box.height);
    const ctx = canvas.getContext("2d");
    for (const part of which) parts[part](ctx, at);
    return canvas;
  };
  const focus = picture.kind === "cutout" ? picture.focus : 0.45;
  const other = focus > 0.5 ? Math.max(0.12, focus - 0.45) : Math.min(0.85, focus + 0.4);
  const closeUps =
    picture.kind === "cutout"
      ? [
          cutoutCloseUp(backdrop, parts, productBox, focus, 880, 1),
          cutoutCloseUp(backdrop, parts, productBox, other, 860, 1.12),
        ]
      : // A photo's own detail may be its backdrop's pattern: its crops keep to the middle, where the product is.
        [photoCloseUp(picture.canvas, 0.5, 0.5, 0.72), photoCloseUp(picture.canvas, 0.5, 0.42, 0.5)];
  const file = (name: string) => join(workDir, name);
  const [backdropPath, stage, product, ground, close1, close2] = await Promise.all([
    save(backdrop, file("ugc-backdrop.jpg"), "jpeg"),
    save(draw(["ground", "product"]), file("ugc-stage.png"), "png"),
    save(draw(["product"]), file("ugc-product.png"), "png"),
    save(draw(["ground"]), file("ugc-ground.png"), "png"),
    save(closeUps[0] as Canvas, file("ugc-close-1.jpg"), "jpeg"),
    save(closeUps[1] as Canvas, file("ugc-close-2.jpg"), "jpeg"),
  ]);
  return {
    kind: picture.kind,
    setting,
    backdrop: backdropPath,
    stage,
    product,
    ground,
    box,
    productBox,
    focus,
    closeUps: [close1, close2],
    light: look.light,
    accent: paletteOfTone(tone).accent,
  };
}
