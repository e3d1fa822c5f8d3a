import { createRoute } from "@hono/zod-openapi";
import { healthSchema } from "@reelsmith/core";

export const healthRoute = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Database and queue status",
  responses: {
    200: { description: "Everything is up", content: { "application/json": { schema: healthSchema } } },
    503: { description: "The database or queue is down", content: { "application/json": { schema: healthSchema } } },
  },
});
