import { createRoute, z } from "@hono/zod-openapi";
import {
  createVideoSchema,
  errorBodySchema,
  videoListQuerySchema,
  videoListSchema,
  videoSchema,
  videoTypeCatalogue,
} from "@reelsmith/core";

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBodySchema } },
});

export const createVideoRoute = createRoute({
  method: "post",
  path: "/api/videos",
  tags: ["Videos"],
  summary: "Create a video: charge its credits and queue its render, all or nothing",
  description:
    "The body is `{type, input}` with the type's input schema. The server decides the cost (" +
    videoTypeCatalogue.map((t) => `${t.type} ${t.cost}`).join(", ") +
    " credits). Uploads are referenced by file id; each must be the user's own and of the kind its field " +
    "needs, and library keys must name library items, or the request is refused (400) before anything is charged.",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: createVideoSchema } }, required: true } },
  responses: {
    201: { description: "Created and queued", content: { "application/json": { schema: videoSchema } } },
    400: error("Invalid input, or an upload or library item it refers to that cannot be used"),
    401: error("Not signed in"),
    402: error("Not enough credits"),
    429: error("Too many creations in a short time"),
  },
});

export const listVideosRoute = createRoute({
  method: "get",
  path: "/api/videos",
  tags: ["Videos"],
  summary: "The user's videos of one tab (processing = processing + error, finished), searched, sorted, paged",
  security: [{ cookieAuth: [] }],
  request: { query: videoListQuerySchema },
  responses: {
    200: { description: "A page of videos", content: { "application/json": { schema: videoListSchema } } },
    401: error("Not signed in"),
  },
});

export const getVideoRoute = createRoute({
  method: "get",
  path: "/api/videos/{id}",
  tags: ["Videos"],
  summary: "One of the user's videos, with signed links once finished",
  security: [{ cookieAuth: [] }],
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "The video", content: { "application/json": { schema: videoSchema } } },
    401: error("Not signed in"),
    404: error("No such video of this user"),
  },
});
