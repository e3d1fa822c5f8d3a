import { BACKGROUND_VIDEO_MAX_BYTES, FILE_ACCEPT, messages, type UserFile } from "@reelsmith/core";
import { Film, Image } from "lucide-react";
import { useState } from "react";

import { useFiles } from "@/components/builder/api/get-files";
import { UploadField } from "@/components/builder/pickers/upload-field";
import { isAcceptedFootage } from "@/features/reddit/components/background-step";
import { CropPicker } from "@/features/reddit/components/crop-picker";
import { cn } from "@/lib/utils";
import { isAcceptedBackgroundFile, isVideoBackground } from "../lib/background-file";

const UPLOAD_MESSAGES = {
  invalidType: { title: messages.files.unsupportedBackground },
  tooLarge: { title: messages.files.tooLarge },
  deleted: { title: messages.files.deleted },
  deleteFailed: { title: messages.files.deleteFailed },
};

/** A library file's thumbnail: the picture, or a video's first frame (muted, not playing). */
function Thumbnail({ file }: { file: UserFile }) {
  const className = "size-11 shrink-0 rounded-md border bg-muted object-cover";
  if (isVideoBackground(file)) {
    return (
      <video
        src={`${file.url}#t=0.1`}
        muted
        playsInline
        preload="metadata"
        tabIndex={-1}
        aria-hidden="true"
        className={className}
      />
    );
  }
  return <img src={file.url} alt="" loading="lazy" className={className} />;
}

const FOOTAGE_MESSAGES = {
  invalidType: { title: messages.files.unsupportedBackgroundVideo },
  tooLarge: { title: messages.files.backgroundVideoTooLarge },
  deleted: { title: messages.files.deleted },
  deleteFailed: { title: messages.files.deleteFailed },
};

/**
 * The background: a picture or a video (JPG, PNG, WebP or MP4, at most 10 MB), or the creator's own
 * footage (MP4, MOV or WebM, up to 100 MB, shared with Reddit stories), uploaded or from Your Library,
 * with the part of it that fills the 9:16 frame (`crop`, the window's horizontal centre: the middle
 * when own footage is chosen, null for the other kind).
 */
export function BackgroundField({
  value,
  crop,
  onChange,
  onCropChange,
}: {
  value: string | null;
  crop: number | null;
  onChange: (file: UserFile | null, crop: { x: number } | null) => void;
  onCropChange: (x: number) => void;
}) {
  const footage = useFiles("background-video");
  const [source, setSource] = useState<"picture" | "own" | null>(null);
  const chosenFootage = footage.data?.find((file) => file.id === value) ?? null;
  const shown = source ?? (chosenFootage ? "own" : "picture");
  const options = [
    { id: "picture" as const, label: "Picture or MP4", icon: Image },
    { id: "own" as const, label: "Your footage", icon: Film },
  ];
  return (
    <div className="space-y-4">
      <fieldset aria-label="Background source" className="inline-flex rounded-lg border bg-muted/40 p-1">
        {options.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            type="button"
            aria-pressed={shown === id}
            onClick={() => setSource(id)}
            className={cn(
              "inline-flex items-center gap-2 rounded-md px-3 py-1.5 font-medium text-sm transition-colors",
              shown === id ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </button>
        ))}
      </fieldset>
      {shown === "own" ? (
        <>
          <UploadField
            kind="background-video"
            value={value}
            onChange={(file) => onChange(file, file ? { x: 0.5 } : null)}
            accept={FILE_ACCEPT["background-video"]}
            isAccepted={isAcceptedFootage}
            maxBytes={BACKGROUND_VIDEO_MAX_BYTES}
            messages={FOOTAGE_MESSAGES}
            prompt="Upload your own background footage"
            hint="MP4, MOV or WebM · 2 s to 10 min · up to 100 MB"
            renderPreview={(file) => <Thumbnail file={file} />}
          />
          {chosenFootage ? (
            <CropPicker
              src={chosenFootage.url}
              value={crop ?? 0.5}
              onChange={onCropChange}
              hint="Drag the frame (or use the arrow keys) to choose what fills the 9:16 video behind the meme. The clip loops seamlessly."
            />
          ) : null}
        </>
      ) : (
        <PictureOrClip value={value} onChange={(file) => onChange(file, null)} />
      )}
    </div>
  );
}

function PictureOrClip({ value, onChange }: { value: string | null; onChange: (file: UserFile | null) => void }) {
  return (
    <UploadField
      kind="green-screen"
      value={value}
      onChange={onChange}
      accept={FILE_ACCEPT["green-screen"]}
      isAccepted={isAcceptedBackgroundFile}
      messages={UPLOAD_MESSAGES}
      prompt="Upload a background picture or video"
      hint="JPG, PNG, WebP or MP4 · up to 10 MB · vertical 9:16 fills the frame best"
      renderPreview={(file) => <Thumbnail file={file} />}
    />
  );
}
