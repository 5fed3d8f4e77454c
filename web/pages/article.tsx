import type { Article } from "@contract/articles";
import { PRODUCT_NAME } from "@contract/options";
import { articleQueryKey } from "@contract/pages";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "wouter";
import { ArticleNotFound, ArticleSkeleton, ArticleView, hasContentsSidebar } from "@/features/article/article-view";
import { PageShell } from "@/features/layout/page-shell";

/**
 * /article/{identifier}: a purely numeric identifier loads by id, anything else by slug. The
 * server preloads the article (or null when there is none), so the first paint is complete.
 */
export default function ArticlePage() {
  const { identifier = "" } = useParams<{ identifier: string }>();
  const queryKey = articleQueryKey(identifier);
  const { data: article, isPending } = useQuery<Article | null>({ queryKey });

  // The shell sets a generic title on navigation; the article's own title wins once it is here.
  useEffect(() => {
    if (article) document.title = `${article.title} | ${PRODUCT_NAME}`;
    else if (!isPending) document.title = `Article Not Found | ${PRODUCT_NAME}`;
  }, [article, isPending]);

  return (
    // Wider on large screens when the table of contents sits beside the article.
    <PageShell className={article && hasContentsSidebar(article) ? "max-w-4xl lg:max-w-6xl" : "max-w-4xl"}>
      {isPending ? (
        <ArticleSkeleton />
      ) : article ? (
        <ArticleView article={article} articleKey={queryKey} />
      ) : (
        <ArticleNotFound />
      )}
    </PageShell>
  );
}
