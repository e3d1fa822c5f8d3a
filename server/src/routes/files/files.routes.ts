import { createRoute, z } from "@hono/zod-openapi";
import { errorBodySchema, FILE_TYPES, fileListSchema, fileSchema } from "@reelsmith/core";

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBodySchema } },
});

export const uploadFileRoute = createRoute({
  method: "post",
  path: "/api/files",
  tags: ["Files"],
  summary: "Upload a file (audio for music videos, a product image, a green-screen background)",
  description:
    "multipart/form-data with the kind in `type` (query or a form field before the file) and the file in `file`. " +
    "At most 10 MB; the format is decided by the file's bytes: audio-file MP3, WAV or AAC; product-image JPG, PNG " +
    "or WebP; green-screen those images or MP4.",
  security: [{ cookieAuth: [] }],
  // The multipart body is streamed by the handler (a declared body would be parsed, i.e. buffered, first).
  request: { query: z.object({ type: z.enum(FILE_TYPES).optional() }) },
  responses: {
    201: { description: "Stored", content: { "application/json": { schema: fileSchema } } },
    400: error("No file, an empty file or no type"),
    401: error("Not signed in"),
    413: error("Larger than 10 MB"),
    415: error("Not an accepted format"),
  },
});

export const listFilesRoute = createRoute({
  method: "get",
  path: "/api/files",
  tags: ["Files"],
  summary: "The signed-in user's files, newest first",
  security: [{ cookieAuth: [] }],
  request: { query: z.object({ type: z.enum(FILE_TYPES).optional() }) },
  responses: {
    200: { description: "Files", content: { "application/json": { schema: fileListSchema } } },
    401: error("Not signed in"),
  },
});

export const deleteFileRoute = createRoute({
  method: "delete",
  path: "/api/files/{id}",
  tags: ["Files"],
  summary: "Delete one of the user's files and its stored object",
  security: [{ cookieAuth: [] }],
  request: { params: z.object({ id: z.string() }) },
  responses: {
    204: { description: "Deleted" },
    401: error("Not signed in"),
    404: error("No such file of this user"),
    409: error("Used by a video that is still being made"),
  },
});
