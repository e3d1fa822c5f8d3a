import { contactMessageSchema, contactResponseSchema } from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

export const sendContactMessageRoute = apiRoute({
  method: "post",
  path: "/api/contact",
  tags: ["Contact"],
  summary: "Send a message to the team (send-contact-email): stored, then e-mailed when SMTP is configured",
  request: {
    body: { required: true, content: { "application/json": { schema: contactMessageSchema } } },
  },
  responses: {
    200: { description: "Accepted", content: { "application/json": { schema: contactResponseSchema } } },
    ...errorResponses({ 400: "A field is missing or invalid", 429: "Too many messages" }),
  },
});
