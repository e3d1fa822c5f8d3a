import { z } from "@hono/zod-openapi";
import { createVideoSchema, PREVIEW, previewSchema } from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

const previewIdParams = z.object({ id: z.string().max(100) });

export const createPreviewRoute = apiRoute({
  method: "post",
  path: "/api/video-previews",
  tags: ["Previews"],
  summary: "Preview a video for free: its first seconds, streamed while they render",
  description:
    "The body is the one `POST /api/videos` takes, checked the same way (400 in the same words), but nothing is " +
    `charged. The preview is the first ${PREVIEW.seconds} s of exactly the video that body would make, at ` +
    `${PREVIEW.width}x${PREVIEW.height}, as an HLS playlist of fragmented MP4 (\`playlistUrl\`, once its first ` +
    "piece is there; it grows until the preview is `ready`). The same input asked again while an earlier preview " +
    `of it is kept (${PREVIEW.keepHours} h) answers that one at once (200, \`cached\`). One preview at a time per ` +
    `user (409 while one is being made) and ${PREVIEW.perHour} an hour (429); previews have their own queue, so ` +
    "they never hold up a paid render.",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: createVideoSchema } }, required: true } },
  responses: {
    200: {
      description: "An earlier preview of the same input",
      content: { "application/json": { schema: previewSchema } },
    },
    201: { description: "Queued", content: { "application/json": { schema: previewSchema } } },
    ...errorResponses({
      400: "Invalid input, or an upload or library item it refers to that cannot be used",
      401: "Not signed in",
      409: "A preview of this user is still being made",
      429: "The hour's previews are used up",
    }),
  },
});

export const getPreviewRoute = apiRoute({
  method: "get",
  path: "/api/video-previews/{id}",
  tags: ["Previews"],
  summary: "One of the user's previews: its status and, once its first piece is there, its playlist",
  security: [{ cookieAuth: [] }],
  request: { params: previewIdParams },
  responses: {
    200: { description: "The preview", content: { "application/json": { schema: previewSchema } } },
    ...errorResponses({ 401: "Not signed in", 404: "No such preview of this user" }),
  },
});

export const previewPlaylistRoute = apiRoute({
  method: "get",
  path: "/api/video-previews/{id}/playlist",
  tags: ["Previews"],
  summary: "The preview's HLS playlist as it stands, each piece a signed URL",
  description:
    "An HLS event playlist (`#EXT-X-PLAYLIST-TYPE:EVENT`): players read it again until it ends with " +
    "`#EXT-X-ENDLIST`. Its init segment and pieces are signed storage URLs valid for the usual link lifetime.",
  security: [{ cookieAuth: [] }],
  request: { params: previewIdParams },
  responses: {
    200: { description: "The playlist", content: { "application/vnd.apple.mpegurl": { schema: z.string() } } },
    ...errorResponses({ 401: "Not signed in", 404: "No such preview of this user, or none of it is made yet" }),
  },
});
