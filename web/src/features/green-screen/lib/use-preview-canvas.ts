import { CHROMA_KEY } from "@reelsmith/core";
import { type RefObject, useEffect, useState } from "react";

import { createCanvasRenderer, createWebGlRenderer, type PreviewRenderer, type PreviewScene } from "./preview-renderer";
import { backingSize } from "./use-preview-media";

export type RendererMode = "webgl" | "canvas" | "none";

/** At most 30 frames a second (spec section 4); the 2D fallback, which keys on the CPU, at half that. */
const FRAME_MS = { webgl: 1000 / CHROMA_KEY.maxFps, canvas: 2000 / CHROMA_KEY.maxFps } as const;

/** The canvas follows its box's width; its backing store is in device pixels. Returns the backing size. */
export function useCanvasBacking(canvas: HTMLCanvasElement | null): { width: number; height: number } {
  const [cssWidth, setCssWidth] = useState(0);
  useEffect(() => {
    if (!canvas) return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setCssWidth(entry.contentRect.width);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [canvas]);
  const size = backingSize(cssWidth || 360);
  useEffect(() => {
    if (!canvas) return;
    if (canvas.width !== size.width) canvas.width = size.width;
    if (canvas.height !== size.height) canvas.height = size.height;
  }, [canvas, size.width, size.height]);
  return size;
}

/** WebGL first; a 2D canvas when it is missing or lost; "none" when neither can draw. */
export function usePreviewRenderer(canvas: HTMLCanvasElement | null): {
  mode: RendererMode;
  renderer: PreviewRenderer | null;
} {
  const [mode, setMode] = useState<RendererMode>("webgl");
  const [renderer, setRenderer] = useState<PreviewRenderer | null>(null);
  useEffect(() => {
    if (!canvas || mode === "none") return;
    const made = mode === "webgl" ? createWebGlRenderer(canvas) : createCanvasRenderer(canvas);
    if (!made) {
      setMode(mode === "webgl" ? "canvas" : "none");
      return;
    }
    setRenderer(made);
    const lost = (event: Event) => {
      event.preventDefault();
      setMode("canvas");
    };
    canvas.addEventListener("webglcontextlost", lost);
    return () => {
      canvas.removeEventListener("webglcontextlost", lost);
      made.dispose();
      setRenderer(null);
    };
  }, [canvas, mode]);
  return { mode, renderer };
}

/**
 * The frame loop: requestAnimationFrame, drawing the scene `build` makes for the preview's clock at most FRAME_MS
 * apart, and not while the canvas is off screen. The clock runs while `playing` is true. A source that cannot be
 * drawn (another origin without CORS) stops the loop and calls `onUnreadable`.
 */
export function useFrameLoop(
  renderer: PreviewRenderer | null,
  canvas: HTMLCanvasElement | null,
  build: RefObject<(elapsedS: number) => PreviewScene>,
  playing: RefObject<boolean>,
  onUnreadable: () => void,
): void {
  useEffect(() => {
    if (!renderer || !canvas) return;
    let frame = 0;
    let last = 0;
    let clock = 0;
    let visible = true;
    // One callback may carry several entries for the canvas, oldest first: the last one is current.
    const observer = new IntersectionObserver((entries) => {
      visible = entries.at(-1)?.isIntersecting ?? true;
    });
    observer.observe(canvas);
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      const since = now - last;
      if (!visible || since < FRAME_MS[renderer.kind] - 1) return;
      if (last > 0 && playing.current) clock += Math.min(since, 250) / 1000;
      last = now;
      const scene = build.current(clock);
      try {
        renderer.draw(scene);
        canvas.dataset.keyed = scene.meme && scene.background ? "true" : "false";
      } catch {
        onUnreadable();
        cancelAnimationFrame(frame);
      }
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [renderer, canvas, build, playing, onUnreadable]);
}
