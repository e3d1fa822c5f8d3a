import { type CatalogMusic, type CatalogVoice, messages } from "@reelsmith/core";
import { useId } from "react";

import { MusicList } from "@/components/builder/pickers/music-list";
import { VoiceList } from "@/components/builder/pickers/voice-list";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAudioPreview } from "@/hooks/use-audio-preview";

interface AudioValues {
  background_music: string;
  voice: string;
  language: string;
}

/** Step 4: background music (32, one of them none), the narrator's voice and the language. */
export function AudioStep({
  music,
  voices,
  values,
  onChange,
}: {
  music: readonly CatalogMusic[];
  voices: readonly CatalogVoice[];
  values: AudioValues;
  onChange: (patch: Partial<AudioValues>) => void;
}) {
  // One player for both lists: starting a voice sample stops a track, and the other way round.
  const preview = useAudioPreview();
  const languageId = useId();

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <section aria-labelledby="music-heading" className="space-y-3">
        <h3 id="music-heading" className="font-semibold">
          Background music
        </h3>
        <MusicList
          music={music}
          value={values.background_music}
          onChange={(background_music) => onChange({ background_music })}
          preview={preview}
          labelledBy="music-heading"
        />
      </section>

      <div className="space-y-6">
        <section aria-labelledby="voice-heading" className="space-y-3">
          <h3 id="voice-heading" className="font-semibold">
            Voice
          </h3>
          <VoiceList
            voices={voices}
            value={values.voice}
            onChange={(voice) => onChange({ voice })}
            preview={preview}
            labelledBy="voice-heading"
          />
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
