import { type CreateVideoBody, type Preview, previewSchema } from "@reelsmith/core";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { previewQueryKey } from "@/lib/query-keys";

/** Asks for the free preview of a video: an earlier one of the same input, or a new one queued. */
export function requestPreview(body: CreateVideoBody): Promise<Preview> {
  return apiFetch("/api/video-previews", { method: "POST", json: body, schema: previewSchema });
}

export function useRequestPreview() {
  return useMutation({ mutationFn: requestPreview });
}

export function previewQueryOptions(id: string) {
  return queryOptions({
    queryKey: previewQueryKey(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/video-previews/${encodeURIComponent(id)}`, { schema: previewSchema, signal }),
    // Read often while it renders: the player starts as soon as the first piece is stored.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "queued" || status === "rendering" ? 700 : false;
    },
  });
}

/** One preview, kept current until it is ready or failed. */
export function usePreview(id: string | null) {
  return useQuery({ ...previewQueryOptions(id ?? ""), enabled: id !== null });
}
