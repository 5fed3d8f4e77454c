import { ACTION_INTENTS } from "@contract/action-forms";
import type { Article } from "@contract/articles";
import { useQuery } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { useState } from "react";
import { StarRating } from "@/components/ui/star-rating";
import { useAuth } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { formatRating } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useRateArticle } from "./use-article-actions";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The article's star rating (spec sections 2 and 5): the average with one decimal and the count.
 * Signed-in readers pick 1 to 5 stars (a second pick replaces the first); a visitor's click
 * explains that rating needs an account. Each star submits a form to the article's own page
 * until scripts run (server/pages/action-posts.ts). Its author sees the stars and nothing to
 * press: authors do not rate their own articles (decisions.md).
 */
export function ArticleRating({
  article,
  signedIn,
}: {
  article: Pick<Article, "id" | "avgRating" | "ratingCount" | "userRating" | "ownArticle">;
  signedIn: boolean;
}) {
  if (article.ownArticle) return <OwnArticleRating article={article} />;
  return <ReaderRating article={article} signedIn={signedIn} />;
}

/** The rating as this reader sees it: their copy of the article (under `articleKey`) and whether they are signed in. */
export function ReaderArticleRating({ articleKey }: { articleKey: readonly unknown[] }) {
  const { data: article } = useQuery<Article | null>({ queryKey: articleKey });
  const { isAuthenticated } = useAuth();
  return article ? <ArticleRating article={article} signedIn={isAuthenticated} /> : null;
}

/** The average and count as the author sees them on their own article: display only. */
function OwnArticleRating({ article }: { article: Pick<Article, "avgRating" | "ratingCount"> }) {
  return (
    <div className="flex flex-col gap-1" data-testid="own-article-rating">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={article.avgRating} size="lg" className="px-0.5" />
        <RatingSummary article={article} />
      </div>
      <p className="text-xs text-muted-foreground">Readers rate your article; authors don't rate their own.</p>
    </div>
  );
}

function RatingSummary({ article, own = 0 }: { article: Pick<Article, "avgRating" | "ratingCount">; own?: number }) {
  return (
    <p className="text-sm text-muted-foreground">
      <span className="font-semibold text-foreground" data-testid="rating-average">
        {formatRating(article.avgRating)}
      </span>{" "}
      <span data-testid="rating-count">
        ({article.ratingCount} {article.ratingCount === 1 ? "rating" : "ratings"})
      </span>
      {own > 0 && <span className="ml-2">· Your rating: {own}</span>}
    </p>
  );
}

function ReaderRating({
  article,
  signedIn,
}: {
  article: Pick<Article, "id" | "avgRating" | "ratingCount" | "userRating">;
  signedIn: boolean;
}) {
  const rate = useRateArticle(article.id);
  const [hovered, setHovered] = useState(0);
  const own = article.userRating ?? 0;
  // Hovering previews a pick; otherwise the reader's own rating, else the average.
  const shown = signedIn && hovered ? hovered : own || article.avgRating;

  const pick = (stars: number) => {
    if (!signedIn) {
      toast({ title: "Sign in required", description: "Please sign in to rate articles.", variant: "destructive" });
      return;
    }
    rate.mutate(stars);
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <form method="post" className="contents" onSubmit={(event) => event.preventDefault()}>
        <input type="hidden" name="intent" value={ACTION_INTENTS.rate} />
        <input type="hidden" name="articleId" value={article.id} />
        <div
          role="group"
          aria-label={signedIn ? "Rate this article" : "Rating (sign in to rate)"}
          className="flex items-center"
          onMouseLeave={() => setHovered(0)}
        >
          {STARS.map((n) => {
            const fill = Math.min(Math.max(shown - (n - 1), 0), 1);
            return (
              <button
                key={n}
                type="submit"
                name="rating"
                value={n}
                aria-label={`Rate ${n} ${n === 1 ? "star" : "stars"}`}
                aria-pressed={signedIn ? own === n : undefined}
                disabled={rate.isPending}
                onClick={() => pick(n)}
                onMouseEnter={() => signedIn && setHovered(n)}
                onFocus={() => signedIn && setHovered(n)}
                onBlur={() => setHovered(0)}
                className={cn(
                  "rounded-sm p-0.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60",
                  signedIn && "transition-transform hover:scale-110",
                )}
              >
                <span className="relative block h-6 w-6">
                  <Star
                    className="absolute inset-0 h-6 w-6 text-muted-foreground/30"
                    fill="currentColor"
                    strokeWidth={0}
                  />
                  {fill > 0 && (
                    <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                      <Star
                        className={cn("h-6 w-6", own && !hovered ? "text-amber-500" : "text-amber-400")}
                        fill="currentColor"
                        strokeWidth={0}
                      />
                    </span>
                  )}
                </span>
              </button>
            );
          })}
        </div>
      </form>
      <RatingSummary article={article} own={signedIn ? own : 0} />
    </div>
  );
}
