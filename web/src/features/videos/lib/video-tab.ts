import type { VideoGroup, VideoList } from "@reelsmith/core";

/** The two tabs of Finished Videos; the open one is `?tab=` in the address. */
export type VideoTab = Exclude<VideoGroup, "all">;

const TABS: readonly VideoTab[] = ["processing", "finished"];

/** The tab a `?tab=` value names, or null when it names none (then the default applies). */
export function parseVideoTab(value: string | null): VideoTab | null {
  return TABS.find((tab) => tab === value) ?? null;
}

/**
 * The tab Finished Videos opens on without `?tab=`: Processing while a video is still being made,
 * else Finished, where the videos are. A failed video alone does not hold the page on Processing.
 */
export function defaultVideoTab(processingTab: Pick<VideoList, "items">): VideoTab {
  return processingTab.items.some((video) => video.status === "processing") ? "processing" : "finished";
}
