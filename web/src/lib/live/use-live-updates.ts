import {
  CREDITS_REFRESH_DEBOUNCE_MS,
  CREDITS_UPDATED_EVENT,
  type CreditsUpdatedDetail,
  type Video,
  type VideoEvent,
  type VideoList,
} from "@reelsmith/core";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { accountQueryKey, billingKeys, creditsQueryKey, videoQueryKey, videosQueryKey } from "@/lib/query-keys";

import { liveEvents } from "./live-events";

/** Fires the spec's 'credits-updated' browser event; any screen may call it after it changed credits. */
export function announceCreditsUpdated(detail: CreditsUpdatedDetail = {}): void {
  window.dispatchEvent(new CustomEvent<CreditsUpdatedDetail>(CREDITS_UPDATED_EVENT, { detail }));
}

/** Refetches everything that shows credits or the plan: the account, the credits summary, billing. */
export function refreshAccountState(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountQueryKey }),
    queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  ]);
}

/**
 * A video's progress is patched into every cached list at once (smooth progress bars without
 * refetching); a finished or failed video moves tabs, so the lists reload. Returns whether it did.
 */
export function applyVideoEvent(queryClient: QueryClient, event: VideoEvent): boolean {
  const patch = (v: Video): Video => ({
    ...v,
    progress: Math.max(v.progress, event.progress),
    stage: event.stage,
    ...(event.status === "processing" ? {} : { status: event.status }),
    ...(event.errorMessage !== undefined ? { error_message: event.errorMessage } : {}),
  });
  queryClient.setQueriesData<VideoList>({ queryKey: videosQueryKey }, (list) => {
    if (!list?.items?.some((v) => v.id === event.id)) return list;
    return { ...list, items: list.items.map((v) => (v.id === event.id ? patch(v) : v)) };
  });
  queryClient.setQueryData<Video>(videoQueryKey(event.id), (video) => (video ? patch(video) : video));
  if (event.status === "processing" && event.stage !== "Queued") return false;
  if (event.status !== "processing") moveOutOfProcessing(queryClient, event.id, event.status);
  // Finished or failed: fetch the signed links and move the video between tabs.
  void queryClient.invalidateQueries({ queryKey: videosQueryKey });
  void queryClient.invalidateQueries({ queryKey: videoQueryKey(event.id) });
  return true;
}

/**
 * Takes a finished or failed video out of every cached Processing list and moves its count, so it never
 * sits in the Processing tab as "Finished" or "Failed" while the lists reload (the reload brings it into
 * Finished or the Failed section).
 */
function moveOutOfProcessing(queryClient: QueryClient, id: string, to: "finished" | "error"): void {
  for (const [key, list] of queryClient.getQueriesData<VideoList>({ queryKey: videosQueryKey })) {
    const params = key[1] as { group?: string } | undefined;
    if (params?.group !== "processing" || !list?.items.some((v) => v.id === id)) continue;
    queryClient.setQueryData<VideoList>(key, {
      ...list,
      items: list.items.filter((v) => v.id !== id),
      total: Math.max(0, list.total - 1),
      ...(list.counts
        ? {
            counts: {
              processing: Math.max(0, list.counts.processing - 1),
              finished: list.counts.finished + (to === "finished" ? 1 : 0),
              failed: list.counts.failed + (to === "error" ? 1 : 0),
            },
          }
        : {}),
    });
  }
}

/**
 * Keeps the signed-in screens current: a credit change pushed by the server becomes a 'credits-updated'
 * browser event, and every such event refreshes the account (balance, plan) after an 800 ms debounce,
 * so a burst of changes costs one request.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void refreshAccountState(queryClient);
      }, CREDITS_REFRESH_DEBOUNCE_MS);
    };
    window.addEventListener(CREDITS_UPDATED_EVENT, refresh);
    const unsubscribe = liveEvents.subscribe((event) => {
      if (event.type === "credits") {
        announceCreditsUpdated({
          newCredits: event.balance,
          ...(event.change ? { changeType: event.change.source, amount: event.change.amount } : {}),
        });
      } else if (event.type === "video") {
        if (applyVideoEvent(queryClient, event)) refresh();
      } else if (event.type === "subscription") {
        announceCreditsUpdated({ changeType: "subscription" });
      }
    });
    return () => {
      clearTimeout(timer);
      window.removeEventListener(CREDITS_UPDATED_EVENT, refresh);
      unsubscribe();
    };
  }, [queryClient]);
}
