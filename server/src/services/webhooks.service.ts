import crypto from "node:crypto";
import {
  type CreateWebhook,
  createWebhookSchema,
  messages,
  WEBHOOKS,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEvent,
} from "@reelsmith/core";
import { AppError } from "../lib/errors.ts";
import { UUID } from "../lib/ids.ts";
import type { Logger } from "../lib/logger.ts";
import { addressKind, DeliveryError, newWebhookSecret, postWebhook } from "../repositories/webhook-sender.ts";
import type {
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhooksRepository,
} from "../repositories/webhooks.repository.ts";

/** What the services that see events happen call: the user's endpoints for that event each get a delivery. */
export interface WebhookEmitter {
  emit(userId: string, event: WebhookEvent, data: Record<string, unknown>): Promise<void>;
}

/**
 * Outgoing webhooks: endpoints made, listed and deleted by their owner; each event queued as one delivery per
 * endpoint that asked for it, sent signed through the job queue and tried again with backoff for about a day.
 */
export class WebhooksService implements WebhookEmitter {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly logger: Logger,
    private readonly options: {
      /** Queues a delivery's send (the deliver-webhook job). */
      enqueue: (deliveryId: string) => Promise<unknown>;
      /** Endpoints on private, loopback or link-local addresses are accepted (tests; a closed network). */
      allowPrivate: boolean;
      clock?: () => Date;
    },
  ) {}

  #now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  async list(userId: string): Promise<WebhookEndpointList> {
    return { items: (await this.webhooks.endpoints(userId)).map(endpointView) };
  }

  async create(userId: string, body: CreateWebhook): Promise<WebhookEndpoint> {
    const { url, events } = createWebhookSchema.parse(body);
    if ((await this.webhooks.countEndpoints(userId)) >= WEBHOOKS.perUser) {
      throw new AppError("CONFLICT", messages.webhooks.tooMany(WEBHOOKS.perUser));
    }
    const kind = await addressKind(url);
    if (kind === "unresolved")
      throw new AppError("VALIDATION_FAILED", messages.webhooks.urlUnresolved, { field: "url" });
    if (kind === "private" && !this.options.allowPrivate) {
      throw new AppError("VALIDATION_FAILED", messages.webhooks.urlPrivate, { field: "url" });
    }
    const row = await this.webhooks.insertEndpoint({ userId, url, events, secret: newWebhookSecret() });
    return endpointView(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.webhooks.deleteEndpoint(userId, id))) {
      throw new AppError("NOT_FOUND", messages.webhooks.notFound);
    }
  }

  async deliveries(userId: string, endpointId: string): Promise<WebhookDeliveryList> {
    const endpoint = await this.#owned(userId, endpointId);
    return { items: (await this.webhooks.deliveries(endpoint.id, WEBHOOKS.logSize)).map(deliveryView) };
  }

  /** Sends a logged delivery again, as the same message (same `webhook-id`, so a receiver can tell). */
  async resend(userId: string, endpointId: string, deliveryId: string): Promise<void> {
    const endpoint = await this.#owned(userId, endpointId);
    const delivery = UUID.test(deliveryId) ? await this.webhooks.delivery(endpoint.id, deliveryId) : undefined;
    if (!delivery) throw new AppError("NOT_FOUND", messages.webhooks.deliveryNotFound);
    await this.webhooks.markPending(delivery.id);
    await this.options.enqueue(delivery.id);
  }

  async emit(userId: string, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
    try {
      const endpoints = (await this.webhooks.endpoints(userId)).filter((e) => e.events.includes(event));
      for (const endpoint of endpoints) {
        const id = crypto.randomUUID();
        const payload = { type: event, timestamp: this.#now().toISOString(), data };
        await this.webhooks.insertDelivery({ id, endpointId: endpoint.id, event, payload });
        await this.options.enqueue(id);
      }
    } catch (error) {
      // An event that could not be queued must not undo what happened (a finished video stays finished).
      this.logger.error({ err: error, userId, event }, "webhook event not queued");
    }
  }

  /**
   * One attempt at a delivery. A 2xx answer delivers it; anything else is recorded and thrown, so the queue tries
   * again later, until the last attempt marks it failed.
   */
  async deliver(deliveryId: string, attempt: { final: boolean }): Promise<"delivered" | "retry" | "failed" | "gone"> {
    const found = await this.webhooks.deliveryWithEndpoint(deliveryId);
    if (!found) return "gone";
    const { delivery, endpoint } = found;
    const body = JSON.stringify(delivery.payload);
    const at = this.#now();
    let responseCode: number | null = null;
    let error: string | null = null;
    try {
      responseCode = await postWebhook(
        endpoint.url,
        { id: delivery.id, body, secret: endpoint.secret, timestamp: Math.floor(at.getTime() / 1000) },
        { timeoutMs: WEBHOOKS.timeoutMs, allowPrivate: this.options.allowPrivate },
      );
      if (responseCode < 200 || responseCode >= 300) error = `answered ${responseCode}`;
    } catch (failure) {
      if (!(failure instanceof DeliveryError)) throw failure;
      error = failure.message;
    }
    const status = error === null ? "delivered" : attempt.final ? "failed" : "pending";
    await this.webhooks.recordAttempt(delivery.id, { status, responseCode, error, at });
    if (status === "pending") throw new DeliveryError(`webhook ${delivery.id}: ${error}`);
    return status;
  }

  async #owned(userId: string, id: string): Promise<WebhookEndpointRow> {
    const endpoint = UUID.test(id) ? await this.webhooks.endpoint(userId, id) : undefined;
    if (!endpoint) throw new AppError("NOT_FOUND", messages.webhooks.notFound);
    return endpoint;
  }
}

function endpointView(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    secret: row.secret,
    created_at: row.createdAt.toISOString(),
  };
}

function deliveryView(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as "pending" | "delivered" | "failed",
    attempts: row.attempts,
    response_code: row.responseCode,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  };
}
