import { type FeedParams, parseFeedSearch } from "@contract/feed-query";
import { PRODUCT_NAME } from "@contract/options";
import { categoryForSlug, categoryRssPath, isTopicSlug, tagRssPath, tagSlug } from "@contract/topics";
import { Hash, Rss, SearchX } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ArticleList } from "@/features/community/article-list";
import { useFeedArticles } from "@/features/feed/use-feed";
import { FollowButton } from "@/features/follows/follow-button";
import { Notice, PageShell } from "@/features/layout/page-shell";

type Kind = "category" | "tag";

/**
 * The topic a page names: a category from the contract's list, or a tag as the articles carrying
 * it spell it (the first on the page). undefined while a tag's articles load; null when unknown.
 */
function useTopic(kind: Kind, slug: string): { name: string | null | undefined; filter: FeedParams } {
  const page = parseFeedSearch(useSearch()).page;
  const category = kind === "category" ? categoryForSlug(slug) : undefined;
  const filter: FeedParams =
    kind === "tag" ? { tag: slug, sortBy: "latest", page } : { category: category ?? slug, sortBy: "latest", page };
  const articles = useFeedArticles(filter, undefined);
  if (kind === "category") return { name: category ?? null, filter };
  if (!isTopicSlug(slug)) return { name: null, filter };
  if (articles.isPending) return { name: undefined, filter };
  const spelled = articles.data?.articles.flatMap((article) => article.tags).find((tag) => tagSlug(tag) === slug);
  // Past the last page a known tag has no articles here: its slug is all there is to show.
  return { name: spelled ?? (page > 1 ? slug : null), filter };
}

/**
 * /category/{slug} and /tag/{slug} (issue 19): the topic's articles, newest first, and its RSS
 * feed. An unknown slug is a 404 with this page's notice; a known category with no articles yet
 * says so.
 */
export default function TopicPage() {
  const [location] = useLocation();
  const kind: Kind = location.startsWith("/tag/") ? "tag" : "category";
  const { slug: raw = "" } = useParams<{ slug: string }>();
  const slug = raw.toLowerCase();
  const { name, filter } = useTopic(kind, slug);
  const label = kind === "tag" ? `#${name}` : name;

  useEffect(() => {
    if (name) document.title = `${label}: articles | ${PRODUCT_NAME}`;
    else if (name === null) document.title = `${kind === "tag" ? "Tag" : "Category"} Not Found | ${PRODUCT_NAME}`;
  }, [name, label, kind]);

  const rss = kind === "tag" ? tagRssPath(slug) : categoryRssPath(slug);
  return (
    <PageShell className="max-w-5xl space-y-8">
      {name === undefined ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : name === null ? (
        <Notice
          icon={<SearchX className="h-10 w-10 text-muted-foreground" aria-hidden="true" />}
          title={kind === "tag" ? "Tag Not Found" : "Category Not Found"}
          message="No articles carry this topic. Check the address, or browse every article instead."
          action={
            <Button asChild>
              <Link href="/browse">Browse articles</Link>
            </Button>
          }
        />
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div className="min-w-0">
              <p className="text-sm font-semibold uppercase tracking-wider text-primary">
                {kind === "tag" ? "Tag" : "Category"}
              </p>
              <h1 className="mt-1 flex items-center gap-1 break-words text-2xl font-bold tracking-tight sm:text-3xl">
                {kind === "tag" && <Hash className="h-6 w-6 shrink-0 text-muted-foreground" aria-hidden="true" />}
                {name}
              </h1>
            </div>
            <div className="flex flex-wrap gap-2">
              <FollowButton type={kind} target={slug} name={label ?? slug} />
              {/* A file, not a page of the app: a plain link the browser opens itself. */}
              <Button asChild variant="outline" size="sm" className="h-9">
                <a href={rss}>
                  <Rss /> RSS feed<span className="sr-only"> for {label}</span>
                </a>
              </Button>
            </div>
          </div>
          <ArticleList
            filter={{ tag: filter.tag, category: filter.category }}
            basePath={`/${kind}/${slug}`}
            heading="Newest articles"
            empty={<p>Nothing here yet: no article is in {name} so far.</p>}
          />
        </>
      )}
    </PageShell>
  );
}
