import { GREEN_SCREEN_FRAME } from "@reelsmith/core";
import { useEffect, useRef, useState } from "react";

import type { Drawable } from "./preview-renderer";

export interface Media {
  element: Drawable;
  width: number;
  height: number;
  /** A video's length in seconds (0 when the browser does not know it); 0 for a picture. */
  durationS: number;
}

/**
 * A muted, looping video or a picture, loaded for drawing (same-origin or CORS, so the canvas may read
 * it). `failed` when it cannot be loaded. It loads again only when `source.id` changes: a file's signed
 * URL changes with every listing, its picture does not.
 */
export function useMedia(source: { id: string; url: string } | null, kind: "video" | "image", playing: boolean) {
  const [media, setMedia] = useState<Media | null>(null);
  const [failed, setFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const urlRef = useRef(source?.url ?? null);
  urlRef.current = source?.url ?? null;
  const id = source?.id ?? null;

  useEffect(() => {
    setMedia(null);
    setFailed(false);
    videoRef.current = null;
    const url = urlRef.current;
    if (!id || !url) return;
    if (kind === "image") {
      const image = new Image();
      image.crossOrigin = "anonymous";
      image.decoding = "async";
      image.onload = () =>
        setMedia({ element: image, width: image.naturalWidth, height: image.naturalHeight, durationS: 0 });
      image.onerror = () => setFailed(true);
      image.src = url;
      return () => {
        image.onload = null;
        image.onerror = null;
      };
    }
    const video = document.createElement("video");
    video.crossOrigin = "anonymous";
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.preload = "auto";
    const loaded = () =>
      setMedia({
        element: video,
        width: video.videoWidth,
        height: video.videoHeight,
        durationS: Number.isFinite(video.duration) ? video.duration : 0,
      });
    const failed = () => setFailed(true);
    video.addEventListener("loadeddata", loaded);
    video.addEventListener("error", failed);
    video.src = url;
    videoRef.current = video;
    return () => {
      video.removeEventListener("loadeddata", loaded);
      video.removeEventListener("error", failed);
      video.pause();
      video.removeAttribute("src");
      video.load();
    };
  }, [id, kind]);

  // Plays while the preview plays (muted, so the browser allows it without a click).
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !media) return;
    if (playing) {
      video.play().catch(() => {
        // A clip the browser will not play shows its first frame.
      });
    } else {
      video.pause();
    }
  }, [media, playing]);

  return { media, failed };
}

/** The backing store's size for a canvas `cssWidth` CSS pixels wide: device pixels, at most the frame's. */
export function backingSize(cssWidth: number): { width: number; height: number } {
  const dpr = typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
  const width = Math.max(90, Math.min(GREEN_SCREEN_FRAME.width, Math.round(cssWidth * dpr)));
  return { width, height: Math.round((width * GREEN_SCREEN_FRAME.height) / GREEN_SCREEN_FRAME.width) };
}
