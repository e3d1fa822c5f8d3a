import { createRoute } from "@hono/zod-openapi";
import { accountSchema, errorBodySchema } from "@reelsmith/core";

export const getAccountRoute = createRoute({
  method: "get",
  path: "/api/account",
  tags: ["Account"],
  summary: "The signed-in user's profile, credit balance, plan and subscription status",
  security: [{ cookieAuth: [] }],
  responses: {
    200: { description: "The account", content: { "application/json": { schema: accountSchema } } },
    401: { description: "Not signed in", content: { "application/json": { schema: errorBodySchema } } },
  },
});
