import { type Batch, batchSchema, type CreateVideoBody, type Video, videoSchema } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { accountQueryKey, videosQueryKey } from "@/lib/query-keys";

export function createVideo(body: CreateVideoBody): Promise<Video> {
  return apiFetch("/api/videos", { method: "POST", json: body, schema: videoSchema });
}

/** The same video in several languages (`languages` given): one batch of a video per language. */
export function createVideoInLanguages(body: CreateVideoBody): Promise<Batch> {
  return apiFetch("/api/videos", { method: "POST", json: body, schema: batchSchema });
}

/** What a creation made: one video, or a batch of one per language. */
export type Created = { video: Video } | { batch: Batch };

/** One video, or with `languages` a batch of one per language. */
async function createAny(body: CreateVideoBody): Promise<Created> {
  return body.languages ? { batch: await createVideoInLanguages(body) } : { video: await createVideo(body) };
}

/**
 * Creates a video (or, with `languages`, one per language); the lists and the balance refresh when it is queued, and the balance also when the
 * server refuses (it may have changed elsewhere).
 */
export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAny,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: videosQueryKey });
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}
