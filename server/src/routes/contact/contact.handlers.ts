import { messages } from "@reelsmith/core";
import { clientIp } from "../../lib/client-ip.ts";
import { createRouter, errorBody } from "../../lib/create-app.ts";
import type { ContactService } from "../../services/contact.service.ts";
import { sendContactMessageRoute } from "./contact.routes.ts";

export function contactRoutes(deps: { contact: ContactService; trustedProxyHops: number }) {
  return createRouter().openapi(
    sendContactMessageRoute,
    async (c) => {
      await deps.contact.submit(c.req.valid("json"), { ip: clientIp(c, deps.trustedProxyHops) });
      return c.json({ success: true as const }, 200);
    },
    // The form shows the message as it is ("Please fill out all fields"), without the field's path.
    (result, c) => {
      if (!result.success) {
        const message = result.error.issues[0]?.message ?? messages.contact.fillAllFields;
        return c.json(errorBody("VALIDATION_FAILED", message, c.get("requestId")), 400);
      }
    },
  );
}
