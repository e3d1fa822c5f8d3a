import { type Catalog, catalogSchema } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { catalogQueryKey } from "@/lib/query-keys";

export function getCatalog({ signal }: { signal?: AbortSignal } = {}): Promise<Catalog> {
  return apiFetch("/api/catalog", { schema: catalogSchema, ...(signal ? { signal } : {}) });
}

/** The starter library, caption styles and voices; it changes only when the server is rebuilt. */
export function catalogQueryOptions() {
  return queryOptions({
    queryKey: catalogQueryKey,
    queryFn: ({ signal }) => getCatalog({ signal }),
    staleTime: Infinity,
  });
}

export function useCatalog() {
  return useQuery(catalogQueryOptions());
}
