import { BACKGROUND_VIDEO_MAX_BYTES, type CatalogBackground, FILE_ACCEPT, looksLikeUpload } from "@reelsmith/core";
import { Clock, Film, Gamepad2, HardDrive } from "lucide-react";
import { useState } from "react";

import { useFiles } from "@/components/builder/api/get-files";
import { FieldError } from "@/components/builder/field-error";
import { CropPicker } from "@/components/builder/pickers/crop-picker";
import { FileThumbnail } from "@/components/builder/pickers/file-thumbnail";
import { type LibraryTile, LibraryTiles } from "@/components/builder/pickers/library-tiles";
import { UploadField, uploadFieldMessages } from "@/components/builder/pickers/upload-field";
import { cn } from "@/lib/utils";

function tileOf(background: CatalogBackground): LibraryTile {
  return {
    id: background.id,
    title: background.title,
    thumbnailUrl: background.thumbnailUrl,
    previewUrl: background.videoUrl,
    credit: background.credit,
    label: `${background.title}, ${background.duration}, ${background.sizeMB} MB`,
    facts: [
      { icon: Clock, text: background.duration },
      { icon: HardDrive, text: `${background.sizeMB} MB` },
    ],
  };
}

/** MP4, MOV or WebM, by MIME type or extension (the server reads the bytes and ffprobes the clip). */
function isAcceptedFootage(file: { name: string; type: string }): boolean {
  return looksLikeUpload("background-video", file);
}

/** The background fields of the Reddit form. */
export interface BackgroundValues {
  background_video: string | null;
  background_file_id: string | null;
  background_crop: { x: number } | null;
}

/**
 * Step 3: the six gameplay backgrounds, previewed on hover, or the creator's own footage (uploaded or
 * from Your Library) with the part of it that fills the 9:16 frame.
 */
export function BackgroundStep({
  backgrounds,
  values,
  onChange,
  errors = {},
}: {
  backgrounds: readonly CatalogBackground[];
  values: BackgroundValues;
  onChange: (patch: Partial<BackgroundValues>) => void;
  /** The server's reasons for refusing these fields when the video was generated. */
  errors?: Partial<Record<string, string>>;
}) {
  const [source, setSource] = useState<"library" | "own">(values.background_file_id ? "own" : "library");
  const footage = useFiles("background-video");
  const chosen = footage.data?.find((file) => file.id === values.background_file_id) ?? null;
  const options = [
    { id: "library" as const, label: "Gameplay library", icon: Gamepad2 },
    { id: "own" as const, label: "Your footage", icon: Film },
  ];
  return (
    <div className="space-y-5">
      <fieldset aria-label="Background source" className="inline-flex rounded-lg border bg-muted/40 p-1">
        {options.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            type="button"
            aria-pressed={source === id}
            onClick={() => setSource(id)}
            className={cn(
              "inline-flex items-center gap-2 rounded-md px-3 py-1.5 font-medium text-sm transition-colors",
              source === id ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </button>
        ))}
      </fieldset>
      {source === "library" && errors.background_video ? <FieldError>{errors.background_video}</FieldError> : null}
      {source === "library" ? (
        <LibraryTiles
          label="Background video"
          tiles={backgrounds.map(tileOf)}
          value={values.background_video}
          onChange={(id) => onChange({ background_video: id, background_file_id: null, background_crop: null })}
          className="xl:grid-cols-6"
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <UploadField
            kind="background-video"
            value={values.background_file_id}
            onChange={(file) =>
              onChange(
                file
                  ? { background_file_id: file.id, background_video: null, background_crop: { x: 0.5 } }
                  : { background_file_id: null, background_crop: null },
              )
            }
            accept={FILE_ACCEPT["background-video"]}
            isAccepted={isAcceptedFootage}
            maxBytes={BACKGROUND_VIDEO_MAX_BYTES}
            messages={uploadFieldMessages("background-video")}
            prompt="Upload your own background footage"
            hint="MP4, MOV or WebM · 2 s to 10 min · up to 100 MB"
            renderPreview={(file) => <FileThumbnail file={file} />}
            error={errors.background_file_id}
          />
          {chosen ? (
            <CropPicker
              src={chosen.url}
              value={values.background_crop?.x ?? 0.5}
              onChange={(x) => onChange({ background_crop: { x } })}
            />
          ) : (
            <p className="grid place-items-center rounded-xl border border-dashed p-6 text-center text-muted-foreground text-sm">
              Upload a clip or pick one from Your Library, then choose the part that fills the frame.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
