/**
 * Helpers of the titles a new video gets. Each video type's own rule lives in its definition
 * (packages/core/src/video-types/); `videoTitle` applies it and clamps the result.
 */

export const VIDEO_TITLE_MAX = 200;

/** One line of at most VIDEO_TITLE_MAX characters, cut with an ellipsis. */
export function clampVideoTitle(title: string): string {
  const single = title.replace(/\s+/g, " ").trim();
  return single.length > VIDEO_TITLE_MAX ? `${single.slice(0, VIDEO_TITLE_MAX - 1).trimEnd()}…` : single;
}

/** A file name without its extension, for titles. */
export function fileBaseName(filename: string | undefined): string {
  return (filename ?? "").replace(/\.[A-Za-z0-9]{1,5}$/, "").trim();
}

/** The file name a video downloads as: its title, without characters file systems refuse. */
export function videoDownloadName(title: string): string {
  const safe = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);
  return `${safe || "video"}.mp4`;
}
