import type { VideoType } from "@reelsmith/core";
import { Clapperboard, type LucideIcon, MessageSquareText, Music2, ScanFace, Sparkles } from "lucide-react";

/** One icon for each of a set of video types, none left out. */
export type VideoTypeIconRegistry<K extends string> = Record<K, LucideIcon>;

/** Each video type's icon (studio cards, the dashboard, the landing page); a type without one does not compile. */
export const videoTypeIcons: VideoTypeIconRegistry<VideoType> = {
  "faceless-ai": Sparkles,
  "ugc-ads": ScanFace,
  "text-hook": Music2,
  "green-screen": Clapperboard,
  reddit: MessageSquareText,
};
