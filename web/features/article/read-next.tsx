import { relatedQueryKey } from "@contract/article-reading";
import type { ArticleSummary } from "@contract/feed";
import { articlePath } from "@contract/pages";
import type { AuthorNeighbour, RelatedResponse } from "@contract/related";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Clock } from "lucide-react";
import { Link } from "wouter";
import { StarRating } from "@/components/ui/star-rating";
import { ArticleThumbnail } from "@/features/feed/article-thumbnail";
import { formatDate } from "@/lib/format";

/**
 * What to read after an article (issue 19): the author's previous and next articles, then up
 * to four related ones. The server preloads it with the page, so it is in the first HTML.
 */
export function ReadNext({ articleId, authorName }: { articleId: number; authorName: string }) {
  const { data } = useQuery<RelatedResponse>({ queryKey: relatedQueryKey(articleId) });
  if (!data) return null;
  return (
    <>
      {(data.previous || data.next) && (
        <AuthorNeighbours previous={data.previous} next={data.next} authorName={authorName} />
      )}
      {data.related.length > 0 && <RelatedArticles articles={data.related} />}
    </>
  );
}

function AuthorNeighbours({
  previous,
  next,
  authorName,
}: {
  previous: AuthorNeighbour | null;
  next: AuthorNeighbour | null;
  authorName: string;
}) {
  return (
    <nav aria-label={`More from ${authorName || "the author"}`} className="grid gap-3 sm:grid-cols-2">
      {previous ? (
        <NeighbourLink article={previous} direction="previous" />
      ) : (
        <span className="hidden sm:block" aria-hidden="true" />
      )}
      {next && <NeighbourLink article={next} direction="next" />}
    </nav>
  );
}

function NeighbourLink({ article, direction }: { article: AuthorNeighbour; direction: "previous" | "next" }) {
  const isNext = direction === "next";
  return (
    <Link
      href={articlePath(article)}
      rel={isNext ? "next" : "prev"}
      className={`group flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${isNext ? "sm:items-end sm:text-right" : ""}`}
      data-testid={`author-${direction}`}
    >
      <span className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {isNext ? null : <ArrowLeft className="h-3.5 w-3.5" aria-hidden="true" />}
        {isNext ? "Next from the author" : "Previous from the author"}
        {isNext ? <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" /> : null}
      </span>
      <span className="line-clamp-2 font-semibold leading-snug group-hover:text-primary">{article.title}</span>
      <time dateTime={article.createdAt} className="text-xs text-muted-foreground">
        {formatDate(article.createdAt)}
      </time>
    </Link>
  );
}

function RelatedArticles({ articles }: { articles: ArticleSummary[] }) {
  return (
    <section aria-labelledby="related-articles" className="space-y-4">
      <h2 id="related-articles" className="text-xl font-bold tracking-tight">
        Related articles
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {articles.map((article) => (
          <li key={article.id}>
            <RelatedCard article={article} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A compact card: the whole card is its title's link (the link's ::after covers it). */
function RelatedCard({ article }: { article: ArticleSummary }) {
  const author = `${article.user.firstName} ${article.user.lastName}`.trim();
  return (
    <article
      className="group relative flex h-full gap-4 overflow-hidden rounded-xl border bg-card p-3 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
      data-testid="related-card"
    >
      <div className="relative aspect-video w-28 shrink-0 overflow-hidden rounded-lg bg-muted sm:w-32">
        <ArticleThumbnail article={article} />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="text-xs font-medium text-muted-foreground">{article.category}</span>
        <h3 className="line-clamp-2 font-semibold leading-snug">
          <Link
            href={articlePath(article)}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-primary"
          >
            {article.title}
          </Link>
        </h3>
        <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {author && <span>{author}</span>}
          <span className="flex items-center gap-1">
            <Clock className="h-3.5 w-3.5" aria-hidden="true" />
            {article.readingMinutes} min read
          </span>
          <StarRating value={article.avgRating} />
        </p>
      </div>
    </article>
  );
}
