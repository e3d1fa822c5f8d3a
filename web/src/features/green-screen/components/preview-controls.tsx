import {
  GREEN_SCREEN_MEME_SCALE_MAX,
  GREEN_SCREEN_MEME_SCALE_MIN,
  type MemeTransform,
  messages,
} from "@reelsmith/core";
import { Move, Pause, Play, RotateCcw } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import { describePlacement, isDefaultPlacement } from "../lib/meme-placement";
import type { ScreenKeySearch } from "../lib/screen-key";
import type { CaptionFontState } from "../lib/use-caption-layer";

/**
 * Under the live preview: play and pause, the meme's size slider and reset, how to move it, what a screen reader
 * hears of its place, and why the preview may differ from the video (no screen found, the caption font missing).
 */
export function PreviewControls({
  playing,
  onPlayingChange,
  placement,
  hasMeme,
  onResize,
  onReset,
  hintId,
  placementId,
  screenKey,
  font,
}: {
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
  placement: MemeTransform;
  hasMeme: boolean;
  onResize: (scale: number) => void;
  onReset: () => void;
  /** Ids the canvas is described by. */
  hintId: string;
  placementId: string;
  screenKey: ScreenKeySearch["status"];
  font: CaptionFontState;
}) {
  const sizeId = useId();
  return (
    <figcaption className="w-full space-y-3">
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => onPlayingChange(!playing)}
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
            onChange={(e) => onResize(Number(e.target.value))}
            className="w-full accent-primary disabled:opacity-50"
          />
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Reset the meme's place and size"
          disabled={isDefaultPlacement(placement)}
          onClick={onReset}
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
      <ScreenKeyNotice status={screenKey} />
      {font === "failed" ? (
        <p className="text-xs text-muted-foreground">
          The caption font could not be loaded: the preview sets the caption in another font, so its line breaks may
          differ from your video's.
        </p>
      ) : null}
    </figcaption>
  );
}

/** Why a creator's clip is shown as filmed rather than keyed. */
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
