import type { ArticleSummary } from "@contract/feed";
import { STYLE_LABELS } from "@contract/options";
import { articlePath } from "@contract/pages";
import { Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Skeleton } from "@/components/ui/skeleton";
import { CategoryLink } from "@/features/community/topic-links";
import { cn } from "@/lib/utils";
import { ArticleByline, ArticleComments, ArticleRating, ArticleTags, ArticleViews } from "./article-meta";
import { ArticleThumbnail } from "./article-thumbnail";

function styleLabel(article: ArticleSummary): string {
  return STYLE_LABELS[article.style] ?? article.style;
}

/**
 * Spec section 2: a card links to /article/{slug}, or to the id when there is no slug. The link's
 * ::after covers the whole card (the card is `relative`), so the card is one link.
 */
function CardTitleLink({ article }: { article: ArticleSummary }) {
  return (
    <Link
      href={articlePath(article)}
      className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-primary"
    >
      {article.title}
    </Link>
  );
}

/** The category and style, over the card's picture. */
function CategoryPill({ article, className }: { article: ArticleSummary; className?: string }) {
  return (
    <span
      className={cn(
        "rounded-full bg-background/90 px-2.5 py-1 text-xs font-semibold text-foreground shadow-sm backdrop-blur",
        className,
      )}
    >
      <CategoryLink name={article.category} />
      <span className="font-normal text-muted-foreground"> · {styleLabel(article)}</span>
    </span>
  );
}

/**
 * A feed card: picture, title, excerpt, tags, author and date, rating and views. The whole card
 * is the title's link (its ::after covers the card); the category, tags and author's name are
 * links of their own above that cover, to their pages (issue 19).
 */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <article
      className="group relative flex w-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-all duration-200 focus-within:ring-2 focus-within:ring-ring hover:-translate-y-0.5 hover:shadow-md"
      data-testid="article-card"
    >
      <div className="relative aspect-video overflow-hidden bg-muted">
        <ArticleThumbnail article={article} className="transition-transform duration-300 group-hover:scale-[1.03]" />
        {/* Above the title link's cover: its category is a link of its own (issue 19). */}
        <CategoryPill article={article} className="absolute left-3 top-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="line-clamp-2 text-lg font-semibold leading-snug tracking-tight">
          <CardTitleLink article={article} />
        </h3>
        {article.excerpt && (
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{article.excerpt}</p>
        )}
        <ArticleTags tags={article.tags} />
        <div className="mt-auto flex items-end justify-between gap-3 border-t pt-4">
          <ArticleByline author={article.user} date={article.createdAt} handle={article.authorHandle} />
          <div className="flex shrink-0 flex-col items-end gap-1">
            <ArticleRating avgRating={article.avgRating} ratingCount={article.ratingCount} />
            <span className="flex items-center gap-2.5">
              <ArticleComments commentCount={article.commentCount} className="text-xs [&_svg]:h-3.5 [&_svg]:w-3.5" />
              <ArticleViews viewCount={article.viewCount} className="text-xs [&_svg]:h-3.5 [&_svg]:w-3.5" />
            </span>
          </div>
        </div>
      </div>
    </article>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm" aria-hidden="true">
      <Skeleton className="aspect-video rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <div className="flex gap-2 pt-1">
          <Skeleton className="h-5 w-14 rounded-full" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
        <div className="flex items-center justify-between border-t pt-4">
          <div className="flex items-center gap-2.5">
            <Skeleton className="h-8 w-8 rounded-full" />
            <div className="space-y-1.5">
              <Skeleton className="h-3.5 w-24" />
              <Skeleton className="h-3 w-16" />
            </div>
          </div>
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
    </div>
  );
}

/** The large card for the featured article. */
export function FeaturedArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <article
      className="group relative grid overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md md:grid-cols-[1.15fr_1fr]"
      data-testid="featured-article"
    >
      <div className="relative aspect-[2/1] overflow-hidden bg-muted sm:aspect-video md:aspect-auto md:min-h-72">
        <ArticleThumbnail
          key={article.id}
          article={article}
          eager
          className="transition-transform duration-500 group-hover:scale-[1.02] md:absolute md:inset-0"
        />
        <span className="absolute left-4 top-4 inline-flex items-center gap-1.5 rounded-full bg-primary px-3 py-1 text-xs font-semibold uppercase tracking-wide text-primary-foreground shadow">
          <Sparkles className="h-3.5 w-3.5" aria-hidden="true" /> Featured
        </span>
      </div>
      {/* Tighter on a phone, where the feed's first card should still show in the first screen. */}
      <div className="flex flex-col gap-3 p-4 sm:gap-4 sm:p-6 md:p-8">
        <p className="text-xs font-semibold uppercase tracking-wider text-primary">
          <CategoryLink name={article.category} /> · {styleLabel(article)}
        </p>
        <h2 className="line-clamp-3 text-xl font-bold leading-tight tracking-tight sm:line-clamp-4 sm:text-2xl lg:text-[1.75rem]">
          <CardTitleLink article={article} />
        </h2>
        {article.excerpt && (
          <p className="line-clamp-2 leading-relaxed text-muted-foreground sm:line-clamp-3">{article.excerpt}</p>
        )}
        <ArticleTags tags={article.tags} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-t pt-3 sm:pt-5">
          <ArticleByline
            author={article.user}
            date={article.createdAt}
            handle={article.authorHandle}
            avatarClassName="h-10 w-10"
          />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <ArticleRating avgRating={article.avgRating} ratingCount={article.ratingCount} size="md" />
            <ArticleViews viewCount={article.viewCount} />
            <ArticleComments commentCount={article.commentCount} />
          </div>
        </div>
      </div>
    </article>
  );
}

export function FeaturedArticleSkeleton() {
  return (
    <div
      className="grid overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-[1.15fr_1fr]"
      aria-hidden="true"
    >
      <Skeleton className="aspect-video rounded-none md:aspect-auto md:min-h-72" />
      <div className="space-y-4 p-6 md:p-8">
        <Skeleton className="h-3.5 w-32" />
        <Skeleton className="h-8 w-11/12" />
        <Skeleton className="h-8 w-3/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
        <div className="flex items-center gap-3 pt-6">
          <Skeleton className="h-10 w-10 rounded-full" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
    </div>
  );
}
