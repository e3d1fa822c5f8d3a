import { catalogSchema } from "@reelsmith/core";
import { apiRoute } from "../../lib/openapi.ts";

export const catalogRoute = apiRoute({
  method: "get",
  path: "/api/catalog",
  tags: ["Catalog"],
  summary: "What the builders offer: caption styles, voices, backgrounds, music, memes and style clips, with previews",
  responses: {
    200: { description: "The catalogue", content: { "application/json": { schema: catalogSchema } } },
  },
});
