import { z } from "@hono/zod-openapi";
import { API_KEYS, apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

export const listApiKeysRoute = apiRoute({
  method: "get",
  path: "/api/api-keys",
  tags: ["API keys"],
  summary: "The signed-in user's API keys that are not revoked (their start, never the whole key)",
  security: [{ cookieAuth: [] }],
  sessionOnly: true,
  responses: {
    200: { description: "The keys, newest first", content: { "application/json": { schema: apiKeyListSchema } } },
    ...errorResponses({ 401: "Not signed in" }),
  },
});

export const createApiKeyRoute = apiRoute({
  method: "post",
  path: "/api/api-keys",
  tags: ["API keys"],
  summary: "Create an API key; the answer is the only time the whole key is shown",
  description:
    "Send it as `Authorization: Bearer <key>` to any operation that lists `bearerAuth`. `read` allows every GET; " +
    `\`create\` also allows what changes something (uploads, videos, deletions). At most ${API_KEYS.perUser} keys ` +
    `per account; each may make ${API_KEYS.perMinute} requests a minute by default.`,
  security: [{ cookieAuth: [] }],
  sessionOnly: true,
  request: { body: { content: { "application/json": { schema: createApiKeySchema } }, required: true } },
  responses: {
    201: { description: "The new key, whole", content: { "application/json": { schema: createdApiKeySchema } } },
    ...errorResponses({
      400: "No name, a name too long, no scope or an expiry not offered",
      401: "Not signed in",
      409: "The account holds the most keys it may",
    }),
  },
});

export const revokeApiKeyRoute = apiRoute({
  method: "delete",
  path: "/api/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key: it stops working at once",
  security: [{ cookieAuth: [] }],
  sessionOnly: true,
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    204: { description: "Revoked" },
    ...errorResponses({ 401: "Not signed in", 404: "No such key, or it was revoked already" }),
  },
});
