import { type Video, videoSchema } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { accountQueryKey, creditsQueryKey, videosQueryKey } from "@/lib/query-keys";

/** POST /api/videos/:id/retry: the failed video made again as a new one, charged again. */
export function retryVideo(id: string): Promise<Video> {
  return apiFetch(`/api/videos/${encodeURIComponent(id)}/retry`, { method: "POST", schema: videoSchema });
}

/** DELETE /api/videos/:id: a finished video deleted, or a failed one removed. */
export async function deleteVideo(id: string): Promise<void> {
  await apiFetch(`/api/videos/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Retry and delete reload the lists; a retry also changes the balance. */
export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryVideo,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videosQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
        queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
      ]),
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: videosQueryKey }),
  });
}
