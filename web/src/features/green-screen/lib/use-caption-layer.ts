import type { GreenScreenCaptionLayout } from "@reelsmith/core";
import { useEffect, useMemo, useRef, useState } from "react";

import { drawCaption, frameScale, layoutCaption, loadCaptionFont } from "./caption-font";
import type { PreviewScene } from "./preview-renderer";

export type CaptionFontState = "loading" | "ready" | "failed";

/**
 * The caption band as the preview draws it: set in the render's font (or, if it would not load, the browser's),
 * drawn at the canvas's scale (`canvasWidth` device pixels), re-made only when the text or the width changes.
 */
export function useCaptionLayer(
  caption: string,
  canvasWidth: number,
): { font: CaptionFontState; layer: PreviewScene["caption"] } {
  const [font, setFont] = useState<CaptionFontState>("loading");
  useEffect(() => {
    let live = true;
    void loadCaptionFont().then((ok) => {
      if (live) setFont(ok ? "ready" : "failed");
    });
    return () => {
      live = false;
    };
  }, []);

  const layout = useMemo<GreenScreenCaptionLayout | null>(() => {
    if (font === "loading" || typeof document === "undefined") return null;
    const ctx = document.createElement("canvas").getContext("2d");
    return ctx ? layoutCaption(caption, ctx) : null;
  }, [caption, font]);
  const version = useRef(0);
  const layer = useMemo<PreviewScene["caption"]>(() => {
    if (!layout) return null;
    const scale = frameScale(canvasWidth);
    const band = document.createElement("canvas");
    band.width = canvasWidth;
    band.height = Math.max(1, Math.ceil(layout.band.height * scale));
    const ctx = band.getContext("2d");
    if (!ctx) return null;
    drawCaption(ctx, layout, scale);
    version.current += 1;
    return { source: band, band: layout.band, version: version.current };
  }, [layout, canvasWidth]);
  return { font, layer };
}
