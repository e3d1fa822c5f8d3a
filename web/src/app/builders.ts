import { messages, type VideoType } from "@reelsmith/core";
import type { ComponentType } from "react";

import type { SignedOutNotice } from "@/routes/app/signed-out-builder";

type LazyRoute = () => Promise<{ Component: ComponentType }>;

/**
 * The builders that exist, by video type, each with its route module. This one list opens a builder's
 * route, turns its Creator Studio card into a link and moves that card up; every other type's route
 * shows its "coming soon" card inside the app.
 */
export const builtBuilders: Partial<Record<VideoType, LazyRoute>> = {
  reddit: () => import("@/routes/app/reddit-story").then((m) => ({ Component: m.RedditStoryRoute })),
  "text-hook": () => import("@/routes/app/music-video").then((m) => ({ Component: m.MusicVideoRoute })),
  "faceless-ai": () => import("@/routes/app/ai-video-creator").then((m) => ({ Component: m.AiVideoCreatorRoute })),
  "ugc-ads": () => import("@/routes/app/ai-ugc-ads").then((m) => ({ Component: m.AiUgcAdsRoute })),
  "green-screen": () => import("@/routes/app/green-screen").then((m) => ({ Component: m.GreenScreenRoute })),
};

export function hasBuilder(type: VideoType): boolean {
  return builtBuilders[type] !== undefined;
}

/** Builders that explain themselves to a visitor who is not signed in (spec section 8); others redirect to /auth. */
export const signedOutNotices: Partial<Record<VideoType, SignedOutNotice>> = {
  "faceless-ai": {
    title: messages.faceless.signInRequired,
    description: "Sign in or create a free account to make ASMR and dreamscape videos.",
    toast: { title: messages.faceless.authErrorTitle, description: messages.faceless.signInRequired },
  },
  "ugc-ads": {
    title: messages.ugc.authRequired,
    description: messages.ugc.signInRequired,
  },
};

/** What a builder route carries for the app layout. */
export interface BuilderRouteHandle {
  builder: { name: string; signedOut?: SignedOutNotice };
}
