import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { apiFetch } from "@/lib/api-client";
import { textCoverageQueryKey } from "@/lib/query-keys";

const textCoverageSchema = z.object({ spans: z.array(z.tuple([z.number().int(), z.number().int()])) });

export function textCoverageQueryOptions() {
  return queryOptions({
    queryKey: textCoverageQueryKey,
    queryFn: ({ signal }) => apiFetch("/api/catalog/text-coverage", { schema: textCoverageSchema, signal }),
    // The server's fonts change only with its machine.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What the server's fonts can draw, as code point spans (empty while unknown: nothing is hinted then). */
export function useTextCoverage() {
  return useQuery(textCoverageQueryOptions());
}
