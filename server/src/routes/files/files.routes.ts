import { z } from "@hono/zod-openapi";
import { FILE_TYPES, fileListSchema, fileSchema } from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

/**
 * The upload's form, for the document only: a plain JSON Schema (not zod), so no validator parses (and
 * buffers) the body before the handler streams it.
 */
const uploadForm = {
  type: "object" as const,
  properties: {
    type: {
      type: "string" as const,
      enum: [...FILE_TYPES],
      description: "What the file is for; sent before `file` (or as the `type` query parameter)",
    },
    file: {
      type: "string" as const,
      format: "binary",
      contentMediaType: "application/octet-stream",
      description: "The file itself (only the first file of the form is read)",
    },
  },
  required: ["file"],
};

export const uploadFileRoute = apiRoute({
  method: "post",
  path: "/api/files",
  tags: ["Files"],
  summary:
    "Upload a file (audio for music videos, a product image, a green-screen background, own background footage, a voice-over, an own green-screen meme clip)",
  description:
    "multipart/form-data with the kind in `type` (query or a form field before the file) and the file in `file`. " +
    "At most 10 MB; the format is decided by the file's bytes: audio-file MP3, WAV or AAC; product-image JPG, PNG " +
    "or WebP; green-screen those images or MP4. background-video (a Reddit story's own footage, kind in the query) " +
    "is MP4, MOV or WebM of at most 100 MB, and ffprobe must read a picture of 2 s to 10 min, at most 4096 px a side. " +
    "voice-over (a creator reading a Reddit story) is MP3, WAV, AAC/M4A, OGG/Opus or WebM audio (as browsers " +
    "record it) with sound lasting 1 s to 5 min.",
  security: [{ cookieAuth: [] }],
  request: {
    query: z.object({ type: z.enum(FILE_TYPES).optional() }),
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: uploadForm,
          encoding: {
            file: { contentType: "audio/*, image/jpeg, image/png, image/webp, video/mp4, video/quicktime, video/webm" },
          },
        },
      },
    },
  },
  responses: {
    201: { description: "Stored", content: { "application/json": { schema: fileSchema } } },
    ...errorResponses({
      400: "Not a multipart form, no file, an empty file, no type, or a form cut short or malformed",
      401: "Not signed in",
      413: "Larger than 10 MB (background-video, meme-clip: 100 MB), or a picture over 50 megapixels or 12000 px on a side",
      415: "Not an accepted format, a picture whose size cannot be read, footage ffprobe refuses (length, size), or a meme clip with no green or blue screen",
    }),
  },
});

export const listFilesRoute = apiRoute({
  method: "get",
  path: "/api/files",
  tags: ["Files"],
  summary: "The signed-in user's files, newest first",
  security: [{ cookieAuth: [] }],
  request: { query: z.object({ type: z.enum(FILE_TYPES).optional() }) },
  responses: {
    200: { description: "Files", content: { "application/json": { schema: fileListSchema } } },
    ...errorResponses({ 400: "Not a file kind", 401: "Not signed in" }),
  },
});

export const deleteFileRoute = apiRoute({
  method: "delete",
  path: "/api/files/{id}",
  tags: ["Files"],
  summary: "Delete one of the user's files and its stored object",
  security: [{ cookieAuth: [] }],
  request: { params: z.object({ id: z.string() }) },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses({
      401: "Not signed in",
      404: "No such file of this user",
      409: "Used by a video that is still being made",
    }),
  },
});
