import type { Account } from "@reelsmith/core";
import { messages } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { ApiError, apiFetch } from "@/lib/api-client";

import { accountQueryKey } from "@/lib/query-keys";

export { accountQueryKey };

/**
 * The signed-in account, or null for a visitor. Asks `/api/session`, which answers 200 either way, so a signed-out
 * page view logs no failed request. Other failures throw.
 */
export async function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account | null> {
  const body = await apiFetch<{ account?: unknown }>("/api/session", signal ? { signal } : {});
  if (body?.account === null) return null;
  // The schema (and zod with it) loads only for a signed-in visitor, not in the bundle every page needs.
  const { accountSchema } = await import("./account-schema");
  const parsed = accountSchema.safeParse(body?.account);
  if (!parsed.success) throw new ApiError(200, "INVALID_RESPONSE", messages.common.somethingWentWrong);
  return parsed.data;
}

export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => getAccount({ signal }),
    // Data set by sign-out (null) must not be refetched right away, or the landing page would bounce.
    staleTime: 60_000,
  });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
