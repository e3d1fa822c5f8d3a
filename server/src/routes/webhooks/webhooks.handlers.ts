import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { WebhooksService } from "../../services/webhooks.service.ts";
import {
  createWebhookRoute,
  deleteWebhookRoute,
  listDeliveriesRoute,
  listWebhooksRoute,
  resendDeliveryRoute,
} from "./webhooks.routes.ts";

export function webhooksRoutes(deps: { auth: Auth; webhooks: WebhooksService }) {
  return createRouter()
    .openapi(listWebhooksRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.webhooks.list(user.id), 200);
    })
    .openapi(createWebhookRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.webhooks.create(user.id, c.req.valid("json")), 201);
    })
    .openapi(deleteWebhookRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      await deps.webhooks.remove(user.id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(listDeliveriesRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.webhooks.deliveries(user.id, c.req.valid("param").id), 200);
    })
    .openapi(resendDeliveryRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      const { id, deliveryId } = c.req.valid("param");
      await deps.webhooks.resend(user.id, id, deliveryId);
      return c.body(null, 202);
    });
}
