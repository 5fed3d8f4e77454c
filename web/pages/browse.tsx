import { BROWSE_PATH, sortChoices } from "@contract/feed-query";
import { PRODUCT_NAME } from "@contract/options";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { FeedBaseContext } from "@/features/feed/feed-base";
import { FeedList } from "@/features/feed/feed-list";
import { FeedFilters } from "@/features/feed/filter-sidebar";
import { PlatformStats } from "@/features/feed/platform-stats";
import { useFeedParams } from "@/features/feed/use-feed";
import { PageShell } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";

/**
 * /browse (issue 19): the feed, its search, filters and sort, for anyone, signed in or not. The
 * same components as the signed-in home, leading to this address; read only (the cards are
 * links, nothing here rates or saves). The server renders the page the address asks for, so
 * it works without JavaScript and is cached for visitors.
 */
export default function BrowsePage() {
  return (
    <FeedBaseContext.Provider value={BROWSE_PATH}>
      <BrowseFeed />
    </FeedBaseContext.Provider>
  );
}

function BrowseFeed() {
  const { isAuthenticated } = useAuth();
  const feed = useFeedParams();
  return (
    <PageShell className="py-5 sm:py-8">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4 sm:mb-8">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Browse articles</h1>
          <p className="mt-1 hidden text-muted-foreground sm:block">
            Everything written on {PRODUCT_NAME} from the videos people share. Search, filter and read: no account
            needed.
          </p>
        </div>
        {!isAuthenticated && (
          <Button asChild variant="outline" className="hidden shrink-0 sm:inline-flex">
            <Link href="/register">Create your own</Link>
          </Button>
        )}
      </div>
      <div className="grid gap-5 sm:gap-8 lg:grid-cols-[17.5rem_minmax(0,1fr)]">
        <aside className="sm:space-y-6 lg:sticky lg:top-24 lg:self-start" aria-label="Filters and stats">
          <FeedFilters
            params={feed.params}
            sortBy={feed.sortBy}
            sorts={sortChoices(feed.hasInterests, feed.sortBy)}
            onChange={feed.update}
          />
          <PlatformStats className="hidden sm:block" />
        </aside>
        <div className="min-w-0 space-y-6 sm:space-y-10">
          <FeedList
            params={feed.params}
            sortBy={feed.sortBy}
            defaultSort={feed.defaultSort}
            hasInterests={feed.hasInterests}
            onChange={feed.update}
          />
          <PlatformStats className="sm:hidden" />
        </div>
      </div>
    </PageShell>
  );
}
