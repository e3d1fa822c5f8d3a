import { publicConfigSchema, showcaseManifestSchema } from "@reelsmith/core";
import { apiRoute } from "../../lib/openapi.ts";

export const getPublicConfigRoute = apiRoute({
  method: "get",
  path: "/api/config",
  tags: ["Site"],
  summary: "Public configuration of the web app: its address and the analytics ids (null when off)",
  responses: {
    200: { description: "The configuration", content: { "application/json": { schema: publicConfigSchema } } },
  },
});

export const getShowcaseRoute = apiRoute({
  method: "get",
  path: "/api/showcase",
  tags: ["Site"],
  summary: "The landing page's showcase clips (empty until `npm run showcase` has rendered them)",
  responses: {
    200: { description: "The manifest", content: { "application/json": { schema: showcaseManifestSchema } } },
  },
});
