import { CREATE_ARTICLE_PARAM } from "@contract/article-forms";
import { sortChoices } from "@contract/feed-query";
import { PRODUCT_NAME } from "@contract/options";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { preloadOptionSelect } from "@/components/ui/option-select";
import { CreateArticleButton } from "@/features/create-article/create-article-button";
import { FeaturedArticle } from "@/features/feed/featured-article";
import { FeedList } from "@/features/feed/feed-list";
import { FeedFilters } from "@/features/feed/filter-sidebar";
import { PlatformStats } from "@/features/feed/platform-stats";
import { useFeedParams } from "@/features/feed/use-feed";
import { PageShell } from "@/features/layout/page-shell";
import { useAddressParam } from "@/hooks/use-address-param";
import { useAuth } from "@/hooks/use-auth";
import { lazyComponent, MountWhen, whenIdle } from "@/lib/lazy";

// The create dialog (a form, Radix Dialog, Select, Switch, Progress) is opened by a click:
// it loads once the page is idle, so the first paint does not wait for it.
// The server loads it up front (ssr), for the dialog opened by the page's address (/?create=1).
const CreateArticleDialog = lazyComponent(
  () => import("@/features/create-article/create-article-dialog").then((module) => module.CreateArticleDialog),
  { ssr: true },
);

/** An account made in the last day is welcomed, not welcomed back. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
function isNewAccount(createdAt: string | undefined): boolean {
  const made = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(made) && Date.now() - made < NEW_ACCOUNT_MS;
}

/** The signed-in home (spec section 2): filters and stats beside the featured article and the feed. */
export default function HomePage() {
  const { user } = useAuth();
  // /?create=1 opens the dialog in the server's HTML (see CreateArticleButton), where it stays
  // in the page rather than in a portal; closing it takes the parameter out of the address.
  const byAddress = useAddressParam(CREATE_ARTICLE_PARAM);
  const openedByAddress = byAddress.initial !== null;
  const [creating, setCreating] = useState(openedByAddress);
  const feed = useFeedParams();
  const openCreate = () => setCreating(true);
  const changeCreating = (open: boolean) => {
    setCreating(open);
    if (!open) byAddress.clear();
  };
  // What the reader most likely does next (filter, sort, create) should not wait for its code.
  useEffect(
    () =>
      whenIdle(() => {
        preloadOptionSelect();
        CreateArticleDialog.preload();
      }),
    [],
  );

  return (
    // On a phone the greeting, the folded filters and the featured article leave the first
    // article within the first screen (issue 19); the stats follow the feed there.
    <PageShell onCreateArticle={openCreate} className="py-5 sm:py-8">
      <div className="mb-5 flex items-center justify-between gap-4 sm:mb-8 sm:items-end">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {isNewAccount(user?.createdAt) ? `Welcome to ${PRODUCT_NAME}` : "Welcome back"}, {user?.firstName}
          </h1>
          <p className="mt-1 hidden text-muted-foreground sm:block">Articles written from the videos people share.</p>
        </div>
        {/* Short beside the greeting on a phone; its name stays 'Create Article'. */}
        <CreateArticleButton onCreate={openCreate} className="shrink-0 sm:hidden">
          <Plus /> Create<span className="sr-only"> Article</span>
        </CreateArticleButton>
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
          <FeaturedArticle />
          <FeedList
            params={feed.params}
            sortBy={feed.sortBy}
            defaultSort={feed.defaultSort}
            hasInterests={feed.hasInterests}
            onChange={feed.update}
            onCreate={openCreate}
            offerFollowing
          />
          <PlatformStats className="sm:hidden" />
        </div>
      </div>
      <MountWhen when={creating}>
        <CreateArticleDialog open={creating} onOpenChange={changeCreating} inline={openedByAddress} />
      </MountWhen>
    </PageShell>
  );
}
