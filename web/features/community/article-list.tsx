import { type FeedParams, parseFeedSearch } from "@contract/feed-query";
import { AlertCircle, ChevronLeft, ChevronRight, Newspaper } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { ArticleCard, ArticleCardSkeleton } from "@/features/feed/article-card";
import { useFeedArticles } from "@/features/feed/use-feed";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";

/** The page number the address asks for (?page=), 1 otherwise. */
export function usePageNumber(): number {
  return parseFeedSearch(useSearch()).page;
}

/** The address of a page of a list: the base for page 1, "?page=n" after it. */
const pageHref = (basePath: string, page: number) => (page > 1 ? `${basePath}?page=${page}` : basePath);

function PageLink({ href, disabled, children }: { href: string; disabled: boolean; children: ReactNode }) {
  if (disabled) {
    return (
      <Button variant="outline" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="outline" asChild>
      <Link href={href}>{children}</Link>
    </Button>
  );
}

/**
 * The articles of an author or a topic (issue 19): the feed's cards from GET /api/articles with
 * the page's filter, newest first, and a pager of plain links (so it pages without JavaScript).
 * The server preloads the page the address asks for under the same key.
 */
export function ArticleList({
  filter,
  basePath,
  heading,
  empty,
}: {
  filter: Pick<FeedParams, "author" | "tag" | "category">;
  basePath: string;
  heading: string;
  empty: ReactNode;
}) {
  const page = usePageNumber();
  const params: FeedParams = { ...filter, sortBy: "latest", page };
  const { data, error, isPending, isPlaceholderData } = useFeedArticles(params, undefined);
  const articles = data?.articles ?? [];
  const hasMore = data?.hasMore ?? false;
  const headingId = "article-list-heading";

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <h2 id={headingId} className="text-xl font-bold tracking-tight sm:text-2xl">
        {heading}
      </h2>
      {error ? (
        <div
          role="alert"
          className="flex flex-col items-center rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-12 text-center"
        >
          <AlertCircle className="h-8 w-8 text-destructive" aria-hidden="true" />
          <p className="mt-3 font-semibold">Couldn't load articles</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {error instanceof ApiError ? `${error.status}: ${error.message}` : "We couldn't reach the server."}
          </p>
        </div>
      ) : isPending ? (
        <div className="grid gap-6 sm:grid-cols-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading articles...
          </span>
          <ArticleCardSkeleton />
          <ArticleCardSkeleton />
        </div>
      ) : articles.length === 0 ? (
        <div className="rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Newspaper className="h-7 w-7" aria-hidden="true" />
          </span>
          <div className="mx-auto mt-4 max-w-sm text-sm text-muted-foreground">{empty}</div>
        </div>
      ) : (
        <ul
          className={cn("grid gap-6 sm:grid-cols-2", isPlaceholderData && "pointer-events-none opacity-60")}
          aria-busy={isPlaceholderData}
        >
          {articles.map((article) => (
            <li key={article.id} className="flex">
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      )}
      {!error && !isPending && (hasMore || page > 1) && (
        <nav className="flex items-center justify-between gap-4 border-t pt-5" aria-label="Pagination">
          <PageLink href={pageHref(basePath, page - 1)} disabled={page <= 1}>
            <ChevronLeft /> Previous
          </PageLink>
          <span className="text-sm text-muted-foreground">Page {page}</span>
          <PageLink href={pageHref(basePath, page + 1)} disabled={!hasMore || isPlaceholderData}>
            Next <ChevronRight />
          </PageLink>
        </nav>
      )}
    </section>
  );
}
