import { type TopUpStatus, topUpStatusSchema } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

import { billingKeys } from "@/lib/query-keys";

/** This month's one-time purchases and what is left of the cap (spec: the dialog loads them on open). */
export function getTopUpStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TopUpStatus> {
  return apiFetch("/api/billing/top-up", { schema: topUpStatusSchema, ...(signal ? { signal } : {}) });
}

export function topUpStatusQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.topUp,
    queryFn: ({ signal }) => getTopUpStatus({ signal }),
    staleTime: 0,
  });
}

export function useTopUpStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...topUpStatusQueryOptions(), enabled });
}
