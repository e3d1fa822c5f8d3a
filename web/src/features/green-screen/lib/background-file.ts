import type { UserFile } from "@reelsmith/core";

/** Whether a stored background is a video (the server records the type it read from the bytes). */
export function isVideoBackground(file: Pick<UserFile, "mime_type">): boolean {
  return file.mime_type.toLowerCase().startsWith("video/");
}
