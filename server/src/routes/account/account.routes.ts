import { accountSchema, profileUpdateSchema, sessionSchema } from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

export const getAccountRoute = apiRoute({
  method: "get",
  path: "/api/account",
  tags: ["Account"],
  summary: "The signed-in user's profile, credit balance, plan and subscription status",
  security: [{ cookieAuth: [] }],
  responses: {
    200: { description: "The account", content: { "application/json": { schema: accountSchema } } },
    ...errorResponses({ 401: "Not signed in" }),
  },
});

export const updateProfileRoute = apiRoute({
  method: "patch",
  path: "/api/account",
  tags: ["Account"],
  summary: "Update the signed-in user's name and/or avatar (a small WebP, PNG or JPEG data URL; null removes it)",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: profileUpdateSchema } }, required: true } },
  responses: {
    200: { description: "The account", content: { "application/json": { schema: accountSchema } } },
    ...errorResponses({ 400: "Invalid name or image", 401: "Not signed in", 413: "Image too large" }),
  },
});

export const getSessionRoute = apiRoute({
  method: "get",
  path: "/api/session",
  tags: ["Account"],
  summary: "The account when signed in, else null (answers 200 either way, for pages any visitor opens)",
  responses: {
    200: { description: "The session", content: { "application/json": { schema: sessionSchema } } },
  },
});
