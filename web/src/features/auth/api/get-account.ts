import type { Account } from "@reelsmith/core";
import { messages } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { ApiError, apiFetch } from "@/lib/api-client";

import { accountQueryKey } from "./account-key";

export { accountQueryKey };

/** The signed-in account, or null when there is no session (401). Other failures throw. */
export async function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account | null> {
  try {
    const body = await apiFetch<unknown>("/api/account", signal ? { signal } : {});
    // The schema (and zod with it) loads only for a signed-in visitor, not in the bundle every page needs.
    const { accountSchema } = await import("./account-schema");
    const parsed = accountSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(200, "INVALID_RESPONSE", messages.common.somethingWentWrong);
    return parsed.data;
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
