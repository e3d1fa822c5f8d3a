import { type Batch, batchCheckSchema, batchListSchema, batchSchema, type CreateBatchBody } from "@reelsmith/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { accountQueryKey, creditsQueryKey, videosQueryKey } from "@/lib/query-keys";

const batchesQueryKey = ["batches"] as const;
/** A batch's page is read again this often while any of its videos is still being made. */
const BATCH_POLL_MS = 4000;

export const batchesQueryOptions = queryOptions({
  queryKey: batchesQueryKey,
  queryFn: ({ signal }) => apiFetch("/api/batches", { schema: batchListSchema, signal }),
});

export function useBatches() {
  return useQuery(batchesQueryOptions);
}

export function batchQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...batchesQueryKey, id],
    queryFn: ({ signal }) => apiFetch(`/api/batches/${encodeURIComponent(id)}`, { schema: batchSchema, signal }),
    refetchInterval: (query) => ((query.state.data?.counts.processing ?? 1) > 0 ? BATCH_POLL_MS : false),
  });
}

export function useBatch(id: string) {
  return useQuery(batchQueryOptions(id));
}

/** What a file would make and cost, or every bad row and column (nothing is stored or charged). */
export function useCheckBatch() {
  return useMutation({
    mutationFn: (body: CreateBatchBody) =>
      apiFetch("/api/batches/check", { method: "POST", json: body, schema: batchCheckSchema }),
  });
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBatchBody) =>
      apiFetch<Batch>("/api/batches", { method: "POST", json: body, schema: batchSchema }),
    onSuccess: (batch) => {
      queryClient.setQueryData([...batchesQueryKey, batch.id], batch);
      void queryClient.invalidateQueries({ queryKey: batchesQueryKey });
      // The balance and the video lists changed too.
      for (const queryKey of [accountQueryKey, creditsQueryKey, videosQueryKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

/** Where "Download all" fetches the batch's finished videos as one ZIP. */
export function batchZipUrl(id: string): string {
  return `/api/batches/${encodeURIComponent(id)}/zip`;
}
