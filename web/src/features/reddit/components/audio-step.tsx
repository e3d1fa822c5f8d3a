import {
  type CatalogMusic,
  type CatalogVoice,
  FILE_ACCEPT,
  type LanguageId,
  languageOf,
  messages,
  type RedditNarrator,
  VOICE_OVER_MAX_S,
  VOICE_OVER_MIN_S,
} from "@reelsmith/core";
import { Bot, Mic } from "lucide-react";
import { FieldError } from "@/components/builder/field-error";
import { PreviewButton } from "@/components/builder/pickers/audio-row";
import { LanguageSelect } from "@/components/builder/pickers/language-select";
import { MusicList } from "@/components/builder/pickers/music-list";
import { UploadField } from "@/components/builder/pickers/upload-field";
import { VoiceList } from "@/components/builder/pickers/voice-list";
import { useAudioPreview } from "@/hooks/use-audio-preview";
import { cn } from "@/lib/utils";
import { VoiceRecorder } from "./voice-recorder";

interface AudioValues {
  background_music: string;
  voice: string;
  /** Who reads the story: an AI voice, or the creator (then `voiceover_file_id` is needed). */
  narrator: RedditNarrator;
  /** The creator's own recording instead of an AI voice. */
  voiceover_file_id: string | null;
  language: LanguageId;
}

const VOICE_OVER_MESSAGES = {
  invalidType: { title: messages.files.unsupportedVoiceOver },
  tooLarge: { title: messages.files.tooLarge },
  deleted: { title: messages.files.deleted },
  deleteFailed: { title: messages.files.deleteFailed },
};

/** MP3, WAV, AAC/M4A, OGG/Opus or WebM audio, by MIME type or extension (the server reads the bytes). */
export function isAcceptedVoiceOver(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase().split(";")[0] ?? "";
  return (
    [
      "audio/mpeg",
      "audio/mp3",
      "audio/wav",
      "audio/x-wav",
      "audio/wave",
      "audio/aac",
      "audio/mp4",
      "audio/x-m4a",
      "audio/ogg",
      "audio/opus",
      "audio/webm",
    ].includes(type) || /\.(mp3|wav|aac|m4a|ogg|opus|webm)$/i.test(file.name)
  );
}

/** Step 4: background music (32, one of them none), the narrator (an AI voice or the creator's own) and the language. */
export function AudioStep({
  music,
  voices,
  values,
  script,
  onChange,
  errors = {},
}: {
  music: readonly CatalogMusic[];
  voices: readonly CatalogVoice[];
  values: AudioValues;
  /** What the creator reads when they record: the post title, then the script. */
  script: { post_title: string; script: string };
  onChange: (patch: Partial<AudioValues>) => void;
  /** The server's reasons for refusing these fields when the video was generated. */
  errors?: Partial<Record<string, string>>;
}) {
  // One player for both lists: starting a voice sample stops a track, and the other way round.
  const preview = useAudioPreview();
  // The choice is part of the draft (and of the input): "own" with no recording cannot be generated.
  const narrator: RedditNarrator = values.narrator === "own" || values.voiceover_file_id ? "own" : "ai";
  const narrators = [
    { id: "ai" as const, label: "AI voice", icon: Bot },
    { id: "own" as const, label: "Your own voice", icon: Mic },
  ];

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
        <LanguageSelect
          value={values.language}
          onChange={(language) => onChange({ language })}
          hint="The language of your story: the voice reads it and the captions follow its words."
        />
        <section aria-labelledby="voice-heading" className="space-y-3">
          <h3 id="voice-heading" className="font-semibold">
            Voice
          </h3>
          <fieldset aria-label="Narrator" className="inline-flex rounded-lg border bg-muted/40 p-1">
            {narrators.map(({ id, label, icon: Icon }) => (
              <button
                key={id}
                type="button"
                aria-pressed={narrator === id}
                onClick={() =>
                  onChange(id === "ai" ? { narrator: "ai", voiceover_file_id: null } : { narrator: "own" })
                }
                className={cn(
                  "inline-flex items-center gap-2 rounded-md px-3 py-1.5 font-medium text-sm transition-colors",
                  narrator === id
                    ? "bg-background text-foreground shadow-sm"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </button>
            ))}
          </fieldset>
          {narrator === "ai" ? (
            <VoiceList
              voices={voices.filter((voice) => voice.languages.includes(values.language))}
              languageName={languageOf(values.language).name}
              value={values.voice}
              onChange={(voice) => onChange({ voice })}
              preview={preview}
              labelledBy="voice-heading"
            />
          ) : (
            <div className="space-y-4">
              <div className="space-y-2">
                <p className="text-muted-foreground text-sm">
                  Read the title, pause for a breath, then the story. Captions follow your words.
                </p>
                <blockquote
                  aria-label="What to read"
                  className="max-h-56 space-y-2 overflow-y-auto rounded-lg border bg-muted/30 p-3 text-sm leading-relaxed"
                >
                  <p className="font-semibold">{script.post_title || "Your post title"}</p>
                  <p className="whitespace-pre-line">{script.script || "Your story, from the Script step."}</p>
                </blockquote>
              </div>
              {errors.voiceover_file_id ? (
                <FieldError>{errors.voiceover_file_id}</FieldError>
              ) : !values.voiceover_file_id ? (
                // Generate waits for a recording; this says why, where the recording is made.
                <FieldError tone="warning">{messages.reddit.voiceOverRequired}</FieldError>
              ) : null}
              <VoiceRecorder onUploaded={(file) => onChange({ voiceover_file_id: file.id })} />
              <UploadField
                kind="voice-over"
                value={values.voiceover_file_id}
                onChange={(file) => onChange({ voiceover_file_id: file ? file.id : null })}
                accept={FILE_ACCEPT["voice-over"]}
                isAccepted={isAcceptedVoiceOver}
                messages={VOICE_OVER_MESSAGES}
                prompt="Upload a recording"
                hint={`MP3, WAV, M4A, OGG or WebM · ${VOICE_OVER_MIN_S} s to ${VOICE_OVER_MAX_S / 60} min · up to 10 MB`}
                renderPreview={(file) => (
                  <PreviewButton
                    playing={preview.playing === file.id}
                    label={file.original_filename}
                    onClick={() => void preview.toggle(file.id, file.url)}
                  />
                )}
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
