import { BLOG_ARTICLES, type BlogArticleMeta, blogArticle } from "@reelsmith/core";

// Each article body is its own chunk, fetched only when its page opens.
const bodies = import.meta.glob<string>("../articles/*.md", { query: "?raw", import: "default" });

export interface Article extends BlogArticleMeta {
  body: string;
}

/** An article's meta and Markdown body, or null for an unknown slug. */
export async function loadArticle(slug: string): Promise<Article | null> {
  const meta = blogArticle(slug);
  const load = bodies[`../articles/${slug}.md`];
  if (!meta || !load) return null;
  return { ...meta, body: await load() };
}

/** Articles other than `slug`, newest first. */
export function relatedArticles(slug: string, count = 2): BlogArticleMeta[] {
  return BLOG_ARTICLES.filter((a) => a.slug !== slug).slice(0, count);
}

export function formatDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
