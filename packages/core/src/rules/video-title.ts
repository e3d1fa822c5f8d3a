import { ASMR_STYLES, DREAMSCAPE_STYLES, TEXT_HOOK_STYLES } from "../catalogue/media.ts";
import type { VideoInputByType } from "../schemas/videos.ts";

export const VIDEO_TITLE_MAX = 200;

function clamp(title: string): string {
  const single = title.replace(/\s+/g, " ").trim();
  return single.length > VIDEO_TITLE_MAX ? `${single.slice(0, VIDEO_TITLE_MAX - 1).trimEnd()}…` : single;
}

/** A file name without its extension, for titles. */
function baseName(filename: string | undefined): string {
  return (filename ?? "").replace(/\.[A-Za-z0-9]{1,5}$/, "").trim();
}

/**
 * The title a new video gets. Reddit's is the spec's: 'Reddit Story - {username or Anonymous} - {post
 * title}'; the others follow the same pattern with what identifies them.
 */
export function videoTitle<T extends keyof VideoInputByType>(
  type: T,
  input: VideoInputByType[T],
  context: { audioFilename?: string } = {},
): string {
  switch (type) {
    case "reddit": {
      const i = input as VideoInputByType["reddit"];
      return clamp(`Reddit Story - ${i.username || "Anonymous"} - ${i.post_title}`);
    }
    case "text-hook": {
      const i = input as VideoInputByType["text-hook"];
      const style = TEXT_HOOK_STYLES.find((s) => s.id === i.video_style)?.title ?? i.video_style;
      const what = i.text_hook || baseName(context.audioFilename) || "Untitled track";
      return clamp(`Music Video - ${style} - ${what}`);
    }
    case "green-screen": {
      const i = input as VideoInputByType["green-screen"];
      return clamp(`Green Screen Meme - ${i.text_hook}`);
    }
    case "ugc-ads": {
      const i = input as VideoInputByType["ugc-ads"];
      return clamp(`UGC Ad - ${i.product_name || "Product"}${i.hook ? ` - ${i.hook}` : ""}`);
    }
    case "faceless-ai": {
      const i = input as VideoInputByType["faceless-ai"];
      const styles: readonly { id: string; title: string }[] = i.tab === "asmr" ? ASMR_STYLES : DREAMSCAPE_STYLES;
      const style = styles.find((s) => s.id === i.video_type)?.title ?? i.video_type;
      return clamp(`${i.tab === "asmr" ? "AI ASMR" : "Dreamscape"} - ${style}${i.title ? ` - ${i.title}` : ""}`);
    }
    default:
      return clamp(String(type));
  }
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
