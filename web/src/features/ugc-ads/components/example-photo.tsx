import { useEffect, useRef } from "react";

import { cn } from "@/lib/utils";
import { drawScene, type Scene } from "../lib/photo-examples";

/** One example photo, drawn on a square canvas at the screen's pixel density (nothing is downloaded). */
export function ExamplePhoto({ scene, label, className }: { scene: Scene; label: string; className?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const paint = () => {
      const size = Math.round(element.clientWidth * Math.min(window.devicePixelRatio || 1, 2)) || 480;
      element.width = size;
      element.height = size;
      const context = element.getContext("2d");
      if (context) drawScene(context, scene, size);
    };
    paint();
    // Redrawn sharp when the layout changes its size.
    const observer = new ResizeObserver(() => paint());
    observer.observe(element);
    return () => observer.disconnect();
  }, [scene]);

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      className={cn("block aspect-square w-full rounded-lg bg-muted", className)}
    />
  );
}
