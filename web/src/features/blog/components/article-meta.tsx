import { type BlogArticleMeta, formatViews } from "@reelsmith/core";
import { Clock, Eye } from "lucide-react";

import { formatDate } from "../lib/articles";

/** Tag, date, read time and views of an article. */
export function ArticleMeta({ article, showDate = true }: { article: BlogArticleMeta; showDate?: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="rounded-full bg-primary/20 px-2.5 py-0.5 text-xs font-semibold text-foreground">
        {article.tag}
      </span>
      {showDate ? <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> : null}
      <span className="inline-flex items-center gap-1">
        <Clock className="size-3.5" aria-hidden="true" />
        {article.readMinutes} min read
      </span>
      <span className="inline-flex items-center gap-1">
        <Eye className="size-3.5" aria-hidden="true" />
        {formatViews(article.views)} views
      </span>
    </p>
  );
}
