import { z } from "@hono/zod-openapi";
import {
  BATCHES,
  batchCheckSchema,
  batchListSchema,
  batchSchema,
  createBatchSchema,
  videoTypeCatalogue,
} from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

const batchParams = z.object({ id: z.string().max(100) });

const fileRules =
  `Up to ${BATCHES.maxRows} rows of one video type: CSV whose first line names the columns, or JSON lines (one ` +
  "object per line). Columns are the type's input fields (as in POST /api/videos); each row is laid over `defaults`, " +
  "an empty CSV cell keeping the default. CSV cells are read as the field wants them: numbers, true/false, null, JSON.";

export const checkBatchRoute = apiRoute({
  method: "post",
  path: "/api/batches/check",
  tags: ["Batches"],
  summary: "Check a batch file without making anything: its rows, its whole cost and every bad row and column",
  description: `${fileRules} Nothing is stored or charged.`,
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: createBatchSchema } }, required: true } },
  responses: {
    200: { description: "What the file would make", content: { "application/json": { schema: batchCheckSchema } } },
    ...errorResponses({ 400: "Not a batch request", 401: "Not signed in", 413: "The file is too large" }),
  },
});

export const createBatchRoute = apiRoute({
  method: "post",
  path: "/api/batches",
  tags: ["Batches"],
  summary: "Make a batch: every row checked, then all its videos created and charged at once, or none",
  description:
    `${fileRules} Every row is checked by its type's schema and every upload and library item it names, before ` +
    "anything is charged; any bad row refuses the whole batch (400, with `errors`: row, line, column and reason). " +
    "The cost is the type's price per row (" +
    videoTypeCatalogue.map((t) => `${t.type} ${t.cost}`).join(", ") +
    " credits); a balance short of the whole cost is refused (402) and nothing is made.",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: createBatchSchema } }, required: true } },
  responses: {
    201: { description: "Created and queued", content: { "application/json": { schema: batchSchema } } },
    ...errorResponses({
      400: "A bad row or column (all of them listed in `errors`)",
      401: "Not signed in",
      402: "Not enough credits for the whole batch",
      413: "The file is too large",
      429: "Too many creations in a short time",
    }),
  },
});

export const listBatchesRoute = apiRoute({
  method: "get",
  path: "/api/batches",
  tags: ["Batches"],
  summary: "The user's latest batches, with how many videos of each are processing, finished and failed",
  security: [{ cookieAuth: [] }],
  responses: {
    200: { description: "The batches", content: { "application/json": { schema: batchListSchema } } },
    ...errorResponses({ 401: "Not signed in" }),
  },
});

export const getBatchRoute = apiRoute({
  method: "get",
  path: "/api/batches/{id}",
  tags: ["Batches"],
  summary: "One batch with each row's video: status, stage, progress and links once finished",
  security: [{ cookieAuth: [] }],
  request: { params: batchParams },
  responses: {
    200: { description: "The batch", content: { "application/json": { schema: batchSchema } } },
    ...errorResponses({ 401: "Not signed in", 404: "No such batch of this user" }),
  },
});

export const batchZipRoute = apiRoute({
  method: "get",
  path: "/api/batches/{id}/zip",
  tags: ["Batches"],
  summary: "Download all: the batch's finished videos as one ZIP, each named by its row and title",
  security: [{ cookieAuth: [] }],
  request: { params: batchParams },
  responses: {
    200: {
      description: "The ZIP, streamed",
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses({ 401: "Not signed in", 404: "No such batch of this user", 409: "No video is finished yet" }),
  },
});
