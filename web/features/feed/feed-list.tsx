import { activeFilterCount, type FeedParams, feedHref, narrowsFeed, sortChoices } from "@contract/feed-query";
import { SORT_LABELS, type SortBy } from "@contract/options";
import { AlertCircle, ChevronLeft, ChevronRight, Newspaper, Plus, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { OptionSelect } from "@/components/ui/option-select";
import { CreateArticleButton } from "@/features/create-article/create-article-button";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { ArticleCard, ArticleCardSkeleton } from "./article-card";
import { useFeedBase } from "./feed-base";
import { type FeedChange, useFeedArticles } from "./use-feed";

const LIST_ID = "latest-articles";

function SortSelect({
  value,
  withForYou,
  onChange,
}: {
  value: SortBy;
  withForYou: boolean;
  onChange: (sortBy: SortBy) => void;
}) {
  const options = sortChoices(withForYou, value);
  return (
    <OptionSelect
      // Without scripts the sort is in the filters' no-script form.
      className="needs-script h-9 w-36 shrink-0 sm:w-40 bg-background"
      aria-label="Sort articles"
      align="end"
      value={value}
      onValueChange={(next) => onChange(next as SortBy)}
      options={options.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
    />
  );
}

/**
 * Previous or Next: a link to that page of the feed, so paging works before the page's scripts
 * run and without them; once they run, the page changes in place.
 */
function PageLink({
  to,
  disabled,
  params,
  defaultSort,
  onGo,
  children,
}: {
  to: number;
  disabled: boolean;
  params: FeedParams;
  defaultSort: SortBy | undefined;
  onGo: (page: number) => void;
  children: ReactNode;
}) {
  const basePath = useFeedBase();
  if (disabled) {
    return (
      <Button variant="outline" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="outline" asChild>
      <a
        href={feedHref({ ...params, page: to }, defaultSort, basePath)}
        onClick={(event) => {
          event.preventDefault();
          onGo(to);
        }}
      >
        {children}
      </a>
    </Button>
  );
}

/**
 * 'All articles' | 'Following': links to the two feeds (they work before scripts and without
 * them), changing the list in place once scripts run.
 */
function FollowingChoice({
  params,
  defaultSort,
  onChange,
}: {
  params: FeedParams;
  defaultSort: SortBy | undefined;
  onChange: (change: FeedChange) => void;
}) {
  const basePath = useFeedBase();
  const choices = [
    { label: "All articles", following: undefined },
    { label: "Following", following: true },
  ] as const;
  return (
    <nav aria-label="Which articles" className="flex min-w-0 gap-1.5 sm:gap-2">
      {choices.map(({ label, following }) => {
        const current = Boolean(params.following) === Boolean(following);
        return (
          <a
            key={label}
            href={feedHref({ ...params, following, page: 1 }, defaultSort, basePath)}
            aria-current={current ? "page" : undefined}
            onClick={(event) => {
              event.preventDefault();
              onChange({ following });
            }}
            className={cn(
              "whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition-colors sm:px-3.5",
              current ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-muted",
            )}
          >
            {label}
          </a>
        );
      })}
    </nav>
  );
}

/** Spec section 8: a failed list fetch reads '{status}: {reason}'; a dropped connection says so. */
function errorText(error: Error): string {
  if (error instanceof ApiError) return `${error.status}: ${error.message}`;
  return "We couldn't reach the server. Check your connection and try again.";
}

function EmptyState({ params, onCreate, onClear }: { params: FeedParams; onCreate?: () => void; onClear: () => void }) {
  const filtered = narrowsFeed(params);
  if (params.following && !filtered) {
    return (
      <div className="rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Newspaper className="h-7 w-7" aria-hidden="true" />
        </span>
        <h3 className="mt-5 text-lg font-semibold">Nothing from who you follow yet</h3>
        <p className="mx-auto mt-1.5 max-w-sm text-sm text-muted-foreground">
          Open an author, a tag or a category and press Follow: their new articles appear here.
        </p>
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Newspaper className="h-7 w-7" aria-hidden="true" />
      </span>
      <h3 className="mt-5 text-lg font-semibold">No articles found</h3>
      <p className="mx-auto mt-1.5 max-w-sm text-sm text-muted-foreground">
        {filtered
          ? "Try adjusting your filters to see more articles."
          : "Be the first to create an article from YouTube content!"}
      </p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        {/* The public browse page offers no Create (issue 19: read only). */}
        {onCreate && (
          <CreateArticleButton onCreate={onCreate}>
            <Plus /> Create First Article
          </CreateArticleButton>
        )}
        {activeFilterCount(params) > 0 && (
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * 'Latest Articles': the sort selector, one page of cards and the pager. The pager shows when
 * a next page exists (the answer's X-Has-More, issue 19: a full page is not proof of another);
 * Previous is off on page 1 and Next on the last page. It also stays on later pages, so the
 * last page still has a way back.
 */
export function FeedList({
  params,
  sortBy,
  defaultSort,
  hasInterests,
  onChange,
  onCreate,
  offerFollowing = false,
}: {
  params: FeedParams;
  sortBy: SortBy;
  defaultSort: SortBy | undefined;
  hasInterests: boolean;
  onChange: (change: FeedChange) => void;
  /** Absent on the public browse page: nothing to create there. */
  onCreate?: () => void;
  /** The signed-in home: an 'All articles' | 'Following' choice above the list. */
  offerFollowing?: boolean;
}) {
  const {
    data: feedPage,
    error,
    isPending,
    isFetching,
    isPlaceholderData,
    refetch,
  } = useFeedArticles(params, defaultSort);
  const page = params.page;
  const articles = feedPage?.articles;
  const count = articles?.length ?? 0;
  const hasMore = feedPage?.hasMore ?? false;
  const showPager = !error && !isPending && (hasMore || page > 1);

  const goTo = (next: number) => {
    onChange({ page: next });
    document.getElementById(LIST_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const clearFilters = () =>
    onChange({ search: undefined, category: undefined, style: undefined, minRating: undefined, dateRange: undefined });

  return (
    <section id={LIST_ID} aria-labelledby={`${LIST_ID}-heading`} className="scroll-mt-24 space-y-5">
      <div className="flex items-center justify-between gap-4">
        {/* With the All articles | Following choice, the choice is what the reader sees (one row,
            so a phone still shows the first article within its first screen); the heading stays
            for screen readers. */}
        <h2
          id={`${LIST_ID}-heading`}
          className={cn("text-xl font-bold tracking-tight sm:text-2xl", offerFollowing && "sr-only")}
        >
          {params.following ? "Following" : "Latest Articles"}
        </h2>
        {offerFollowing && <FollowingChoice params={params} defaultSort={defaultSort} onChange={onChange} />}
        <SortSelect value={sortBy} withForYou={hasInterests} onChange={(next) => onChange({ sortBy: next })} />
      </div>

      {error ? (
        <div
          role="alert"
          className="flex flex-col items-center rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-12 text-center"
        >
          <AlertCircle className="h-8 w-8 text-destructive" aria-hidden="true" />
          <h3 className="mt-3 font-semibold">Couldn't load articles</h3>
          <p className="mt-1 max-w-md break-words text-sm text-muted-foreground">{errorText(error)}</p>
          <Button variant="outline" size="sm" className="mt-5" onClick={() => refetch()} disabled={isFetching}>
            <RefreshCw className={cn(isFetching && "animate-spin")} /> Try again
          </Button>
        </div>
      ) : isPending ? (
        <div className="grid gap-6 sm:grid-cols-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading articles...
          </span>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <ArticleCardSkeleton key={i} />
          ))}
        </div>
      ) : count === 0 ? (
        <EmptyState params={params} onCreate={onCreate} onClear={clearFilters} />
      ) : (
        <ul
          className={cn(
            "grid gap-6 sm:grid-cols-2",
            isPlaceholderData && "pointer-events-none opacity-60 transition-opacity",
          )}
          aria-busy={isPlaceholderData}
        >
          {articles?.map((article) => (
            <li key={article.id} className="flex">
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      )}

      {showPager && (
        <nav className="flex items-center justify-between gap-4 border-t pt-5" aria-label="Pagination">
          <PageLink to={page - 1} disabled={page <= 1} params={params} defaultSort={defaultSort} onGo={goTo}>
            <ChevronLeft /> Previous
          </PageLink>
          <span className="text-sm text-muted-foreground">Page {page}</span>
          <PageLink
            to={page + 1}
            disabled={!hasMore || isPlaceholderData}
            params={params}
            defaultSort={defaultSort}
            onGo={goTo}
          >
            Next <ChevronRight />
          </PageLink>
        </nav>
      )}
    </section>
  );
}
