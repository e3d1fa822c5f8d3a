import { FILE_ACCEPT, messages, type UserFile } from "@reelsmith/core";

import { UploadField } from "@/components/builder/pickers/upload-field";
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

/** The background: a picture or a video (JPG, PNG, WebP or MP4, at most 10 MB), uploaded or from Your Library. */
export function BackgroundField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (file: UserFile | null) => void;
}) {
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
