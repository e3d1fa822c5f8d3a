import { z } from "@hono/zod-openapi";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

/**
 * The local storage driver's signed links, for the document: the handler is a plain route because the key
 * may contain `/` (the `{key}` parameter is the rest of the path).
 */
export const mediaRoute = apiRoute({
  method: "get",
  path: "/api/media/{key}",
  tags: ["Media"],
  summary: "A stored object (video, thumbnail, upload) behind a signed, expiring link made by the server",
  description:
    "Only the links the API hands out (in videos and files) are valid: `expires` and `sig` sign the key. " +
    "Honours a single `Range: bytes=` request (206) so players can seek. With S3 storage the links point at the " +
    "bucket instead and this route is absent.",
  request: {
    params: z.object({ key: z.string().min(1) }),
    query: z.object({
      expires: z.string().optional(),
      sig: z.string().optional(),
      download: z.string().optional().describe("A file name: answer as an attachment with this name"),
    }),
  },
  responses: {
    200: { description: "The object", content: { "*/*": { schema: { type: "string", format: "binary" } } } },
    206: { description: "The requested range", content: { "*/*": { schema: { type: "string", format: "binary" } } } },
    416: { description: "The range is outside the object" },
    ...errorResponses({ 403: "The link is not valid or has expired", 404: "No such object" }),
  },
});
