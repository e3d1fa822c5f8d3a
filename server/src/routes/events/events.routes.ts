import { z } from "@hono/zod-openapi";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

export const eventsRoute = apiRoute({
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
    ...errorResponses({ 401: "Not signed in" }),
  },
});
