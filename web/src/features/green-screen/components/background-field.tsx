import { BACKGROUND_VIDEO_MAX_BYTES, FILE_ACCEPT, looksLikeUpload, type UserFile } from "@reelsmith/core";
import { Film, Image } from "lucide-react";
import { useState } from "react";

import { useFiles } from "@/components/builder/api/get-files";
import { CropPicker } from "@/components/builder/pickers/crop-picker";
import { FileThumbnail } from "@/components/builder/pickers/file-thumbnail";
import { UploadField, uploadFieldMessages } from "@/components/builder/pickers/upload-field";
import { type SourceOption, SourceToggle } from "./source-toggle";

const OPTIONS: readonly SourceOption<"picture" | "own">[] = [
  { id: "picture", label: "Picture or MP4", icon: Image },
  { id: "own", label: "Your footage", icon: Film },
];

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
  return (
    <div className="space-y-4">
      <SourceToggle label="Background source" options={OPTIONS} value={shown} onChange={setSource} />
      {shown === "own" ? (
        <>
          <UploadField
            kind="background-video"
            value={value}
            onChange={(file) => onChange(file, file ? { x: 0.5 } : null)}
            accept={FILE_ACCEPT["background-video"]}
            isAccepted={(file) => looksLikeUpload("background-video", file)}
            maxBytes={BACKGROUND_VIDEO_MAX_BYTES}
            messages={uploadFieldMessages("background-video")}
            prompt="Upload your own background footage"
            hint="MP4, MOV or WebM · 2 s to 10 min · up to 100 MB"
            renderPreview={(file) => <FileThumbnail file={file} />}
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
      isAccepted={(file) => looksLikeUpload("green-screen", file)}
      messages={uploadFieldMessages("green-screen")}
      prompt="Upload a background picture or video"
      hint="JPG, PNG, WebP or MP4 · up to 10 MB · vertical 9:16 fills the frame best"
      renderPreview={(file) => <FileThumbnail file={file} />}
    />
  );
}
