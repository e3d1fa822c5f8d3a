import { createRoute, z } from "@hono/zod-openapi";
import { errorBodySchema } from "@reelsmith/core";

export const eventsRoute = createRoute({
  method: "get",
  path: "/api/events",
  tags: ["Events"],
  summary: "Live updates for the signed-in user (Server-Sent Events)",
  description:
    "A `ready` event with the current credit balance, then `credits`, `video` and `subscription` events as " +
    "they happen (the data of each is a JSON object with a `type` field). A comment line every 25 s keeps " +
    "proxies from closing the connection.",
  security: [{ cookieAuth: [] }],
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    401: { description: "Not signed in", content: { "application/json": { schema: errorBodySchema } } },
  },
});
