import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";

/** Arrow keys move the window by this share of the clip's width (Shift: five times as far). */
const STEP = 0.02;

/** The share of the clip's width a full-height 9:16 window covers (1 for a clip narrower than 9:16). */
export function windowShare(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return 1;
  return Math.min(1, (height * 9) / 16 / width);
}

/** The window's centre, kept so the whole window stays on the clip. */
export function clampCentre(x: number, share: number): number {
  const half = share / 2;
  return Math.min(1 - half, Math.max(half, x));
}

/**
 * Which part of the creator's clip fills the 9:16 frame: the clip in a 16:9 box with a draggable
 * full-height 9:16 window over it (arrow keys move it too). `value` is the window's horizontal centre as
 * a share of the clip's width.
 */
export function CropPicker({
  src,
  value,
  onChange,
  hint = "Drag the frame (or use the arrow keys) to choose what fills the 9:16 video. The clip loops seamlessly and its own sound is muted under the voice.",
}: {
  src: string;
  value: number;
  onChange: (x: number) => void;
  /** The line under the clip (by default the Reddit story's). */
  hint?: string;
}) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const clipRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startValue: number } | null>(null);
  const share = size ? windowShare(size.width, size.height) : 9 / 16 / (16 / 9);
  const centre = clampCentre(value, share);
  const set = (x: number) => onChange(Math.round(clampCentre(x, share) * 1000) / 1000);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startValue: centre };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const width = clipRef.current?.getBoundingClientRect().width ?? 0;
    if (!drag.current || width <= 0) return;
    set(drag.current.startValue + (event.clientX - drag.current.startX) / width);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP * 5 : STEP;
    const moves: Record<string, number> = {
      ArrowLeft: centre - step,
      ArrowDown: centre - step,
      ArrowRight: centre + step,
      ArrowUp: centre + step,
      Home: 0,
      End: 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };

  return (
    <div className="space-y-2">
      <div className="grid aspect-video w-full place-items-center overflow-hidden rounded-xl border bg-black">
        <div
          ref={clipRef}
          className="relative max-h-full max-w-full"
          style={size ? { aspectRatio: `${size.width} / ${size.height}`, height: "100%" } : { height: "100%" }}
        >
          <video
            src={src}
            muted
            loop
            autoPlay
            playsInline
            aria-hidden="true"
            tabIndex={-1}
            className="h-full w-full object-contain"
            onLoadedMetadata={(event) =>
              setSize({ width: event.currentTarget.videoWidth, height: event.currentTarget.videoHeight })
            }
          />
          {/* Shade what the frame leaves out; the window itself is clear with a bright border. */}
          <div
            className="pointer-events-none absolute inset-y-0 left-0 bg-black/60"
            style={{ width: `${(centre - share / 2) * 100}%` }}
          />
          <div
            className="pointer-events-none absolute inset-y-0 right-0 bg-black/60"
            style={{ width: `${(1 - centre - share / 2) * 100}%` }}
          />
          <div
            role="slider"
            tabIndex={0}
            aria-label="Part of your footage in the frame"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(centre * 100)}
            aria-valuetext={`Centred at ${Math.round(centre * 100)}% of the clip's width`}
            data-testid="crop-window"
            className="absolute inset-y-0 cursor-grab touch-none rounded-sm border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.6)] outline-none focus-visible:ring-4 focus-visible:ring-primary active:cursor-grabbing"
            style={{ left: `${(centre - share / 2) * 100}%`, width: `${share * 100}%` }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => {
              drag.current = null;
            }}
            onKeyDown={onKeyDown}
          />
        </div>
      </div>
      <p className="text-muted-foreground text-sm">{hint}</p>
    </div>
  );
}
