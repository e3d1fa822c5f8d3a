import { createRoute } from "@hono/zod-openapi";
import { accountSchema, errorBodySchema, profileUpdateSchema, sessionSchema } from "@reelsmith/core";

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

export const updateProfileRoute = createRoute({
  method: "patch",
  path: "/api/account",
  tags: ["Account"],
  summary: "Update the signed-in user's name and/or avatar (a small WebP, PNG or JPEG data URL; null removes it)",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: profileUpdateSchema } }, required: true } },
  responses: {
    200: { description: "The account", content: { "application/json": { schema: accountSchema } } },
    400: { description: "Invalid name or image", content: { "application/json": { schema: errorBodySchema } } },
    401: { description: "Not signed in", content: { "application/json": { schema: errorBodySchema } } },
    413: { description: "Image too large", content: { "application/json": { schema: errorBodySchema } } },
  },
});

export const getSessionRoute = createRoute({
  method: "get",
  path: "/api/session",
  tags: ["Account"],
  summary: "The account when signed in, else null (answers 200 either way, for pages any visitor opens)",
  responses: {
    200: { description: "The session", content: { "application/json": { schema: sessionSchema } } },
  },
});
