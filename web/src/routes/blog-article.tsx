import { type LoaderFunctionArgs, useLoaderData } from "react-router";

import { useAccount } from "@/features/auth/api/get-account";
import { ArticleScreen } from "@/features/blog/components/article-screen";
import { type Article, loadArticle } from "@/features/blog/lib/articles";
import { usePageMeta } from "@/lib/seo";
import { NotFoundRoute } from "./not-found";

export function articleLoader({ params }: LoaderFunctionArgs): Promise<Article | null> {
  return loadArticle(params.slug ?? "");
}

function ArticlePage({ article }: { article: Article }) {
  const { data: account } = useAccount();
  usePageMeta({ title: article.title, description: article.description, type: "article" });
  return <ArticleScreen article={article} signedIn={Boolean(account)} />;
}

export function BlogArticleRoute() {
  const article = useLoaderData<Article | null>();
  return article ? <ArticlePage key={article.slug} article={article} /> : <NotFoundRoute />;
}
