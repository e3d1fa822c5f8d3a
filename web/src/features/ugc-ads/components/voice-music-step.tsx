import {
  type CatalogMusic,
  type CatalogVoice,
  type LanguageId,
  languageMessages,
  languageOf,
  UGC_GENDERS,
  type UgcGender,
} from "@reelsmith/core";
import { UserRound } from "lucide-react";
import { useId } from "react";

import { AudioRow, PreviewButton } from "@/components/builder/pickers/audio-row";
import { LanguageSelect } from "@/components/builder/pickers/language-select";
import { MusicList } from "@/components/builder/pickers/music-list";
import { useAudioPreview } from "@/hooks/use-audio-preview";
import { voiceFor } from "../lib/voice";

export interface VoiceMusicValues {
  language: LanguageId;
  gender: UgcGender;
  background_music: string;
}

const GENDER_LABEL: Record<UgcGender, string> = { female: "Female", male: "Male" };

/** Step 2: the gender, which picks the voice that reads the ad (shown, with its sample), and the music. */
export function VoiceMusicStep({
  values,
  onChange,
  onLanguage,
  voices,
  music,
}: {
  values: VoiceMusicValues;
  onChange: (patch: Partial<VoiceMusicValues>) => void;
  /** A language chosen: the script step's words follow it (see withLanguage). */
  onLanguage: (language: LanguageId) => void;
  voices: readonly CatalogVoice[];
  music: readonly CatalogMusic[];
}) {
  // One player for voices and tracks: starting one stops the other.
  const preview = useAudioPreview();
  const voiceHeading = useId();
  const musicHeading = useId();

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <section aria-labelledby={voiceHeading} className="space-y-3">
        <div>
          <h3 id={voiceHeading} className="font-semibold">
            Voice
          </h3>
          <p className="text-sm text-muted-foreground">The gender picks who reads your ad.</p>
        </div>
        <LanguageSelect
          value={values.language}
          onChange={onLanguage}
          hint={`The language of your ad: write its hook and copy in it. ${languageMessages.voicesNote(values.language)}`}
        />
        <div role="radiogroup" aria-labelledby={voiceHeading} className="grid gap-2">
          {UGC_GENDERS.map((gender) => {
            const voice = voiceFor(gender, voices);
            return (
              <AudioRow
                key={gender}
                selected={values.gender === gender}
                onSelect={() => onChange({ gender })}
                preview={
                  voice?.previewUrl ? (
                    <PreviewButton
                      playing={preview.playing === `voice:${voice.id}`}
                      label={`${voice.name}'s voice`}
                      onClick={() => void preview.toggle(`voice:${voice.id}`, voice.previewUrl as string)}
                    />
                  ) : (
                    <span className="grid size-9 shrink-0 place-items-center rounded-full border text-muted-foreground">
                      <UserRound className="size-4" aria-hidden="true" />
                    </span>
                  )
                }
                title={GENDER_LABEL[gender]}
                detail={
                  voice
                    ? `Read by ${voice.name} · ${voice.age} · ${languageOf(values.language).name}`
                    : "Read by a catalogue voice"
                }
              />
            );
          })}
        </div>
      </section>

      <section aria-labelledby={musicHeading} className="space-y-3">
        <div>
          <h3 id={musicHeading} className="font-semibold">
            Background music
          </h3>
          <p className="text-sm text-muted-foreground">Plays quietly under the voice. Press play to listen.</p>
        </div>
        <MusicList
          music={music}
          value={values.background_music}
          onChange={(background_music) => onChange({ background_music })}
          preview={preview}
          labelledBy={musicHeading}
        />
      </section>
    </div>
  );
}
