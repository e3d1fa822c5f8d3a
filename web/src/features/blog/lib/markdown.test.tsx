import { BLOG_ARTICLE_COUNT, BLOG_ARTICLES } from "@reelsmith/core";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import { Markdown, parseMarkdown, wordCount } from "./markdown";

const bodies = import.meta.glob<string>("../articles/*.md", { query: "?raw", import: "default", eager: true });

describe("markdown", () => {
  it("reads headings, paragraphs, lists and quotes", () => {
    expect(parseMarkdown("## Title\n\nOne\nline.\n\n- a\n- b\n\n1. x\n2. y\n\n> quoted\n> more\n### Sub")).toEqual([
      { kind: "h2", text: "Title" },
      { kind: "p", text: "One line." },
      { kind: "ul", items: ["a", "b"] },
      { kind: "ol", items: ["x", "y"] },
      { kind: "quote", text: "quoted more" },
      { kind: "h3", text: "Sub" },
    ]);
  });

  it("renders inline marks and links, internal ones through the router, and never raw HTML", () => {
    render(
      <MemoryRouter>
        <Markdown
          source={
            "**Bold** and *soft* with `code`, [a guide](/blog) and [out](https://example.com). <img src=x onerror=alert(1)>"
          }
        />
      </MemoryRouter>,
    );
    expect(screen.getByText("Bold").tagName).toBe("STRONG");
    expect(screen.getByText("soft").tagName).toBe("EM");
    expect(screen.getByRole("link", { name: "a guide" }).getAttribute("href")).toBe("/blog");
    expect(screen.getByRole("link", { name: "out" }).getAttribute("rel")).toContain("noopener");
    expect(document.querySelector("img")).toBeNull();
  });
});

describe("articles", () => {
  it("has a body for each of the five articles, 800-1500 words, with the read time it states", () => {
    expect(BLOG_ARTICLES).toHaveLength(BLOG_ARTICLE_COUNT);
    for (const article of BLOG_ARTICLES) {
      const body = bodies[`../articles/${article.slug}.md`];
      expect(body, article.slug).toBeTruthy();
      const words = wordCount(body ?? "");
      expect(words, article.slug).toBeGreaterThanOrEqual(800);
      expect(words, article.slug).toBeLessThanOrEqual(1500);
      expect(article.readMinutes, article.slug).toBe(Math.ceil(words / 230));
    }
  });

  it("links only to articles and pages that exist", () => {
    const slugs = new Set(BLOG_ARTICLES.map((a) => `/blog/${a.slug}`));
    for (const body of Object.values(bodies)) {
      for (const [, href] of body.matchAll(/\]\((\/[^)]+)\)/g)) {
        if (href?.startsWith("/blog/")) expect(slugs.has(href), href).toBe(true);
      }
    }
  });
});
