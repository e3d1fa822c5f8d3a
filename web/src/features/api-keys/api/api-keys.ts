import { apiKeyListSchema, type CreateApiKey, createdApiKeySchema } from "@reelsmith/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

const apiKeysQueryKey = ["api-keys"] as const;

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysQueryKey,
  queryFn: ({ signal }) => apiFetch("/api/api-keys", { schema: apiKeyListSchema, signal }),
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

/** Makes a key; the answer is the only time the whole key is seen. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKey) =>
      apiFetch("/api/api-keys", { method: "POST", json: body, schema: createdApiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
