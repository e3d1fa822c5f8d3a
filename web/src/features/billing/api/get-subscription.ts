import { type SubscriptionView, subscriptionViewSchema } from "@reelsmith/core";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

import { billingKeys } from "@/lib/query-keys";

export function getSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<SubscriptionView> {
  return apiFetch("/api/billing/subscription", { schema: subscriptionViewSchema, ...(signal ? { signal } : {}) });
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: billingKeys.subscription, queryFn: ({ signal }) => getSubscription({ signal }) });
}

export function useSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
