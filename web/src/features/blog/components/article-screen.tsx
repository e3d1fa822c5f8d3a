import { messages, SITE_NAME } from "@reelsmith/core";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CtaBand } from "@/components/marketing/cta-band";
import { absoluteUrl, JsonLd } from "@/lib/seo";
import { SIGN_UP_PATH } from "@/lib/site-routes";
import { type Article, formatDate, relatedArticles } from "../lib/articles";
import { Markdown, wordCount } from "../lib/markdown";
import { ArticleMeta } from "./article-meta";

export function articleStructuredData(article: Article): Record<string, unknown> {
  const url = absoluteUrl(`/blog/${article.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    datePublished: article.publishedAt,
    dateModified: article.publishedAt,
    wordCount: wordCount(article.body),
    timeRequired: `PT${article.readMinutes}M`,
    articleSection: article.tag,
    image: absoluteUrl("/og-image.png"),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    author: { "@type": "Organization", name: `The ${SITE_NAME} team`, url: absoluteUrl("/about") },
    publisher: {
      "@type": "Organization",
      name: SITE_NAME,
      logo: { "@type": "ImageObject", url: absoluteUrl("/favicon.svg") },
    },
  };
}

/** One article: header, body, the way back, related reading and a call to action. */
export function ArticleScreen({ article, signedIn }: { article: Article; signedIn: boolean }) {
  return (
    <>
      <JsonLd data={articleStructuredData(article)} />
      <article className="container-page py-14 md:py-20">
        <header className="mx-auto max-w-3xl space-y-6">
          <Link
            to="/blog"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            All articles
          </Link>
          <ArticleMeta article={article} showDate={false} />
          <h1 className="font-display text-headline font-extrabold">{article.title}</h1>
          <p className="text-xl leading-relaxed text-muted-foreground">{article.description}</p>
          <p className="border-b pb-6 text-sm text-muted-foreground">
            By the {SITE_NAME} team · <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
          </p>
        </header>
        <div className="article-prose mx-auto mt-10 max-w-3xl">
          <Markdown source={article.body} />
        </div>
      </article>
      <aside aria-labelledby="related-title" className="container-page">
        <div className="mx-auto max-w-3xl border-t pt-10">
          <h2 id="related-title" className="font-display text-2xl font-bold">
            Keep reading
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {relatedArticles(article.slug).map((related) => (
              <li
                key={related.slug}
                className="group relative space-y-2 rounded-2xl border bg-card p-5 hover:border-primary/40"
              >
                <ArticleMeta article={related} showDate={false} />
                <Link
                  to={`/blog/${related.slug}`}
                  className="block font-display text-lg font-bold after:absolute after:inset-0"
                >
                  {related.title}
                </Link>
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary">
                  Read
                  <ArrowRight className="size-4" aria-hidden="true" />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <CtaBand
        title="Put this into practice today"
        lead="Make your first videos with 20 free credits: voice, captions, footage and music done for you."
        to={signedIn ? "/home" : SIGN_UP_PATH}
        label={signedIn ? "Go to Home" : messages.auth.startFreeTrial}
      />
    </>
  );
}
