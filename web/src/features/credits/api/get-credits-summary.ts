import { type CreditsSummary, creditsSummarySchema } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

import { creditsQueryKey } from "@/lib/query-keys";

export function getCreditsSummary({ signal }: { signal?: AbortSignal } = {}): Promise<CreditsSummary> {
  return apiFetch("/api/credits", { schema: creditsSummarySchema, ...(signal ? { signal } : {}) });
}

export function creditsSummaryQueryOptions() {
  return queryOptions({ queryKey: creditsQueryKey, queryFn: ({ signal }) => getCreditsSummary({ signal }) });
}

export function useCreditsSummary() {
  return useQuery(creditsSummaryQueryOptions());
}
