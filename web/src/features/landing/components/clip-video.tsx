import type { ShowcaseClip } from "@reelsmith/core";
import { useEffect, useRef, useState } from "react";

import { cn } from "@/lib/utils";

/**
 * A clip as a lazy poster; the video element is created the first time the clip should play
 * (nothing but the poster is fetched before), then plays muted and looping from the start each
 * time `restartKey` changes, and pauses when `playing` turns false.
 */
export function ClipVideo({
  clip,
  playing,
  restartKey = 0,
  className,
  eager = false,
}: {
  clip: ShowcaseClip;
  playing: boolean;
  restartKey?: number;
  className?: string;
  /** Load the poster right away (above the fold) instead of lazily. */
  eager?: boolean;
}) {
  const [mounted, setMounted] = useState(playing);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (playing) setMounted(true);
  }, [playing]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey restarts the clip from its first frame
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      element.currentTime = 0;
      element.play().catch((error: unknown) => {
        // Autoplay refusals and aborted loads only matter to developers.
        console.debug("showcase playback", error);
      });
    } else {
      element.pause();
    }
  }, [playing, mounted, restartKey]);

  return (
    <div className={cn("relative overflow-hidden bg-muted", className)}>
      <img
        src={clip.poster}
        alt=""
        width={clip.width}
        height={clip.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
      {mounted ? (
        <video
          ref={video}
          src={clip.src}
          poster={clip.poster}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
          className={cn(
            "absolute inset-0 size-full object-cover transition-opacity duration-300",
            playing ? "opacity-100" : "opacity-0",
          )}
        />
      ) : null}
    </div>
  );
}
