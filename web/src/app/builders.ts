import type { VideoType } from "@reelsmith/core";
import type { ComponentType } from "react";

type LazyRoute = () => Promise<{ Component: ComponentType }>;

/**
 * The builders that exist, by video type, each with its route module. This one list opens a builder's
 * route, turns its Creator Studio card into a link and moves that card up; every other type's route
 * shows its "coming soon" card inside the app.
 */
export const builtBuilders: Partial<Record<VideoType, LazyRoute>> = {
  reddit: () => import("@/routes/app/reddit-story").then((m) => ({ Component: m.RedditStoryRoute })),
  "text-hook": () => import("@/routes/app/music-video").then((m) => ({ Component: m.MusicVideoRoute })),
};

export function hasBuilder(type: VideoType): boolean {
  return builtBuilders[type] !== undefined;
}
