import { type Affiliate, affiliateSchema } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

export const affiliateQueryKey = ["affiliate"] as const;

export function getAffiliate({ signal }: { signal?: AbortSignal } = {}): Promise<Affiliate> {
  return apiFetch("/api/affiliate", { schema: affiliateSchema, ...(signal ? { signal } : {}) });
}

export function affiliateQueryOptions() {
  return queryOptions({ queryKey: affiliateQueryKey, queryFn: ({ signal }) => getAffiliate({ signal }) });
}

export function useAffiliate() {
  return useQuery(affiliateQueryOptions());
}
