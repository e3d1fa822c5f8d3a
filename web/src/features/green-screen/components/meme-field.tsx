import { BACKGROUND_VIDEO_MAX_BYTES, type Catalog, FILE_ACCEPT, looksLikeUpload } from "@reelsmith/core";
import { Library, Video } from "lucide-react";
import { useState } from "react";
import { FileThumbnail } from "@/components/builder/pickers/file-thumbnail";
import { UploadField, uploadFieldMessages } from "@/components/builder/pickers/upload-field";
import { MemePicker } from "./meme-picker";
import { type SourceOption, SourceToggle } from "./source-toggle";

type MemeSource = "library" | "own";

/** The meme fields: a library meme or the creator's own clip, never both (the schema refuses both). */
export interface MemeValue {
  selected_meme: string | null;
  meme_file_id: string | null;
}

const OPTIONS: readonly SourceOption<MemeSource>[] = [
  { id: "library", label: "Library", icon: Library },
  { id: "own", label: "Your clip", icon: Video },
];

/**
 * The meme: one of the starter library's clips, or the creator's own clip filmed on a green or blue
 * screen (MP4, MOV or WebM, 1 s to 1 min, up to 100 MB; the server checks it has a screen), uploaded
 * or from Your Library. Opens on the creator's clip when the draft has one. Choosing one source's meme
 * clears the other's, as the video takes exactly one.
 */
export function MemeField({
  memes,
  value,
  onChange,
}: {
  memes: Catalog["memes"];
  value: MemeValue;
  onChange: (value: Partial<MemeValue>) => void;
}) {
  const [source, setSource] = useState<MemeSource | null>(null);
  const shown = source ?? (value.meme_file_id ? "own" : "library");
  return (
    <div className="space-y-4">
      <SourceToggle label="Meme source" options={OPTIONS} value={shown} onChange={setSource} />
      {shown === "own" ? (
        <UploadField
          kind="meme-clip"
          value={value.meme_file_id}
          // Removing the clip leaves the library meme unset too: the creator picks again.
          onChange={(file) => onChange(file ? { meme_file_id: file.id, selected_meme: null } : { meme_file_id: null })}
          accept={FILE_ACCEPT["meme-clip"]}
          isAccepted={(file) => looksLikeUpload("meme-clip", file)}
          maxBytes={BACKGROUND_VIDEO_MAX_BYTES}
          messages={uploadFieldMessages("meme-clip")}
          prompt="Upload your own green-screen clip"
          hint="MP4, MOV or WebM on a green or blue screen · 1 s to 1 min · up to 100 MB"
          renderPreview={(file) => <FileThumbnail file={file} />}
        />
      ) : (
        <MemePicker
          memes={memes}
          value={value.selected_meme}
          onChange={(selected_meme) => onChange({ selected_meme, meme_file_id: null })}
        />
      )}
    </div>
  );
}
