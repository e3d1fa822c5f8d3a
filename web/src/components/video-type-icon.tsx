import type { VideoType } from "@reelsmith/core";
import { Clapperboard, type LucideIcon, MessageSquareText, Music2, ScanFace, Sparkles } from "lucide-react";

export const videoTypeIcons: Record<VideoType, LucideIcon> = {
  "faceless-ai": Sparkles,
  "ugc-ads": ScanFace,
  "text-hook": Music2,
  "green-screen": Clapperboard,
  reddit: MessageSquareText,
};
