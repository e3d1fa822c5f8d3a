import { healthSchema } from "@reelsmith/core";
import { apiRoute } from "../../lib/openapi.ts";

export const healthRoute = apiRoute({
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Database and queue status",
  responses: {
    200: { description: "Everything is up", content: { "application/json": { schema: healthSchema } } },
    503: { description: "The database or queue is down", content: { "application/json": { schema: healthSchema } } },
  },
});
