import { type BillingInterval, type TestPortal, testPortalSchema } from "@reelsmith/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { accountQueryKey, billingKeys, creditsQueryKey } from "@/lib/query-keys";

export function getTestPortal(returnPath: string | null, { signal }: { signal?: AbortSignal } = {}) {
  const query = returnPath ? `?return=${encodeURIComponent(returnPath)}` : "";
  return apiFetch(`/api/billing/test-portal${query}`, { schema: testPortalSchema, ...(signal ? { signal } : {}) });
}

export function testPortalQueryOptions(returnPath: string | null) {
  return queryOptions({
    queryKey: [...billingKeys.testPortal, returnPath] as const,
    queryFn: ({ signal }) => getTestPortal(returnPath, { signal }),
    staleTime: 0,
  });
}

export function useTestPortal(returnPath: string | null) {
  return useQuery(testPortalQueryOptions(returnPath));
}

export type TestPortalAction =
  | { type: "change"; planId: string; interval: BillingInterval }
  | { type: "cancel" }
  | { type: "resume" };

/** One mutation for the portal's actions; the account, credits and subscription refresh afterwards. */
export function useTestPortalAction(returnPath: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TestPortalAction): Promise<TestPortal> =>
      action.type === "change"
        ? apiFetch("/api/billing/test-portal/change", {
            method: "POST",
            json: { planId: action.planId, interval: action.interval },
            schema: testPortalSchema,
          })
        : apiFetch(`/api/billing/test-portal/${action.type}`, { method: "POST", json: {}, schema: testPortalSchema }),
    onSuccess: async (portal) => {
      queryClient.setQueryData([...billingKeys.testPortal, returnPath], portal);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
        queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
        queryClient.invalidateQueries({ queryKey: billingKeys.subscription }),
      ]);
    },
  });
}
