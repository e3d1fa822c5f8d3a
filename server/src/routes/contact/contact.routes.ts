import { createRoute } from "@hono/zod-openapi";
import { contactMessageSchema, contactResponseSchema, errorBodySchema } from "@reelsmith/core";

export const sendContactMessageRoute = createRoute({
  method: "post",
  path: "/api/contact",
  tags: ["Contact"],
  summary: "Send a message to the team (send-contact-email): stored, then e-mailed when SMTP is configured",
  request: {
    body: { required: true, content: { "application/json": { schema: contactMessageSchema } } },
  },
  responses: {
    200: { description: "Accepted", content: { "application/json": { schema: contactResponseSchema } } },
    400: { description: "A field is missing or invalid", content: { "application/json": { schema: errorBodySchema } } },
    429: { description: "Too many messages", content: { "application/json": { schema: errorBodySchema } } },
  },
});
