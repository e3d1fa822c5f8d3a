import { videoSchema } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { videoQueryKey } from "@/lib/query-keys";

export function videoQueryOptions(id: string) {
  return queryOptions({
    queryKey: videoQueryKey(id),
    queryFn: ({ signal }) => apiFetch(`/api/videos/${encodeURIComponent(id)}`, { schema: videoSchema, signal }),
    // Live events keep it current; the poll covers a dropped event stream.
    refetchInterval: (query) => (query.state.data?.status === "processing" ? 10_000 : false),
  });
}

/** One video, kept current while it renders. */
export function useVideo(id: string | null) {
  return useQuery({ ...videoQueryOptions(id ?? ""), enabled: id !== null });
}
