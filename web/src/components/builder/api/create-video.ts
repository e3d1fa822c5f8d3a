import { type CreateVideoBody, type Video, videoSchema } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { accountQueryKey, videosQueryKey } from "@/lib/query-keys";

export function createVideo(body: CreateVideoBody): Promise<Video> {
  return apiFetch("/api/videos", { method: "POST", json: body, schema: videoSchema });
}

/**
 * Creates a video; the lists and the balance refresh when it is queued, and the balance also when the
 * server refuses (it may have changed elsewhere).
 */
export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideo,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: videosQueryKey });
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}
