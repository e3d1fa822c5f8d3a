import {
  type CreateWebhook,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from "@reelsmith/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

const webhooksQueryKey = ["webhooks"] as const;

export const webhooksQueryOptions = queryOptions({
  queryKey: webhooksQueryKey,
  queryFn: ({ signal }) => apiFetch("/api/webhooks", { schema: webhookEndpointListSchema, signal }),
});

export function useWebhooks() {
  return useQuery(webhooksQueryOptions);
}

/** An endpoint's delivery log, refreshed while open (retries land on their own). */
export function useDeliveries(endpointId: string, open: boolean) {
  return useQuery({
    queryKey: [...webhooksQueryKey, endpointId, "deliveries"],
    queryFn: ({ signal }) =>
      apiFetch(`/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`, {
        schema: webhookDeliveryListSchema,
        signal,
      }),
    enabled: open,
    refetchInterval: open ? 5000 : false,
  });
}

export function useAddWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhook) =>
      apiFetch("/api/webhooks", { method: "POST", json: body, schema: webhookEndpointSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch(`/api/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...webhooksQueryKey, endpointId, "deliveries"] }),
  });
}
