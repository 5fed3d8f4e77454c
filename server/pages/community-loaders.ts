import { authorPath, authorQueryKey, isHandleSegment } from "../../contract/authors";
import { type FeedPage, feedQuery } from "../../contract/feed";
import {
  type FeedParams,
  feedParamsFor,
  feedQueryKey,
  parseFeedSearch,
  STATS_QUERY_KEY,
} from "../../contract/feed-query";
import { USER_FOLLOWS_KEY } from "../../contract/follow-keys";
import { PRODUCT_NAME } from "../../contract/options";
import type { PageName } from "../../contract/pages";
import { categoryRssPath, isTopicSlug, tagRssPath } from "../../contract/topics";
import { listFeed, platformStats } from "../articles/feed";
import { presentSummary } from "../articles/presenter";
import { interestsOf } from "../articles/reading";
import { findAuthor } from "../community/authors";
import { listFollows } from "../community/follows";
import { redirectedHandle } from "../community/handles";
import { findTopic } from "../community/topics";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { holdsUnstorableText } from "../http/text-hygiene";
import { absoluteUrl, pageHead, type RenderedHead } from "./head";
import type { PageContext, PageLoader } from "./loaders";
import { cutWithEllipsis, META_DESCRIPTION_MAX } from "./meta-description";
import type { PreloadedQuery } from "./page-data";

/*
 * The reading community's public pages (issue 19): /browse (the feed, for visitors too), an
 * author's page /u/{handle}, and the topic pages /category/{slug} and /tag/{slug}. Each
 * preloads what it shows, so it arrives whole and works without JavaScript; visitors get them
 * from the page cache like every signed-out page.
 */

/** A page of the feed for these filters, as the web holds it (FeedPage), or null for filters the API refuses. */
async function feedPageQuery(db: Db, params: FeedParams, user: UserRow | undefined): Promise<PreloadedQuery | null> {
  const filters = feedQuery.safeParse({ ...params, sortBy: params.sortBy ?? "latest" });
  if (!filters.success || holdsUnstorableText(filters.data)) return null;
  const feed = await listFeed(db, filters.data, await interestsOf(db, user, filters.data));
  const data: FeedPage = {
    articles: feed.rows.map(({ article, author }) => presentSummary(article, author)),
    hasMore: feed.hasMore,
  };
  return { queryKey: feedQueryKey(params), data };
}

/** The query of a list page (author, topic): newest first, the address's page. */
const listParams = (search: string, filter: Partial<FeedParams>): FeedParams => ({
  ...filter,
  sortBy: "latest",
  page: parseFeedSearch(search).page,
});

const notFoundHead = (context: PageContext, title: string): RenderedHead =>
  pageHead(
    {
      ...context.page,
      name: "notFound",
      title: `${title} | ${PRODUCT_NAME}`,
      description: "This page does not exist.",
    },
    absoluteUrl(context.config.publicUrl, context.pathname),
  );

/** The public feed: the page of articles its address asks for, and the platform stats. */
const loadBrowse: PageLoader = async ({ db, user, search }) => {
  const params = feedParamsFor(search, user);
  const [feed, stats] = await Promise.all([feedPageQuery(db, params, user), platformStats(db)]);
  const queries: PreloadedQuery[] = [{ queryKey: STATS_QUERY_KEY, data: stats }];
  if (feed) queries.unshift(feed);
  return { queries };
};

/** The last segment of a page's path, decoded as the client router decodes it. */
function lastSegment(pathname: string): string {
  const raw = pathname.slice(pathname.lastIndexOf("/") + 1);
  try {
    return raw.includes("%") ? decodeURI(raw) : raw;
  } catch {
    return raw;
  }
}

/** What the signed-in reader follows: the page's Follow button says it in the first HTML. */
async function followsQuery(db: Db, user: UserRow): Promise<PreloadedQuery> {
  return { queryKey: USER_FOLLOWS_KEY, data: await listFollows(db, user) };
}

/** /u/{handle}: the author and the address's page of their articles; unknown handles are a 404. */
const loadAuthor: PageLoader = async (context) => {
  const { db, config, pathname, search, user } = context;
  const handle = lastSegment(pathname);
  const author = isHandleSegment(handle) ? await findAuthor(db, handle) : undefined;
  if (!author) {
    return {
      queries: [{ queryKey: authorQueryKey(handle), data: null }],
      status: 404,
      head: notFoundHead(context, "Author Not Found"),
    };
  }
  const feed = await feedPageQuery(db, listParams(search, { author: author.handle }), user);
  const queries: PreloadedQuery[] = [{ queryKey: authorQueryKey(author.handle), data: author }];
  if (feed) queries.push(feed);
  if (user) queries.push(await followsQuery(db, user));
  const name = `${author.firstName} ${author.lastName}`.trim();
  const description = author.bio
    ? cutWithEllipsis(author.bio.replace(/\s+/g, " ").trim(), META_DESCRIPTION_MAX)
    : `Articles by ${name} on ${PRODUCT_NAME}: ${author.totals.articles} so far.`;
  const head = pageHead(
    { ...context.page, title: `${name} (@${author.handle}) | ${PRODUCT_NAME}`, description },
    absoluteUrl(config.publicUrl, authorPath(author.handle)),
  );
  head.meta = head.meta?.map((tag) =>
    "property" in tag && tag.property === "og:type" ? { ...tag, content: "profile" } : tag,
  );
  return { queries, head };
};

/** /category/{slug} and /tag/{slug}: the topic's articles, newest first, with its RSS feed in the head. */
function topicLoader(kind: "category" | "tag"): PageLoader {
  return async (context) => {
    const { db, config, pathname, search, user } = context;
    const slug = lastSegment(pathname);
    const topic = isTopicSlug(slug) ? await findTopic(db, kind, slug) : undefined;
    if (!topic) {
      const key = feedQueryKey(listParams(search, kind === "tag" ? { tag: slug } : { category: slug }));
      return {
        queries: [{ queryKey: key, data: { articles: [], hasMore: false } satisfies FeedPage }],
        status: 404,
        head: notFoundHead(context, kind === "tag" ? "Tag Not Found" : "Category Not Found"),
      };
    }
    const params = listParams(search, kind === "tag" ? { tag: topic.slug } : { category: topic.name });
    const feed = await feedPageQuery(db, params, user);
    const label = kind === "tag" ? `#${topic.name}` : topic.name;
    const rss = kind === "tag" ? tagRssPath(topic.slug) : categoryRssPath(topic.slug);
    const head = pageHead(
      {
        ...context.page,
        title: `${label}: articles | ${PRODUCT_NAME}`,
        description: `The newest articles ${kind === "tag" ? "tagged" : "in"} ${topic.name} on ${PRODUCT_NAME}, written from the videos people share.`,
      },
      absoluteUrl(config.publicUrl, pathname),
    );
    head.links = [
      {
        rel: "alternate",
        type: "application/rss+xml",
        title: `${label} | ${PRODUCT_NAME}`,
        href: absoluteUrl(config.publicUrl, rss),
      },
    ];
    const queries: PreloadedQuery[] = feed ? [feed] : [];
    if (user) queries.push(await followsQuery(db, user));
    return { queries, head };
  };
}

/** The loaders of these pages, by the route table's name (merged into PAGE_LOADERS). */
export const COMMUNITY_LOADERS: Readonly<Partial<Record<PageName, PageLoader>>> = {
  browse: loadBrowse,
  author: loadAuthor,
  category: topicLoader("category"),
  tag: topicLoader("tag"),
};

/**
 * A page address that lives elsewhere now, answered with a 301 before any page is rendered:
 * /u/{Handle} typed with capitals is /u/{handle}, and a handle its owner changed is their new one.
 */
export async function pageRedirect(db: Db, page: PageName, pathname: string): Promise<string | undefined> {
  if (page !== "author") return undefined;
  const handle = lastSegment(pathname);
  if (!isHandleSegment(handle)) return undefined;
  const lower = handle.toLowerCase();
  const moved = await redirectedHandle(db, lower);
  if (moved) return authorPath(moved);
  return lower !== handle ? authorPath(lower) : undefined;
}
