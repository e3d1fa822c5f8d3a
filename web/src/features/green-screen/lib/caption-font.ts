// The same file the render draws the caption with (GREEN_SCREEN_CAPTION.fontPackage / fontFile).
import captionFontUrl from "@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf?url";
import {
  GREEN_SCREEN_CAPTION,
  GREEN_SCREEN_FRAME,
  type GreenScreenCaptionLayout,
  greenScreenCaptionLayout,
  type MeasureText,
} from "@reelsmith/core";

/**
 * The caption as the render sets it: core's layout measured in the render's own font file, drawn
 * as the render draws it (a white band from the top edge, black lines at their baselines). A
 * family name of its own, so a Montserrat installed on the computer is never measured instead.
 */
export const CAPTION_FONT_FAMILY = "Reelsmith Caption Montserrat";

/** The canvas font at `px` pixels, with the render's fallbacks for characters the font lacks. */
export function captionFont(px: number): string {
  return `${GREEN_SCREEN_CAPTION.fontWeight} ${px}px "${CAPTION_FONT_FAMILY}", "Noto Color Emoji", "DejaVu Sans", sans-serif`;
}

let loading: Promise<boolean> | null = null;

/** Loads the caption font once per page; false when the browser cannot (no FontFace, or a failed fetch). */
export function loadCaptionFont(): Promise<boolean> {
  if (loading) return loading;
  if (typeof FontFace === "undefined" || typeof document === "undefined" || !document.fonts) {
    return Promise.resolve(false);
  }
  const face = new FontFace(CAPTION_FONT_FAMILY, `url(${captionFontUrl})`, {
    weight: String(GREEN_SCREEN_CAPTION.fontWeight),
  });
  loading = face.load().then(
    (loaded) => {
      document.fonts.add(loaded);
      return true;
    },
    () => {
      loading = null;
      return false;
    },
  );
  return loading;
}

/** Measures with a 2D canvas in the caption font, in frame pixels (the font at `fontSize` px). */
export function canvasMeasure(ctx: CanvasRenderingContext2D): MeasureText {
  let size = 0;
  return (text, fontSize) => {
    if (fontSize !== size) {
      ctx.font = captionFont(fontSize);
      size = fontSize;
    }
    return ctx.measureText(text).width;
  };
}

/** Core's layout of `text`, measured in the caption font (load it first). */
export function layoutCaption(text: string, ctx: CanvasRenderingContext2D): GreenScreenCaptionLayout | null {
  if (!text.trim()) return null;
  return greenScreenCaptionLayout(text, canvasMeasure(ctx));
}

/**
 * Draws the band and its lines on `ctx` at `scale` canvas pixels per frame pixel, from the top left
 * of the frame (as the render composes its band picture at the band's box).
 */
export function drawCaption(ctx: CanvasRenderingContext2D, layout: GreenScreenCaptionLayout, scale: number): void {
  const c = GREEN_SCREEN_CAPTION;
  ctx.save();
  // Set in frame pixels and scaled as a whole, so the lines keep the widths they were measured at.
  ctx.scale(scale, scale);
  ctx.fillStyle = c.bandColor;
  ctx.fillRect(layout.band.x, layout.band.y, layout.band.width, layout.band.height);
  ctx.font = captionFont(layout.fontSize);
  ctx.fillStyle = c.textColor;
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  for (const line of layout.lines) ctx.fillText(line.text, line.x, line.baseline);
  ctx.restore();
}

/** The frame's width in canvas pixels per frame pixel for a canvas `width` pixels wide. */
export function frameScale(width: number): number {
  return width / GREEN_SCREEN_FRAME.width;
}
