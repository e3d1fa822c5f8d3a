import {
  GREEN_SCREEN_PICTURE_PUSH,
  greenScreenDurationS,
  type MemeTransform,
  memeBox,
  type ScreenKey,
  type UserFile,
} from "@reelsmith/core";
import { Clapperboard, ImageOff } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";

import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";
import { isVideoBackground } from "../lib/background-file";
import type { PreviewScene } from "../lib/preview-renderer";
import { useScreenKey } from "../lib/screen-key";
import { useCaptionLayer } from "../lib/use-caption-layer";
import { useMemeGestures } from "../lib/use-meme-gestures";
import { useCanvasBacking, useFrameLoop, usePreviewRenderer } from "../lib/use-preview-canvas";
import { useMedia } from "../lib/use-preview-media";
import { PreviewControls } from "./preview-controls";

/** The meme the preview keys: a library clip, or the creator's own. */
export interface PreviewMeme {
  id: string;
  url: string;
  /** Its length in seconds; absent: read from the clip once it loads (a creator's own clip). */
  durationS?: number | undefined;
  /**
   * The key that lifts its screen (a library meme's is core's LIBRARY_SCREEN_KEY); absent: found on the
   * clip itself, as the render finds it (a creator's own clip, filmed on their green or blue screen).
   */
  key?: ScreenKey | undefined;
}

/**
 * The live preview: what the render will make of the draft, drawn at up to 30 fps on a 9:16 canvas.
 * The meme can be moved (drag, arrow keys) and resized (slider, wheel, + and -); the placement is
 * `meme_transform`, which the render honours.
 */
export function LivePreview({
  caption,
  meme,
  background,
  cropX = 0.5,
  transform,
  onTransformChange,
  className,
}: {
  caption: string;
  meme: PreviewMeme | null;
  background: UserFile | null;
  /** Where a video background's 9:16 window is centred (a share of its width), as the render cuts it. */
  cropX?: number;
  transform: MemeTransform | undefined;
  onTransformChange: (transform: MemeTransform | undefined) => void;
  className?: string;
}) {
  const reducedMotion = useReducedMotion();
  const [playing, setPlaying] = useState(!reducedMotion);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const hintId = useId();
  const placementId = useId();

  const memeMedia = useMedia(meme ? { id: meme.id, url: meme.url } : null, "video", playing);
  // A creator's clip is shown as filmed until its screen is found (or when none is).
  const search = useScreenKey(meme && !meme.key ? meme : null);
  const memeKey = meme?.key ?? (search.status === "found" ? search.key : null);
  const backgroundKind = background && isVideoBackground(background) ? "video" : "image";
  const backgroundMedia = useMedia(
    background ? { id: background.id, url: background.url } : null,
    backgroundKind,
    playing,
  );

  const size = useCanvasBacking(canvas);
  const { mode, renderer } = usePreviewRenderer(canvas);
  const { font, layer: captionLayer } = useCaptionLayer(caption, size.width);
  const gestures = useMemeGestures({
    canvas,
    transform,
    onTransformChange,
    memeBoxFor: (placement) =>
      meme && memeMedia.media ? memeBox(placement, memeMedia.media.width, memeMedia.media.height) : null,
  });

  // A picture is pushed in over the whole video, as the render does; the preview repeats the push.
  const pushPeriodS = greenScreenDurationS(caption, meme?.durationS ?? memeMedia.media?.durationS ?? 0);
  const build = useRef<(elapsedS: number) => PreviewScene>(() => emptyScene);
  build.current = (elapsedS) => ({
    background: backgroundMedia.media
      ? {
          source: backgroundMedia.media.element,
          width: backgroundMedia.media.width,
          height: backgroundMedia.media.height,
          push:
            backgroundKind === "image"
              ? 1 + (GREEN_SCREEN_PICTURE_PUSH - 1) * ((elapsedS % pushPeriodS) / pushPeriodS)
              : 1,
          cropX: backgroundKind === "video" ? cropX : 0.5,
        }
      : null,
    meme:
      memeMedia.media && gestures.box
        ? {
            source: memeMedia.media.element as HTMLVideoElement,
            width: memeMedia.media.width,
            height: memeMedia.media.height,
            box: gestures.box,
            key: memeKey,
          }
        : null,
    caption: captionLayer,
  });
  const playingRef = useRef(playing);
  playingRef.current = playing;
  // A source from another origin without CORS cannot be drawn on a canvas that is read back.
  const markUnreadable = useCallback(() => setUnreadable(true), []);
  useFrameLoop(renderer, canvas, build, playingRef, markUnreadable);

  const missing = [!meme ? "pick a meme" : null, !background ? "add a background" : null].filter(Boolean);
  const loadingMedia =
    (meme && !memeMedia.media && !memeMedia.failed) ||
    (background && !backgroundMedia.media && !backgroundMedia.failed);
  const notice =
    mode === "none"
      ? "The live preview is not available in this browser. Your video is still made exactly as set here."
      : unreadable || backgroundMedia.failed
        ? "This background cannot be shown in the preview. It is still used in your video."
        : memeMedia.failed
          ? "This meme cannot be shown in the preview. It is still used in your video."
          : null;
  const status = notice ?? (search.status === "finding" && memeMedia.media ? "Finding the green screen..." : null);

  return (
    <figure
      className={cn(
        // 9:16 at 240-360 CSS px wide; beside the form it also fits the window's height, under the app's
        // header and above the builder's footer.
        "mx-auto flex w-60 flex-col gap-3 sm:w-72 lg:w-[max(12.5rem,min(18rem,calc((100dvh-19rem)*9/16)))] xl:w-[max(12.5rem,min(22.5rem,calc((100dvh-19rem)*9/16)))]",
        className,
      )}
      aria-label="Live preview"
    >
      <div className="relative w-full">
        {mode === "none" ? (
          <div className="grid aspect-[9/16] w-full place-items-center rounded-xl border bg-muted/40 p-6 text-center text-sm text-muted-foreground">
            <span className="flex flex-col items-center gap-3">
              <ImageOff className="size-8" aria-hidden="true" />
              {notice}
            </span>
          </div>
        ) : (
          // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: the preview is a widget of its own (the meme moves with a pointer or the keys), which a screen reader passes the arrow keys to
          <canvas
            key={mode}
            ref={setCanvas}
            tabIndex={gestures.hasMeme ? 0 : -1}
            role="application"
            aria-roledescription="video preview"
            aria-label="Preview of your video"
            aria-describedby={`${placementId} ${hintId}`}
            data-renderer={renderer?.kind}
            // Where the search for a creator's clip's screen stands ("idle" for a library meme), for tests.
            data-screen-key={search.status}
            data-testid="green-screen-preview"
            {...gestures.canvasHandlers}
            className={cn(
              "block aspect-[9/16] w-full touch-none rounded-xl border bg-[#1f2129] shadow-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
              gestures.dragging ? "cursor-grabbing" : gestures.hovering ? "cursor-grab" : "cursor-default",
            )}
          />
        )}
        {mode !== "none" && !notice && missing.length > 0 ? (
          // What is still missing, in the middle of the frame (below the caption band, if any).
          <p className="pointer-events-none absolute inset-x-4 top-[45%] flex flex-col items-center gap-2 rounded-lg bg-black/60 px-3 py-3 text-center text-xs text-white">
            <Clapperboard className="size-5" aria-hidden="true" />
            {`${missing.join(" and ").replace(/^./, (c) => c.toUpperCase())} to see your video here.`}
          </p>
        ) : null}
        {mode !== "none" && (status || (missing.length === 0 && loadingMedia)) ? (
          <p className="pointer-events-none absolute inset-x-3 bottom-3 rounded-lg bg-black/70 px-3 py-2 text-center text-xs text-white">
            {status ?? "Loading the preview..."}
          </p>
        ) : null}
      </div>
      <PreviewControls
        playing={playing}
        onPlayingChange={setPlaying}
        placement={gestures.placement}
        hasMeme={gestures.hasMeme}
        onResize={gestures.resize}
        onReset={gestures.reset}
        hintId={hintId}
        placementId={placementId}
        screenKey={search.status}
        font={font}
      />
    </figure>
  );
}

const emptyScene: PreviewScene = { background: null, meme: null, caption: null };
