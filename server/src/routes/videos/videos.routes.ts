import { z } from "@hono/zod-openapi";
import {
  batchSchema,
  createVideoSchema,
  FAN_OUT_MAX,
  videoListQuerySchema,
  videoListSchema,
  videoSchema,
  videoTypeCatalogue,
} from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

export const createVideoRoute = apiRoute({
  method: "post",
  path: "/api/videos",
  tags: ["Videos"],
  summary: "Create a video: charge its credits and queue its render, all or nothing",
  description:
    "The body is `{type, input}` with the type's input schema. The server decides the cost (" +
    videoTypeCatalogue.map((t) => `${t.type} ${t.cost}`).join(", ") +
    " credits). Uploads are referenced by file id; each must be the user's own and of the kind its field " +
    "needs, and library keys must name library items, or the request is refused (400) before anything is charged.\n\n" +
    `With \`languages\` (at most ${FAN_OUT_MAX}) it is made once per language, as one batch: the answer is the batch ` +
    "(follow it at `GET /api/batches/{id}`). The input's own language (its `language`) may be one of them; for the " +
    "others, the words of `translations[language]` are used as given and the rest are translated by the server's " +
    "language model (503 when none is connected). Every language's video is checked before anything is charged, " +
    "then all are created and charged in one transaction, or none (402 names the cost of all of them).",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: createVideoSchema } }, required: true } },
  responses: {
    201: {
      description: "Created and queued: the video, or with `languages` the batch of one video per language",
      content: { "application/json": { schema: z.union([videoSchema, batchSchema]) } },
    },
    ...errorResponses({
      400: "Invalid input, or an upload or library item it refers to that cannot be used",
      401: "Not signed in",
      402: "Not enough credits",
      429: "Too many creations in a short time",
      502: "The language model failed to translate",
      503: "Languages to translate into, and no language model connected",
    }),
  },
});

export const listVideosRoute = apiRoute({
  method: "get",
  path: "/api/videos",
  tags: ["Videos"],
  summary: "The user's videos of one tab (processing = processing + error, finished), searched, sorted, paged",
  security: [{ cookieAuth: [] }],
  request: { query: videoListQuerySchema },
  responses: {
    200: { description: "A page of videos", content: { "application/json": { schema: videoListSchema } } },
    ...errorResponses({ 400: "Invalid tab, search, sort or page", 401: "Not signed in" }),
  },
});

export const getVideoRoute = apiRoute({
  method: "get",
  path: "/api/videos/{id}",
  tags: ["Videos"],
  summary: "One of the user's videos, with signed links once finished",
  security: [{ cookieAuth: [] }],
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "The video", content: { "application/json": { schema: videoSchema } } },
    ...errorResponses({ 401: "Not signed in", 404: "No such video of this user" }),
  },
});

const videoIdParams = z.object({ id: z.string().max(100) });

export const retryVideoRoute = apiRoute({
  method: "post",
  path: "/api/videos/{id}/retry",
  tags: ["Videos"],
  summary: "Make a failed video again: a new video with the same input, charged again, all or nothing",
  description:
    "Only for a failed video whose failure was the server's (`retryable` in the video). The new video is " +
    "created like `POST /api/videos` (balance checked, credits spent, render queued in one transaction) and " +
    "the failed one leaves the lists. Refused with 409 and the reason when the failure came from the input, " +
    "an upload it used is gone, or the video is processing or finished.",
  security: [{ cookieAuth: [] }],
  request: { params: videoIdParams },
  responses: {
    201: { description: "The new video, queued", content: { "application/json": { schema: videoSchema } } },
    ...errorResponses({
      401: "Not signed in",
      402: "Not enough credits",
      404: "No such video of this user (another user's id answers the same)",
      409: "The video cannot be retried (the message says why)",
      429: "Too many creations in a short time",
    }),
  },
});

export const deleteVideoRoute = apiRoute({
  method: "delete",
  path: "/api/videos/{id}",
  tags: ["Videos"],
  summary: "Delete a finished video or remove a failed one",
  description:
    "The video leaves the lists and its stored files (MP4, thumbnail, Reddit avatar) are deleted. The " +
    "credits ledger is kept as it is (a failed video's refund has already been made). A video that is " +
    "still processing answers 409.",
  security: [{ cookieAuth: [] }],
  request: { params: videoIdParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses({
      401: "Not signed in",
      404: "No such video of this user (another user's id answers the same)",
      409: "The video is still processing",
    }),
  },
});
