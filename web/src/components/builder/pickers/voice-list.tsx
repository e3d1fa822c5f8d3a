import type { CatalogVoice } from "@reelsmith/core";
import { Music } from "lucide-react";

import type { AudioPreview } from "@/hooks/use-audio-preview";
import { AudioRow, PreviewButton } from "./audio-row";

/** The narrator voices as a radio group, each with a sample to hear. */
export function VoiceList({
  voices,
  value,
  onChange,
  preview,
  labelledBy,
  languageName,
}: {
  voices: readonly CatalogVoice[];
  /** The language the voices will read, named on each (default: each voice's own, English). */
  languageName?: string;
  value: string;
  onChange: (id: string) => void;
  preview: AudioPreview;
  labelledBy: string;
}) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-2">
      {voices.map((voice) => (
        <AudioRow
          key={voice.id}
          selected={value === voice.id}
          onSelect={() => onChange(voice.id)}
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
          detail={`${voice.gender} · ${voice.age} · ${languageName ?? voice.language}`}
          detailClassName="capitalize"
        />
      ))}
    </div>
  );
}
