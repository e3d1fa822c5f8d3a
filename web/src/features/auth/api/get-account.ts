import { type Account, accountSchema } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { ApiError, apiFetch } from "@/lib/api-client";

import { accountQueryKey } from "./account-key";

export { accountQueryKey };

/** The signed-in account, or null when there is no session (401). Other failures throw. */
export async function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account | null> {
  try {
    return await apiFetch("/api/account", { schema: accountSchema, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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
