import { describe, expect, it } from "vitest";
import { formatViews, groupThousands } from "../rules/format.ts";
import { BLOG_ARTICLE_COUNT } from "./constants.ts";
import { BLOG_ARTICLES, pageMetaFor, SITE_PAGES, sitemapPages } from "./site.ts";

describe("site pages", () => {
  it("has five articles including the three the spec names", () => {
    expect(BLOG_ARTICLES).toHaveLength(BLOG_ARTICLE_COUNT);
    const slugs = BLOG_ARTICLES.map((a) => a.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        "how-to-create-viral-tiktok-content",
        "from-zero-to-millions-faceless-tiktok-pages",
        "why-traditional-video-editing-is-dead",
      ]),
    );
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("keeps descriptions within what search results show", () => {
    for (const page of sitemapPages()) {
      expect(page.description.length, page.path).toBeGreaterThan(50);
      expect(page.description.length, page.path).toBeLessThanOrEqual(170);
    }
  });

  it("resolves pages and articles, and nothing else", () => {
    expect(pageMetaFor("/faq")?.title).toBe("Frequently asked questions");
    expect(pageMetaFor("/blog/reddit-story-videos-playbook")?.ogType).toBe("article");
    expect(pageMetaFor("/blog/no-such-post")).toBeUndefined();
    expect(pageMetaFor("/home")).toBeUndefined();
    expect(sitemapPages()).toHaveLength(SITE_PAGES.length + BLOG_ARTICLES.length);
  });
});

describe("formatViews", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1K"],
    [12_400, "12.4K"],
    [999_999, "1000K"],
    [1_200_000, "1.2M"],
    [148_000_000, "148M"],
  ])("%d -> %s", (views, text) => {
    expect(formatViews(views)).toBe(text);
  });
});

describe("groupThousands", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [12_000, "12,000"],
    [1_234_567, "1,234,567"],
    [-45_000, "-45,000"],
  ])("writes %d as %s, as en-US does", (value, text) => {
    expect(groupThousands(value)).toBe(text);
    expect(groupThousands(value)).toBe(value.toLocaleString("en-US"));
  });
});
