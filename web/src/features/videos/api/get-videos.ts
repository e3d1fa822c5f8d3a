import { VIDEO_LIST_POLL_MS, type VideoList, type VideoListQuery, videoListSchema } from "@reelsmith/core";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { videosQueryKey } from "@/lib/query-keys";

export function getVideos(query: VideoListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<VideoList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return apiFetch(`/api/videos?${params.toString()}`, { schema: videoListSchema, ...(signal ? { signal } : {}) });
}

export function videosQueryOptions(query: VideoListQuery) {
  return queryOptions({
    queryKey: [...videosQueryKey, query],
    queryFn: ({ signal }) => getVideos(query, { signal }),
    // The spec's 60 s refresh; live events make most changes show sooner.
    refetchInterval: VIDEO_LIST_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useVideos(query: VideoListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...videosQueryOptions(query), enabled });
}
