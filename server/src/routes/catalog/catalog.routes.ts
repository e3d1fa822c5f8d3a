import { z } from "@hono/zod-openapi";
import { catalogSchema } from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

export const catalogRoute = apiRoute({
  method: "get",
  path: "/api/catalog",
  tags: ["Catalog"],
  summary: "What the builders offer: caption styles, voices, backgrounds, music, memes and style clips, with previews",
  responses: {
    200: { description: "The catalogue", content: { "application/json": { schema: catalogSchema } } },
  },
});

const fileResponses = {
  200: { description: "The file", content: { "*/*": { schema: { type: "string" as const, format: "binary" } } } },
  206: {
    description: "The requested range",
    content: { "*/*": { schema: { type: "string" as const, format: "binary" } } },
  },
  416: { description: "The range is outside the file" },
  ...errorResponses({ 404: "No such file" }),
};

/**
 * A file of the starter library (backgrounds, music, memes, their thumbnails), as linked from the catalogue.
 * For the document: the handler is a plain route because the path has several segments.
 */
export const textCoverageRoute = apiRoute({
  method: "get",
  path: "/api/catalog/text-coverage",
  tags: ["Catalog"],
  summary: "What the engine's and the installed fonts can draw, as Unicode code point spans (the builders' live hint)",
  description:
    "Sorted, disjoint `[first, last]` spans. Text the video draws with a letter outside them is refused before " +
    "anything is charged; an empty list means the server could not tell, and refuses nothing.",
  responses: {
    200: {
      description: "The spans",
      content: {
        "application/json": { schema: z.object({ spans: z.array(z.tuple([z.number().int(), z.number().int()])) }) },
      },
    },
  },
});

export const libraryFileRoute = apiRoute({
  method: "get",
  path: "/api/library/files/{path}",
  tags: ["Catalog"],
  summary: "A starter library file linked from the catalogue (cached a year; byte ranges)",
  request: { params: z.object({ path: z.string().min(1).describe("The file's path in the library; may contain /") }) },
  responses: fileResponses,
});

export const previewFileRoute = apiRoute({
  method: "get",
  path: "/api/previews/{kind}/{file}",
  tags: ["Catalog"],
  summary: "A caption style's preview picture or a voice's sample, as linked from the catalogue",
  request: { params: z.object({ kind: z.enum(["captions", "voices"]), file: z.string().min(1) }) },
  responses: fileResponses,
});
