import { type CatalogMusic, type CatalogVoice, messages, NO_MUSIC } from "@reelsmith/core";
import { Check, Music, Pause, Play, VolumeX } from "lucide-react";
import { type ReactNode, useId } from "react";

import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAudioPreview } from "@/features/media/hooks/use-audio-preview";
import { cn } from "@/lib/utils";

function PreviewButton({ playing, label, onClick }: { playing: boolean; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      aria-label={`${playing ? "Pause" : "Play"} ${label}`}
      aria-pressed={playing}
      className={cn(
        "grid size-9 shrink-0 place-items-center rounded-full border transition-colors hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        playing && "border-primary bg-primary text-primary-foreground hover:text-primary-foreground",
      )}
    >
      {playing ? (
        <Pause className="size-4" aria-hidden="true" />
      ) : (
        <Play className="ml-0.5 size-4" aria-hidden="true" />
      )}
    </button>
  );
}

/** One choice of a radio group that has its own preview button, so it cannot be a native radio input. */
function AudioRow({
  selected,
  onSelect,
  preview,
  title,
  detail,
  detailClassName,
}: {
  selected: boolean;
  onSelect: () => void;
  preview: ReactNode;
  title: string;
  detail: string;
  detailClassName?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows with their own preview buttons behave as radios
    <div
      role="radio"
      aria-checked={selected}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.key === " " || e.key === "Enter") {
          e.preventDefault();
          onSelect();
        }
      }}
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-lg border bg-card p-2.5 transition-colors hover:border-primary/60 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        selected && "border-primary bg-primary/5",
      )}
    >
      {preview}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{title}</span>
        <span className={cn("block truncate text-xs text-muted-foreground", detailClassName)}>{detail}</span>
      </span>
      {selected ? <Check className="size-4 shrink-0 text-primary" aria-hidden="true" /> : null}
    </div>
  );
}

/** Step 4: background music (32, one of them none), the narrator's voice and the language. */
export function AudioStep({
  music,
  voices,
  values,
  onChange,
}: {
  music: CatalogMusic[];
  voices: CatalogVoice[];
  values: { background_music: string; voice: string; language: string };
  onChange: (patch: Partial<{ background_music: string; voice: string; language: string }>) => void;
}) {
  const preview = useAudioPreview();
  const languageId = useId();

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <section aria-labelledby="music-heading" className="space-y-3">
        <h3 id="music-heading" className="font-semibold">
          Background music
        </h3>
        <div
          role="radiogroup"
          aria-labelledby="music-heading"
          className="grid max-h-[28rem] gap-2 overflow-y-auto pr-1 sm:grid-cols-2"
        >
          {music.map((track) => {
            const none = track.id === NO_MUSIC;
            return (
              <AudioRow
                key={track.id}
                selected={values.background_music === track.id}
                onSelect={() => onChange({ background_music: track.id })}
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
      </section>

      <div className="space-y-6">
        <section aria-labelledby="voice-heading" className="space-y-3">
          <h3 id="voice-heading" className="font-semibold">
            Voice
          </h3>
          <div role="radiogroup" aria-labelledby="voice-heading" className="grid gap-2">
            {voices.map((voice) => (
              <AudioRow
                key={voice.id}
                selected={values.voice === voice.id}
                onSelect={() => onChange({ voice: voice.id })}
                preview={
                  voice.previewUrl ? (
                    <PreviewButton
                      playing={preview.playing === `voice:${voice.id}`}
                      label={`${voice.name}'s voice`}
                      onClick={() => void preview.toggle(`voice:${voice.id}`, voice.previewUrl as string)}
                    />
                  ) : (
                    <span className="grid size-9 place-items-center rounded-full border">
                      <Music className="size-4" aria-hidden="true" />
                    </span>
                  )
                }
                title={voice.name}
                detail={`${voice.gender} · ${voice.age} · ${voice.language}`}
                detailClassName="capitalize"
              />
            ))}
          </div>
        </section>
        <div className="space-y-2">
          <Label htmlFor={languageId}>Language</Label>
          <Select value={values.language} onValueChange={(language) => onChange({ language })}>
            <SelectTrigger id={languageId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="english">English</SelectItem>
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">{messages.reddit.languageNote}</p>
        </div>
      </div>
    </div>
  );
}
