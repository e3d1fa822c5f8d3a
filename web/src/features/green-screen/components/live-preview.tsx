import {
  CHROMA_KEY,
  GREEN_SCREEN_FRAME,
  GREEN_SCREEN_MEME_SCALE_MAX,
  GREEN_SCREEN_MEME_SCALE_MIN,
  GREEN_SCREEN_PICTURE_PUSH,
  type GreenScreenCaptionLayout,
  greenScreenDurationS,
  type MemeTransform,
  memeBox,
  messages,
  type ScreenKey,
  type UserFile,
} from "@reelsmith/core";
import { Clapperboard, ImageOff, Move, Pause, Play, RotateCcw } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";
import { isVideoBackground } from "../lib/background-file";
import { drawCaption, frameScale, layoutCaption, loadCaptionFont } from "../lib/caption-font";
import {
  clampTransform,
  contains,
  describePlacement,
  dragged,
  isDefaultPlacement,
  keyed,
  placementOf,
  resized,
  wheeled,
} from "../lib/meme-placement";
import {
  createCanvasRenderer,
  createWebGlRenderer,
  type PreviewRenderer,
  type PreviewScene,
} from "../lib/preview-renderer";
import { type ScreenKeySearch, useScreenKey } from "../lib/screen-key";
import { backingSize, useMedia } from "../lib/use-preview-media";

type Mode = "webgl" | "canvas" | "none";

/** At most 30 frames a second (spec section 4); the 2D fallback, which keys on the CPU, at half that. */
const FRAME_MS = { webgl: 1000 / CHROMA_KEY.maxFps, canvas: 2000 / CHROMA_KEY.maxFps } as const;

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
  const [mode, setMode] = useState<Mode>("webgl");
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [cssWidth, setCssWidth] = useState(0);
  const [font, setFont] = useState<"loading" | "ready" | "failed">("loading");
  const [unreadable, setUnreadable] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [hovering, setHovering] = useState(false);
  const hintId = useId();
  const placementId = useId();
  const sizeId = useId();

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

  useEffect(() => {
    let live = true;
    void loadCaptionFont().then((ok) => {
      if (live) setFont(ok ? "ready" : "failed");
    });
    return () => {
      live = false;
    };
  }, []);

  // The meme's placement while the user moves it; the draft gets it when a gesture ends.
  const [placement, setPlacementState] = useState<MemeTransform>(() => placementOf(transform));
  const placementRef = useRef(placement);
  const interacting = useRef(false);
  const setPlacement = useCallback((t: MemeTransform) => {
    placementRef.current = t;
    setPlacementState(t);
  }, []);
  useEffect(() => {
    if (!interacting.current) setPlacement(placementOf(transform));
  }, [transform, setPlacement]);
  const commit = useCallback(
    (t: MemeTransform | undefined) => {
      onTransformChange(t && !isDefaultPlacement(t) ? clampTransform(t) : undefined);
    },
    [onTransformChange],
  );

  // The canvas follows its box's width; its backing store is in device pixels.
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

  // WebGL first; a 2D canvas when it is missing or lost; a message when neither can draw.
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

  // The caption, set in the render's font (or, if it would not load, the browser's) and drawn at the canvas's scale.
  const layout = useMemo<GreenScreenCaptionLayout | null>(() => {
    if (font === "loading" || typeof document === "undefined") return null;
    const ctx = document.createElement("canvas").getContext("2d");
    return ctx ? layoutCaption(caption, ctx) : null;
  }, [caption, font]);
  const captionVersion = useRef(0);
  const captionLayer = useMemo<PreviewScene["caption"]>(() => {
    if (!layout) return null;
    const scale = frameScale(size.width);
    const band = document.createElement("canvas");
    band.width = size.width;
    band.height = Math.max(1, Math.ceil(layout.band.height * scale));
    const ctx = band.getContext("2d");
    if (!ctx) return null;
    drawCaption(ctx, layout, scale);
    captionVersion.current += 1;
    return { source: band, band: layout.band, version: captionVersion.current };
  }, [layout, size.width]);

  const memeBoxNow = meme && memeMedia.media ? memeBox(placement, memeMedia.media.width, memeMedia.media.height) : null;
  // A picture is pushed in over the whole video, as the render does; the preview repeats the push.
  const pushPeriodS = greenScreenDurationS(caption, meme?.durationS ?? memeMedia.media?.durationS ?? 0);

  const scene = useRef<{ build: (elapsedS: number) => PreviewScene }>({ build: () => emptyScene });
  scene.current.build = (elapsedS) => ({
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
      memeMedia.media && memeBoxNow
        ? {
            source: memeMedia.media.element as HTMLVideoElement,
            width: memeMedia.media.width,
            height: memeMedia.media.height,
            box: memeBoxNow,
            key: memeKey,
          }
        : null,
    caption: captionLayer,
  });
  const playingRef = useRef(playing);
  playingRef.current = playing;

  // The frame loop: requestAnimationFrame, drawing at most FRAME_MS apart, and not while off screen.
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
      if (last > 0 && playingRef.current) clock += Math.min(since, 250) / 1000;
      last = now;
      const s = scene.current.build(clock);
      try {
        renderer.draw(s);
        canvas.dataset.keyed = s.meme && s.background ? "true" : "false";
      } catch {
        // A source from another origin without CORS cannot be drawn on a canvas that is read back.
        setUnreadable(true);
        cancelAnimationFrame(frame);
      }
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [renderer, canvas]);

  // Dragging, the wheel and the keyboard.
  const drag = useRef<{ pointer: number; x: number; y: number; from: MemeTransform } | null>(null);
  const framePoint = (event: { clientX: number; clientY: number }) => {
    const rect = canvas?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    return {
      x: ((event.clientX - rect.left) / rect.width) * GREEN_SCREEN_FRAME.width,
      y: ((event.clientY - rect.top) / rect.height) * GREEN_SCREEN_FRAME.height,
    };
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = framePoint(event);
    if (!p || !memeBoxNow || !contains(memeBoxNow, p.x, p.y)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    drag.current = { pointer: event.pointerId, x: p.x, y: p.y, from: placementRef.current };
    interacting.current = true;
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = framePoint(event);
    if (!p) return;
    const d = drag.current;
    if (d && d.pointer === event.pointerId) {
      setPlacement(dragged(d.from, p.x - d.x, p.y - d.y));
      return;
    }
    setHovering(Boolean(memeBoxNow && contains(memeBoxNow, p.x, p.y)));
  };
  const endDrag = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || drag.current.pointer !== event.pointerId) return;
    drag.current = null;
    interacting.current = false;
    setDragging(false);
    commit(placementRef.current);
  };

  const hasMeme = Boolean(memeBoxNow);
  const boxRef = useRef(memeBoxNow);
  boxRef.current = memeBoxNow;
  const wheelCommit = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!canvas || !hasMeme) return;
    // The wheel resizes the meme while the pointer is on it; elsewhere it scrolls the page.
    const onWheel = (event: WheelEvent) => {
      const rect = canvas.getBoundingClientRect();
      const box = boxRef.current;
      if (!box || rect.width === 0) return;
      const x = ((event.clientX - rect.left) / rect.width) * GREEN_SCREEN_FRAME.width;
      const y = ((event.clientY - rect.top) / rect.height) * GREEN_SCREEN_FRAME.height;
      if (!contains(box, x, y)) return;
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY;
      interacting.current = true;
      setPlacement(wheeled(placementRef.current, delta));
      window.clearTimeout(wheelCommit.current);
      wheelCommit.current = window.setTimeout(() => {
        interacting.current = false;
        commit(placementRef.current);
      }, 250);
    };
    canvas.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      canvas.removeEventListener("wheel", onWheel);
      window.clearTimeout(wheelCommit.current);
    };
  }, [canvas, hasMeme, commit, setPlacement]);

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!hasMeme) return;
    const next = keyed(placementRef.current, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setPlacement(next);
    commit(next);
  };

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
            tabIndex={hasMeme ? 0 : -1}
            role="application"
            aria-roledescription="video preview"
            aria-label="Preview of your video"
            aria-describedby={`${placementId} ${hintId}`}
            data-renderer={renderer?.kind}
            // Where the search for a creator's clip's screen stands ("idle" for a library meme), for tests.
            data-screen-key={search.status}
            data-testid="green-screen-preview"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onPointerLeave={() => setHovering(false)}
            onKeyDown={onKeyDown}
            className={cn(
              "block aspect-[9/16] w-full touch-none rounded-xl border bg-[#1f2129] shadow-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
              dragging ? "cursor-grabbing" : hovering ? "cursor-grab" : "cursor-default",
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
      <figcaption className="w-full space-y-3">
        <div className="flex items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? "Pause the preview" : "Play the preview"}
            aria-pressed={!playing}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </Button>
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex items-center justify-between text-xs">
              <label htmlFor={sizeId} className="font-medium">
                Meme size
              </label>
              <output htmlFor={sizeId} className="tabular-nums text-muted-foreground">
                {Math.round(placement.scale * 100)}%
              </output>
            </div>
            <input
              id={sizeId}
              type="range"
              min={GREEN_SCREEN_MEME_SCALE_MIN}
              max={GREEN_SCREEN_MEME_SCALE_MAX}
              step={0.01}
              value={placement.scale}
              disabled={!hasMeme}
              onChange={(e) => {
                const next = resized(placementRef.current, Number(e.target.value));
                setPlacement(next);
                commit(next);
              }}
              className="w-full accent-primary disabled:opacity-50"
            />
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Reset the meme's place and size"
            disabled={isDefaultPlacement(placement)}
            onClick={() => {
              setPlacement(placementOf(undefined));
              commit(undefined);
            }}
          >
            <RotateCcw aria-hidden="true" />
          </Button>
        </div>
        <p id={hintId} className="flex gap-2 text-xs text-muted-foreground">
          <Move className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>
            Drag the meme to move it; scroll on it or use the slider to resize it. With the keyboard: arrows move it, +
            and − resize it.
          </span>
        </p>
        <p id={placementId} className="sr-only" aria-live="polite">
          {hasMeme ? describePlacement(placement) : ""}
        </p>
        <ScreenKeyNotice status={search.status} />
        {font === "failed" ? (
          <p className="text-xs text-muted-foreground">
            The caption font could not be loaded: the preview sets the caption in another font, so its line breaks may
            differ from your video's.
          </p>
        ) : null}
      </figcaption>
    </figure>
  );
}

const emptyScene: PreviewScene = { background: null, meme: null, caption: null };

/** Under the preview, why a creator's clip is shown as filmed rather than keyed. */
function ScreenKeyNotice({ status }: { status: ScreenKeySearch["status"] }) {
  if (status === "none") return <p className="text-xs text-destructive">{messages.files.memeClipNoScreen}</p>;
  if (status === "failed") {
    return (
      <p className="text-xs text-muted-foreground">
        The preview could not find the green screen in this clip, so it shows the clip as filmed. Your video is still
        keyed.
      </p>
    );
  }
  return null;
}
