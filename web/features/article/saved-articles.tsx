import type { ArticleSummary } from "@contract/feed";
import { articlePath } from "@contract/pages";
import { BOOKMARKS_QUERY_KEY } from "@contract/query-keys";
import { useQuery } from "@tanstack/react-query";
import { Bookmark, Eye, Star } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ArticleThumbnail } from "@/features/feed/article-thumbnail";
import { UserAvatar } from "@/features/layout/user-avatar";
import { formatCount, formatDate, formatRating } from "@/lib/format";

/** The signed-in reader's saved articles (GET /api/bookmarks), newest saved first. */
export function SavedArticles() {
  const { data: saved, isPending, isError } = useQuery<ArticleSummary[]>({ queryKey: BOOKMARKS_QUERY_KEY });

  if (isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <p className="sr-only">Loading saved articles...</p>
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-36 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (isError) {
    return <p className="text-destructive">Your saved articles could not be loaded. Please try again.</p>;
  }
  if (saved.length === 0) {
    return (
      <div className="rounded-xl border border-dashed bg-background p-12 text-center">
        <Bookmark className="mx-auto h-10 w-10 text-muted-foreground" />
        <h2 className="mt-4 text-lg font-semibold">No saved articles yet</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Press 'Save Article' on any article to keep it here for later.
        </p>
        <Button asChild className="mt-6">
          <Link href="/">Browse Articles</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {saved.map((article) => (
        <li key={article.id}>
          <SavedArticleCard article={article} />
        </li>
      ))}
    </ul>
  );
}

function SavedArticleCard({ article }: { article: ArticleSummary }) {
  const href = articlePath(article);
  return (
    <Card data-testid="saved-article" className="group relative flex flex-col overflow-hidden sm:flex-row">
      <div className="aspect-video shrink-0 overflow-hidden bg-muted sm:aspect-auto sm:w-56">
        <ArticleThumbnail article={article} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{article.category}</Badge>
        </div>
        <h3 className="text-lg font-semibold leading-snug">
          {/* The whole card is the link's target area; the link itself stays on the title for screen readers. */}
          <Link href={href} className="after:absolute after:inset-0 group-hover:text-primary">
            {article.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{article.excerpt}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-1 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <UserAvatar user={{ ...article.user, email: "" }} className="h-5 w-5 text-[10px]" />
            {article.user.firstName} {article.user.lastName}
          </span>
          <span>{formatDate(article.createdAt)}</span>
          <span className="flex items-center gap-1">
            <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" /> {formatRating(article.avgRating)} (
            {article.ratingCount})
          </span>
          <span className="flex items-center gap-1">
            <Eye className="h-3.5 w-3.5" /> {formatCount(article.viewCount)}
          </span>
        </div>
      </div>
    </Card>
  );
}
