import { z } from "zod";
import { messages } from "../messages.ts";

/**
 * Outgoing webhooks: a user's endpoints hear of their videos and credits as they happen, signed the Standard
 * Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 with the endpoint's secret).
 */
export const WEBHOOK_EVENTS = ["video.finished", "video.failed", "credits.low"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOKS = {
  /** Endpoints an account may have. */
  perUser: 10,
  urlMax: 2000,
  /** A delivery is tried again, further apart each time, for about this long. */
  retryHours: 24,
  /** How long an endpoint has to answer one delivery. */
  timeoutMs: 10_000,
  /** `credits.low` is sent when a spend leaves fewer credits than this (the price of the dearest video). */
  creditsLowBelow: 14,
  /** Deliveries listed per endpoint. */
  logSize: 50,
} as const;

export const createWebhookSchema = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOKS.urlMax, messages.webhooks.urlInvalid)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
      } catch {
        return false;
      }
    }, messages.webhooks.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, messages.webhooks.eventsRequired)
    .max(10)
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** The signing secret (`whsec_...`), to verify each delivery with. */
  secret: z.string(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookDeliveryStatusSchema = z.enum(["pending", "delivered", "failed"]);
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The endpoint's last answer code; null when it could not be reached. */
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
