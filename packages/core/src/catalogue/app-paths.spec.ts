import { describe, expect, it } from "vitest";
import { videoTypeCatalogue } from "../video-types/catalogue.ts";
import { isKnownPagePath } from "./app-paths.ts";
import { BLOG_ARTICLES, SITE_PAGES } from "./site.ts";

describe("known page paths", () => {
  it("knows every public page, article, builder and app page", () => {
    for (const page of SITE_PAGES) expect(isKnownPagePath(page.path), page.path).toBe(true);
    for (const article of BLOG_ARTICLES) expect(isKnownPagePath(`/blog/${article.slug}`)).toBe(true);
    for (const type of videoTypeCatalogue) expect(isKnownPagePath(type.route), type.route).toBe(true);
    for (const path of ["/auth", "/dashboard", "/create", "/ai-ugc-ads/guidelines", "/settings", "/billing/portal"]) {
      expect(isKnownPagePath(path), path).toBe(true);
    }
  });

  it("matches parameters, trailing slashes and letter case like the router", () => {
    expect(isKnownPagePath("/checkout/test/0b4e7c1e-1f7a-4a51-9d39-4e0fa9f1c2d3")).toBe(true);
    expect(isKnownPagePath("/pricing/")).toBe(true);
    expect(isKnownPagePath("/Pricing")).toBe(true);
  });

  it("does not know other paths", () => {
    for (const path of [
      "/no-such-page",
      "/pricing/extra",
      "/checkout/test",
      "/checkout/test/a/b",
      "/blog/no-such-article",
      "/create/unknown-builder",
      "/assets/missing.js",
      "/wp-login.php",
    ]) {
      expect(isKnownPagePath(path), path).toBe(false);
    }
  });
});
