import { FILE_ACCEPT, isAcceptedSongFile, messages, type UserFile } from "@reelsmith/core";

import { useFiles } from "@/components/builder/api/get-files";
import { PreviewButton } from "@/components/builder/pickers/audio-row";
import { UploadField } from "@/components/builder/pickers/upload-field";
import { useAudioPreview } from "@/hooks/use-audio-preview";
import { SongWindow } from "./song-window";

export interface SongValues {
  audio_file_id: string | null;
  clip_start: number | null;
  clip_duration: number;
}

const UPLOAD_MESSAGES = {
  invalidType: { title: messages.musicVideo.invalidFileTypeTitle, description: messages.musicVideo.invalidFileType },
  tooLarge: { title: messages.files.tooLarge },
  deleted: { title: messages.files.deleted },
  deleteFailed: { title: messages.files.deleteFailed },
};

/**
 * Step 1: the song, uploaded (an audio file, or a video whose sound is used) or picked from Your
 * Library with a play/pause preview; then the part of it the video uses, on its waveform.
 */
export function SongStep({
  values,
  onChange,
  errors = {},
}: {
  values: SongValues;
  onChange: (values: Partial<SongValues>) => void;
  /** The server's reasons for refusing these fields when the video was generated. */
  errors?: Partial<Record<string, string>>;
}) {
  const preview = useAudioPreview();
  const files = useFiles("audio-file");
  const chosen: UserFile | undefined = files.data?.find((f) => f.id === values.audio_file_id);

  return (
    <div className="space-y-8">
      <UploadField
        kind="audio-file"
        value={values.audio_file_id}
        onChange={(file) => {
          preview.stop();
          // A new song is placed anew on its most energetic part.
          onChange({ audio_file_id: file?.id ?? null, clip_start: null });
        }}
        accept={FILE_ACCEPT["audio-file"]}
        isAccepted={isAcceptedSongFile}
        messages={UPLOAD_MESSAGES}
        prompt="Upload your song"
        hint="MP3, WAV or AAC audio, or a video whose sound you want to use · up to 10 MB"
        renderPreview={(file) => (
          <PreviewButton
            playing={preview.playing === file.id}
            label={file.original_filename}
            onClick={() => void preview.toggle(file.id, file.url)}
          />
        )}
        error={errors.audio_file_id}
      />
      {chosen ? (
        <section aria-labelledby="song-part" className="space-y-3">
          <div>
            <h3 id="song-part" className="font-semibold">
              The part of “{chosen.original_filename}” in your video
            </h3>
            <p className="text-sm text-muted-foreground">
              We start on the song's most energetic part. Drag the window to choose another, then listen.
            </p>
          </div>
          <SongWindow
            fileId={chosen.id}
            url={chosen.url}
            start={values.clip_start}
            length={values.clip_duration}
            onChange={onChange}
          />
        </section>
      ) : null}
    </div>
  );
}
