import { type CatalogMusic, NO_MUSIC } from "@reelsmith/core";
import { VolumeX } from "lucide-react";

import type { AudioPreview } from "@/hooks/use-audio-preview";
import { AudioRow, PreviewButton } from "./audio-row";

/**
 * The music tracks (one of them 'no music') as a radio group; each track previews with play/pause and
 * stops at its end. `preview` is shared with other lists on the page, so only one thing plays.
 */
export function MusicList({
  music,
  value,
  onChange,
  preview,
  labelledBy,
}: {
  music: readonly CatalogMusic[];
  value: string;
  onChange: (id: string) => void;
  preview: AudioPreview;
  labelledBy: string;
}) {
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid max-h-[28rem] gap-2 overflow-y-auto pr-1 sm:grid-cols-2"
    >
      {music.map((track) => {
        const none = track.id === NO_MUSIC;
        return (
          <AudioRow
            key={track.id}
            selected={value === track.id}
            onSelect={() => onChange(track.id)}
            preview={
              none || !track.url ? (
                <span className="grid size-9 shrink-0 place-items-center rounded-full border text-muted-foreground">
                  <VolumeX className="size-4" aria-hidden="true" />
                </span>
              ) : (
                <PreviewButton
                  playing={preview.playing === track.id}
                  label={track.name}
                  onClick={() => void preview.toggle(track.id, track.url as string)}
                />
              )
            }
            title={track.name}
            detail={
              none
                ? "Voice only"
                : [track.genre, track.mood, track.bpm ? `${track.bpm} BPM` : null].filter(Boolean).join(" · ")
            }
          />
        );
      })}
    </div>
  );
}
