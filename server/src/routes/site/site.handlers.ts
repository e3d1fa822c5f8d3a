import { type PublicConfig, sitemapPages } from "@reelsmith/core";
import { createRouter } from "../../lib/create-app.ts";
import { escapeHtml } from "../../lib/html.ts";
import { serveFile } from "../../lib/serve-file.ts";
import type { ShowcaseRepository } from "../../repositories/showcase.repository.ts";
import { getPublicConfigRoute, getShowcaseRoute } from "./site.routes.ts";

/** Paths crawlers should leave alone: the API and the signed-in area. */
export const ROBOTS_DISALLOW = ["/api/", "/home", "/dashboard", "/create", "/settings", "/billing/", "/auth"];

export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

export function sitemapXml(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  const urls = sitemapPages().map((page) =>
    [
      "  <url>",
      `    <loc>${escapeHtml(`${base}${page.path}`)}</loc>`,
      `    <changefreq>${page.changefreq}</changefreq>`,
      `    <priority>${page.priority.toFixed(1)}</priority>`,
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt and sitemap.xml from the route list, the public config and the showcase clips. */
export function siteRoutes(deps: { config: PublicConfig; showcase: ShowcaseRepository }) {
  const app = createRouter()
    .openapi(getPublicConfigRoute, (c) => {
      c.header("Cache-Control", "no-cache");
      return c.json(deps.config, 200);
    })
    .openapi(getShowcaseRoute, async (c) => {
      c.header("Cache-Control", "no-cache");
      return c.json(await deps.showcase.manifest(), 200);
    });
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(deps.config.publicUrl));
  });
  app.get("/sitemap.xml", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Content-Type", "application/xml; charset=utf-8");
    return c.body(sitemapXml(deps.config.publicUrl));
  });
  app.on(["GET", "HEAD"], "/showcase/:name", async (c) => {
    const file = await deps.showcase.file(c.req.param("name"));
    if (!file) return c.notFound();
    // Names carry a content hash: a changed clip gets a new name.
    return (await serveFile(c, file, { "Cache-Control": "public, max-age=31536000, immutable" })) ?? c.notFound();
  });
  return app;
}
