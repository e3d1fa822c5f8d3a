import type { UserFile } from "@reelsmith/core";

/** An upload's thumbnail in Your Library: the picture, or a video's first frame (muted, not playing). */
export function FileThumbnail({ file }: { file: UserFile }) {
  const className = "size-11 shrink-0 rounded-md border bg-muted object-cover";
  // The server records the type it read from the file's bytes.
  if (file.mime_type.toLowerCase().startsWith("video/")) {
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
