import { type CancelCheckoutResponse, cancelCheckoutResponseSchema } from "@reelsmith/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";
import { billingKeys } from "@/lib/query-keys";

/** Cancels one of the user's pending checkouts: its credits stop counting against the monthly limit at once. */
export function cancelCheckout(id: string): Promise<CancelCheckoutResponse> {
  return apiFetch(`/api/billing/checkouts/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
    json: {},
    schema: cancelCheckoutResponseSchema,
  });
}

/** The cancel, then this month's top-up status again (whatever the answer: a 409 means it was paid meanwhile). */
export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCheckout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.topUp }),
  });
}
