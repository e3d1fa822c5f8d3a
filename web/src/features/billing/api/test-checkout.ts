import { redirectResponseSchema, type TestCheckout, testCheckoutSchema } from "@reelsmith/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

import { billingKeys } from "@/lib/query-keys";

const base = (id: string) => `/api/billing/test-checkout/${encodeURIComponent(id)}`;

export function getTestCheckout(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<TestCheckout> {
  return apiFetch(base(id), { schema: testCheckoutSchema, ...(signal ? { signal } : {}) });
}

export function testCheckoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: billingKeys.testCheckout(id),
    queryFn: ({ signal }) => getTestCheckout(id, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useTestCheckout(id: string) {
  return useQuery(testCheckoutQueryOptions(id));
}

export function useApplyTestPromo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string | null) =>
      apiFetch(`${base(id)}/promo`, { method: "POST", json: { code }, schema: testCheckoutSchema }),
    onSuccess: (order) => queryClient.setQueryData(billingKeys.testCheckout(id), order),
  });
}

export function payTestCheckout(id: string): Promise<{ redirectPath: string }> {
  return apiFetch(`${base(id)}/pay`, { method: "POST", json: {}, schema: redirectResponseSchema });
}

export function cancelTestCheckout(id: string): Promise<{ redirectPath: string }> {
  return apiFetch(`${base(id)}/cancel`, { method: "POST", json: {}, schema: redirectResponseSchema });
}
