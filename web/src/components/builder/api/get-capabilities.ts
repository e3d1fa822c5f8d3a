import { capabilitiesSchema } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { capabilitiesQueryKey } from "@/lib/query-keys";

export function getCapabilities({ signal }: { signal?: AbortSignal } = {}) {
  return apiFetch("/api/capabilities", { schema: capabilitiesSchema, ...(signal ? { signal } : {}) });
}

export function capabilitiesQueryOptions() {
  return queryOptions({
    queryKey: capabilitiesQueryKey,
    queryFn: ({ signal }) => getCapabilities({ signal }),
    staleTime: 5 * 60_000,
  });
}

/** Which optional providers the server has (is AI writing on?). */
export function useCapabilities() {
  return useQuery(capabilitiesQueryOptions());
}
