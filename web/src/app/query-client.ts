import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, isUnauthorized } from "@/lib/api-error";
import { accountQueryKey } from "@/lib/query-keys";

/** Client errors (4xx) are answers, not glitches: retry only network failures and server errors, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * One QueryClient, one 401 policy: any query or mutation answered 401 means the session is gone, so the
 * account becomes null. The protected-area guard watches the account and sends the visitor to /auth.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) queryClient.setQueryData(accountQueryKey, null);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) queryClient.setQueryData(accountQueryKey, null);
      },
    }),
    defaultOptions: {
      queries: {
        retry: retry ? shouldRetry : false,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
