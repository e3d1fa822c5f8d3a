import type { UserFile } from "@reelsmith/core";

/** Spec section 5: a green-screen background is a JPG, PNG or WebP picture or an MP4 video. */
export function isAcceptedBackgroundFile(file: { name: string; type: string }): boolean {
  return (
    ["image/jpeg", "image/png", "image/webp", "video/mp4"].includes(file.type.toLowerCase()) ||
    /\.(jpe?g|png|webp|mp4)$/i.test(file.name)
  );
}

/** Whether a stored background is a video (the server records the type it read from the bytes). */
export function isVideoBackground(file: Pick<UserFile, "mime_type">): boolean {
  return file.mime_type.toLowerCase().startsWith("video/");
}
