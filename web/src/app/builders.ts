import { messages, type VideoType } from "@reelsmith/core";
import type { ComponentType } from "react";

import type { SignedOutNotice } from "@/routes/app/signed-out-builder";

/** A builder's route module, loaded when its page is first opened. */
export type LazyRoute = () => Promise<{ Component: ComponentType }>;

/** One builder route for each of a set of video types, none left out. */
export type BuilderRegistry<K extends string> = Record<K, LazyRoute>;

/**
 * Every video type's builder route module. The map is total, so a video type without a builder is a compile
 * error here rather than a dead link in the studio.
 */
export const builtBuilders: BuilderRegistry<VideoType> = {
  reddit: () => import("@/routes/app/reddit-story").then((m) => ({ Component: m.RedditStoryRoute })),
  "text-hook": () => import("@/routes/app/music-video").then((m) => ({ Component: m.MusicVideoRoute })),
  "faceless-ai": () => import("@/routes/app/ai-video-creator").then((m) => ({ Component: m.AiVideoCreatorRoute })),
  "ugc-ads": () => import("@/routes/app/ai-ugc-ads").then((m) => ({ Component: m.AiUgcAdsRoute })),
  "green-screen": () => import("@/routes/app/green-screen").then((m) => ({ Component: m.GreenScreenRoute })),
};

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
