import type { ShowcaseManifest } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

export const showcaseQueryKey = ["showcase"] as const;

/** The landing page's rendered clips; an empty list until `npm run showcase` has made them. */
export function getShowcase({ signal }: { signal?: AbortSignal } = {}): Promise<ShowcaseManifest> {
  return apiFetch<ShowcaseManifest>("/api/showcase", signal ? { signal } : {});
}

export function showcaseQueryOptions() {
  return queryOptions({
    queryKey: showcaseQueryKey,
    queryFn: ({ signal }) => getShowcase({ signal }),
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

export function useShowcase() {
  return useQuery(showcaseQueryOptions());
}
