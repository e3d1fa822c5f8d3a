import type { Box } from "../composition/schema.ts";

/**
 * The parts of a vertical frame the platforms draw over: TikTok, Reels and Shorts put their caption,
 * music and profile lines in the bottom 20 % and the like/comment/share buttons in the right 12 %
 * of the lower two thirds. Text, cards and emoji stay clear of both (pixels of the 1080x1920 frame).
 */
export const PLATFORM_ZONES = {
  width: 1080,
  height: 1920,
  /** Nothing that matters below this line (the bottom 20 %). */
  bottomY: 1920 * 0.8,
  /** The button column: right of this x ... */
  buttonColumnX: 1080 * 0.88,
  /** ... and below this y (the lower two thirds). */
  buttonColumnY: 1920 / 3,
  /** Left and right margin every text keeps (5 % of the width). */
  sideMargin: 1080 * 0.05,
  /** Top margin (the platforms' status and tab bar). */
  topY: 1920 * 0.04,
} as const;

/** The widest a centred line may be when any part of it can fall in the lower two thirds. */
export const LOWER_LINE_MAX_WIDTH = 2 * (PLATFORM_ZONES.buttonColumnX - PLATFORM_ZONES.width / 2);

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type SafeAreaZone = "bottom" | "button-column" | "side" | "top";

/** The platform zones a rectangle reaches into (empty when it is clear of them all). */
export function safeAreaZones(r: Rect): SafeAreaZone[] {
  const z = PLATFORM_ZONES;
  const zones: SafeAreaZone[] = [];
  const eps = 1e-6;
  if (r.bottom > z.bottomY + eps) zones.push("bottom");
  if (r.right > z.buttonColumnX + eps && r.bottom > z.buttonColumnY + eps) zones.push("button-column");
  if (r.left < z.sideMargin - eps || r.right > z.width - z.sideMargin + eps) zones.push("side");
  if (r.top < z.topY - eps) zones.push("top");
  return zones;
}

/** The widest a line centred on the frame may be when its bottom edge is at `bottom`. */
export function centredLineMaxWidth(bottom: number): number {
  const z = PLATFORM_ZONES;
  return bottom > z.buttonColumnY ? LOWER_LINE_MAX_WIDTH : z.width - 2 * z.sideMargin;
}

/** A layer as a recipe writes it or as it is parsed: what the check reads of it. */
export interface PlacedLayer {
  kind: string;
  box?: Box;
  motion?: { mode?: "camera" | "object"; keyframes: readonly { scale?: number; x?: number; y?: number }[] };
}

function keyframeRect(box: Box, k: { scale: number; x: number; y: number }): Rect {
  const cx = box.x + box.width / 2 + k.x;
  const cy = box.y + box.height / 2 + k.y;
  const hw = (box.width * k.scale) / 2;
  const hh = (box.height * k.scale) / 2;
  return { left: cx - hw, top: cy - hh, right: cx + hw, bottom: cy + hh };
}

export interface LayerViolation<L extends PlacedLayer = PlacedLayer> {
  index: number;
  layer: L;
  /** The layer's box at the moment it reaches furthest into a zone (object motion included). */
  rect: Rect;
  zones: SafeAreaZone[];
}

const CHECKED: ReadonlySet<string> = new Set(["text", "reddit-card"]);

/**
 * The layers whose box reaches into a platform zone at any keyframe of their object motion (between
 * keyframes a box moves and scales monotonically, so its keyframes bound it). By default the text
 * layers and Reddit cards; `kinds` adds others (a product card is an image layer).
 */
export function layerSafeAreaViolations<L extends PlacedLayer>(
  layers: readonly L[],
  kinds: ReadonlySet<string> = CHECKED,
): LayerViolation<L>[] {
  const out: LayerViolation<L>[] = [];
  layers.forEach((layer, index) => {
    if (!kinds.has(layer.kind) || !layer.box) return;
    const motion = layer.motion?.mode === "object" ? layer.motion : undefined;
    const frames = motion?.keyframes.map((k) => ({ scale: k.scale ?? 1, x: k.x ?? 0, y: k.y ?? 0 })) ?? [
      { scale: 1, x: 0, y: 0 },
    ];
    for (const k of frames) {
      const rect = keyframeRect(layer.box as Box, k);
      const zones = safeAreaZones(rect);
      if (zones.length > 0) {
        out.push({ index, layer, rect, zones });
        return;
      }
    }
  });
  return out;
}
