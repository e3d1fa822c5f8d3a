import { BLOG_ARTICLES } from "@reelsmith/core";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { PageHero } from "@/components/marketing/page-hero";
import { cn } from "@/lib/utils";
import { ArticleMeta } from "./article-meta";

const COVERS = [
  "from-[oklch(0.55_0.24_0)] to-[oklch(0.72_0.17_50)]",
  "from-[oklch(0.5_0.2_300)] to-[oklch(0.6_0.22_350)]",
  "from-[oklch(0.5_0.15_230)] to-[oklch(0.55_0.2_290)]",
  "from-[oklch(0.6_0.17_60)] to-[oklch(0.55_0.22_20)]",
  "from-[oklch(0.5_0.14_170)] to-[oklch(0.5_0.16_240)]",
];

/** /blog: the five articles with tag, read time and views; the newest one featured. */
export function BlogScreen() {
  const [featured, ...rest] = BLOG_ARTICLES;
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Short-form video playbooks"
        lead="Practical guides to hooks, retention, posting cadence and faceless formats for TikTok, Reels and Shorts."
      />
      <div className="container-page space-y-8 py-section">
        {featured ? (
          <article className="group relative grid overflow-hidden rounded-3xl border bg-card md:grid-cols-2">
            <div aria-hidden="true" className={cn("relative min-h-48 bg-gradient-to-br p-8", COVERS[0])}>
              <span className="absolute bottom-6 left-8 font-display text-6xl font-extrabold text-white/25">01</span>
            </div>
            <div className="space-y-4 p-7 md:p-10">
              <ArticleMeta article={featured} />
              <h2 className="font-display text-2xl font-bold md:text-3xl">
                <Link to={`/blog/${featured.slug}`} className="after:absolute after:inset-0">
                  {featured.title}
                </Link>
              </h2>
              <p className="text-muted-foreground">{featured.description}</p>
              <span className="inline-flex items-center gap-1.5 font-semibold text-primary">
                Read the article
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
              </span>
            </div>
          </article>
        ) : null}
        <ul className="grid gap-5 md:grid-cols-2">
          {rest.map((article, i) => (
            <li key={article.slug}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-card transition-colors hover:border-primary/40">
                <div aria-hidden="true" className={cn("relative h-28 bg-gradient-to-br", COVERS[i + 1])}>
                  <span className="absolute right-5 bottom-3 font-display text-4xl font-extrabold text-white/25">
                    {String(i + 2).padStart(2, "0")}
                  </span>
                </div>
                <div className="flex flex-1 flex-col gap-3 p-6">
                  <ArticleMeta article={article} showDate={false} />
                  <h2 className="font-display text-xl font-bold">
                    <Link to={`/blog/${article.slug}`} className="after:absolute after:inset-0">
                      {article.title}
                    </Link>
                  </h2>
                  <p className="flex-1 text-sm text-muted-foreground">{article.description}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
