import {
  clampClipStart,
  mostEnergeticStart,
  SONG_CLIP_MAX_S,
  SONG_CLIP_MIN_S,
  type SongAnalysis,
  songClipLength,
} from "@reelsmith/core";
import { Loader2, Pause, Play, Sparkles } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatClock } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useSongAnalysis } from "../lib/use-song-analysis";
import { useWindowPlayer } from "../lib/use-window-player";

const LENGTHS = [10, 15, 20, 30] as const;
/** Arrow keys move the window by this much; Page Up/Down by a bar-like step. */
const STEP_S = 0.5;
const PAGE_S = 5;

/**
 * The part of the song the video uses, on the song's waveform: a window of 10-30 s that can be
 * dragged (or moved with the arrow keys), placed at first on the most energetic section, and heard
 * before generating.
 */
export function SongWindow({
  fileId,
  url,
  start,
  length,
  onChange,
}: {
  fileId: string;
  url: string;
  /** The window's start (s); null until placed. */
  start: number | null;
  length: number;
  onChange: (values: { clip_start: number | null; clip_duration: number }) => void;
}) {
  const analysis = useSongAnalysis(fileId, url);
  const song = analysis.data;

  // Place the window on the most energetic section once the song is read.
  useEffect(() => {
    if (song && start === null) {
      const fitted = songClipLength(song.duration, length);
      onChange({ clip_start: mostEnergeticStart(song, fitted), clip_duration: length });
    }
  }, [song, start, length, onChange]);

  if (analysis.isError) {
    return (
      <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        This song's waveform could not be drawn in your browser. The video will use its most energetic part.
      </p>
    );
  }
  if (!song) {
    return (
      <div className="space-y-2" aria-busy="true">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Finding the song's best part…
        </p>
        <Skeleton className="h-28 rounded-xl" />
      </div>
    );
  }
  return <Waveform song={song} url={url} start={start ?? 0} length={length} onChange={onChange} />;
}

function Waveform({
  song,
  url,
  start,
  length,
  onChange,
}: {
  song: SongAnalysis;
  url: string;
  start: number;
  length: number;
  onChange: (values: { clip_start: number | null; clip_duration: number }) => void;
}) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerX: number; start: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const fitted = songClipLength(song.duration, length);
  const best = mostEnergeticStart(song, fitted);
  const player = useWindowPlayer(url, start, fitted);
  const toPercent = (t: number) => `${(t / song.duration) * 100}%`;
  const whole = fitted >= song.duration - 0.01;

  const move = (to: number) => {
    player.stop();
    onChange({ clip_start: Math.round(clampClipStart(to, fitted, song.duration) * 100) / 100, clip_duration: length });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (whole || !track.current) return;
    const rect = track.current.getBoundingClientRect();
    const at = ((event.clientX - rect.left) / rect.width) * song.duration;
    // A press outside the window centres it there; inside, it grabs the window.
    const grabbed = at >= start && at <= start + fitted ? start : at - fitted / 2;
    if (grabbed !== start) move(grabbed);
    drag.current = { pointerX: event.clientX, start: clampClipStart(grabbed, fitted, song.duration) };
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !track.current) return;
    const width = track.current.getBoundingClientRect().width;
    move(drag.current.start + ((event.clientX - drag.current.pointerX) / width) * song.duration);
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const by: Record<string, number> = {
      ArrowLeft: -STEP_S,
      ArrowRight: STEP_S,
      ArrowDown: -STEP_S,
      ArrowUp: STEP_S,
      PageDown: -PAGE_S,
      PageUp: PAGE_S,
    };
    if (event.key in by) {
      event.preventDefault();
      move(start + (by[event.key] as number));
    } else if (event.key === "Home") {
      event.preventDefault();
      move(0);
    } else if (event.key === "End") {
      event.preventDefault();
      move(song.duration);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">Video length</legend>
          <span className="text-sm font-medium">Length</span>
          {LENGTHS.map((seconds) => (
            <Button
              key={seconds}
              type="button"
              size="sm"
              variant={length === seconds ? "default" : "outline"}
              aria-pressed={length === seconds}
              disabled={seconds > SONG_CLIP_MAX_S || seconds < SONG_CLIP_MIN_S}
              onClick={() => {
                player.stop();
                const next = songClipLength(song.duration, seconds);
                onChange({ clip_start: clampClipStart(start, next, song.duration), clip_duration: seconds });
              }}
            >
              {seconds} s
            </Button>
          ))}
        </fieldset>
        <div className="flex items-center gap-2">
          {Math.abs(best - start) > 0.01 && !whole ? (
            <Button type="button" size="sm" variant="ghost" onClick={() => move(best)}>
              <Sparkles aria-hidden="true" />
              Best part
            </Button>
          ) : null}
          <Button type="button" size="sm" variant="outline" onClick={player.toggle}>
            {player.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {player.playing ? "Stop" : "Play this part"}
          </Button>
        </div>
      </div>

      <div
        ref={track}
        role="slider"
        tabIndex={0}
        aria-label="Part of the song used in the video"
        aria-valuemin={0}
        aria-valuemax={Math.max(0, Math.floor(song.duration - fitted))}
        aria-valuenow={Math.round(start)}
        aria-valuetext={`${formatClock(start)} to ${formatClock(start + fitted)}`}
        aria-disabled={whole || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        data-testid="song-window"
        className={cn(
          "relative h-28 touch-none select-none overflow-hidden rounded-xl border bg-muted/40 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
          whole ? "cursor-default" : dragging ? "cursor-grabbing" : "cursor-grab",
        )}
      >
        <div className="absolute inset-0 flex items-center gap-px px-px" aria-hidden="true">
          {song.peaks.map((peak, i) => {
            const t = ((i + 0.5) / song.peaks.length) * song.duration;
            const inside = t >= start && t <= start + fitted;
            return (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: the bars are the song's fixed slices
                key={i}
                className={cn("flex-1 rounded-full", inside ? "bg-primary" : "bg-muted-foreground/35")}
                style={{ height: `${Math.max(4, peak * 100)}%` }}
              />
            );
          })}
        </div>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 rounded-lg border-2 border-primary bg-primary/10"
          style={{ left: toPercent(start), width: toPercent(fitted) }}
        />
        {player.playing ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 w-0.5 bg-foreground"
            style={{ left: toPercent(player.position) }}
          />
        ) : null}
      </div>
      <p className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
        <span>
          {whole
            ? `The whole song: ${formatClock(song.duration)}.`
            : `${formatClock(start)} – ${formatClock(start + fitted)} of ${formatClock(song.duration)}. Drag the window or use the arrow keys.`}
        </span>
        {song.bpm > 0 ? <span className="tabular-nums">{Math.round(song.bpm)} BPM</span> : null}
      </p>
    </div>
  );
}
