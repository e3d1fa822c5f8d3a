import { z } from "@hono/zod-openapi";
import {
  createWebhookSchema,
  WEBHOOKS,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

const endpointParams = z.object({ id: z.string().max(100) });

export const listWebhooksRoute = apiRoute({
  method: "get",
  path: "/api/webhooks",
  tags: ["Webhooks"],
  summary: "The user's webhook endpoints, with their signing secrets",
  security: [{ cookieAuth: [] }],
  responses: {
    200: { description: "The endpoints", content: { "application/json": { schema: webhookEndpointListSchema } } },
    ...errorResponses({ 401: "Not signed in" }),
  },
});

export const createWebhookRoute = apiRoute({
  method: "post",
  path: "/api/webhooks",
  tags: ["Webhooks"],
  summary: "Add a webhook endpoint",
  description:
    "Deliveries are POSTs of `{type, timestamp, data}` signed the Standard Webhooks way (`webhook-id`, " +
    "`webhook-timestamp`, `webhook-signature`: `v1,` and base64 HMAC-SHA256 of `id.timestamp.body` keyed by the " +
    "secret's base64 part). Any answer but 2xx is tried again, further apart each time, for about " +
    `${WEBHOOKS.retryHours} hours. A URL that resolves to a private, loopback or link-local address is refused.`,
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: createWebhookSchema } }, required: true } },
  responses: {
    201: { description: "The endpoint", content: { "application/json": { schema: webhookEndpointSchema } } },
    ...errorResponses({
      400: "Not an http(s) URL, a private address, or no event",
      401: "Not signed in",
      409: "The account has the most endpoints it may",
    }),
  },
});

export const deleteWebhookRoute = apiRoute({
  method: "delete",
  path: "/api/webhooks/{id}",
  tags: ["Webhooks"],
  summary: "Delete a webhook endpoint and its delivery log",
  security: [{ cookieAuth: [] }],
  request: { params: endpointParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses({ 401: "Not signed in", 404: "No such endpoint" }) },
});

export const listDeliveriesRoute = apiRoute({
  method: "get",
  path: "/api/webhooks/{id}/deliveries",
  tags: ["Webhooks"],
  summary: `An endpoint's latest ${WEBHOOKS.logSize} deliveries: status, answer code, attempts, time`,
  security: [{ cookieAuth: [] }],
  request: { params: endpointParams },
  responses: {
    200: { description: "The log", content: { "application/json": { schema: webhookDeliveryListSchema } } },
    ...errorResponses({ 401: "Not signed in", 404: "No such endpoint" }),
  },
});

export const resendDeliveryRoute = apiRoute({
  method: "post",
  path: "/api/webhooks/{id}/deliveries/{deliveryId}/resend",
  tags: ["Webhooks"],
  summary: "Send a delivery again (the same message, with the same webhook-id)",
  security: [{ cookieAuth: [] }],
  request: { params: z.object({ id: z.string().max(100), deliveryId: z.string().max(100) }) },
  responses: {
    202: { description: "Queued" },
    ...errorResponses({ 401: "Not signed in", 404: "No such endpoint or delivery" }),
  },
});
