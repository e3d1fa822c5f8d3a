/** The output frame every recipe renders to: vertical 9:16 at 30 fps. */
export const CANVAS = { width: 1080, height: 1920, fps: 30 } as const;

export interface SafeArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

/**
 * Where on-screen text may go: within `widthShare` of the width (centred) and clear of the bottom
 * `bottomShare`, where TikTok, Reels and Shorts draw their own buttons and captions.
 */
export function safeArea(
  frame: { width: number; height: number } = CANVAS,
  { widthShare = 0.9, topShare = 0.08, bottomShare = 0.2 } = {},
): SafeArea {
  if (widthShare <= 0 || widthShare > 1) throw new RangeError("widthShare must be in (0, 1]");
  if (topShare < 0 || bottomShare < 0 || topShare + bottomShare >= 1) {
    throw new RangeError("topShare + bottomShare must leave room for text");
  }
  const margin = Math.round((frame.width * (1 - widthShare)) / 2);
  const top = Math.round(frame.height * topShare);
  const bottom = Math.round(frame.height * (1 - bottomShare));
  return {
    left: margin,
    right: frame.width - margin,
    top,
    bottom,
    width: frame.width - 2 * margin,
    height: bottom - top,
  };
}
