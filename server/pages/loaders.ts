import type { FastifyReply, FastifyRequest } from "fastify";
import { MAIL_ID } from "../../contract/account";
import {
  ADMIN_DASHBOARD_KEY,
  adminArticlesQueryKey,
  adminUsersQueryKey,
  parseAdminSearch,
} from "../../contract/admin-query";
import { CREATE_ARTICLE_PARAM } from "../../contract/article-forms";
import { relatedQueryKey } from "../../contract/article-reading";
import { formAnswerKey } from "../../contract/auth-forms";
import { commentReportsQueryKey, commentsQueryKey } from "../../contract/comment-keys";
import { ID_SEGMENT } from "../../contract/common";
import { type FeedFilters, type FeedPage, feedQuery } from "../../contract/feed";
import { FEATURED_QUERY_KEY, feedParamsFor, feedQueryKey, STATS_QUERY_KEY } from "../../contract/feed-query";
import { PRODUCT_NAME } from "../../contract/options";
import { articleQueryKey, type PageMeta, type PageName } from "../../contract/pages";
import { PAYMENT_REFERENCE, paymentQueryKey } from "../../contract/payments";
import {
  BOOKMARKS_QUERY_KEY,
  bookmarkCheckQueryKey,
  MAILBOX_KEY,
  MY_ARTICLES_KEY,
  mailMessageQueryKey,
  PAYMENTS_KEY,
  SUBSCRIPTION_KEY,
} from "../../contract/query-keys";
import { listArticlesPage } from "../admin/repository";
import { dashboard as adminDashboard, listUsers } from "../admin/service";
import { listBookmarks } from "../articles/community-queries";
import { findFeatured, listFeed, platformStats } from "../articles/feed";
import {
  type ArticleWithAuthor,
  mayEditArticle,
  presentArticle,
  presentArticleFor,
  presentSummary,
} from "../articles/presenter";
import { cachedArticlePart } from "../articles/read-cache";
import {
  countSharedRead,
  findArticleToRead,
  interestsOf,
  readArticleForPage,
  readerFeedFilters,
} from "../articles/reading";
import { whatToReadNext } from "../articles/related";
import { listUserArticles } from "../articles/repository";
import { effectiveSubscription } from "../auth/presenter";
import { commentsFor, reportQueue } from "../comments/service";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { holdsUnstorableText, isUnstorableText } from "../http/text-hygiene";
import { configuredPaystack } from "../payments/paystack";
import { checkPayment, listPayments, presentPayment } from "../payments/service";
import { articleHead } from "./article-head";
import { COMMUNITY_LOADERS } from "./community-loaders";
import { newCreateKey } from "./create-article-post";
import { absoluteUrl, pageHead, type RenderedHead } from "./head";
import type { PreloadedQuery } from "./page-data";
import { findVideoDetails } from "./repository";
import type { ReaderQuery, SharedPageLoad } from "./shared-article";

/** What a page's loader is given: the request and the page the route table found for it. */
export interface PageContext {
  db: Db;
  config: AppConfig;
  /** The address asked for, query string included. */
  url: string;
  pathname: string;
  /** The query string, with its "?" (empty when there is none). */
  search: string;
  page: PageMeta;
  request: FastifyRequest;
  reply: FastifyReply;
  user: UserRow | undefined;
  /** Queries only this answer carries (a form's answer), already in the page's data. */
  extraQueries: readonly PreloadedQuery[];
}

/** What a page preloads beyond the common queries, and what it changes in the answer. */
export interface PageLoad {
  /** The queries the page would otherwise fetch after load, with their answers. */
  queries: PreloadedQuery[];
  /** The page's own head (the route table's title and description otherwise). */
  head?: RenderedHead;
  /** The status code (the route table's otherwise: 404 for the 404 page, else 200). */
  status?: number;
  /** The article the page shows, whose view a cached answer still counts. */
  articleId?: number;
  /** A page rendered once for every reader and then given each reader's own parts (shared-article.ts). */
  shared?: SharedPageLoad;
}

export type PageLoader = (context: PageContext) => Promise<PageLoad>;

const NOTHING: PageLoad = { queries: [] };

/**
 * The article behind /article/{identifier}, read as the API reads it (the view is counted,
 * the reader's own rating included), with its head, the reader's bookmark state and what to
 * read next (related articles, the author's previous and next). A missing
 * article is preloaded as null, so the page shows 'Article Not Found' (404) without asking again.
 */
const loadArticle: PageLoader = async ({ db, config, url, pathname, page, request, reply, user, extraQueries }) => {
  const identifier = decodeLikeRouter(pathname.slice("/article/".length));
  const queryKey = articleQueryKey(identifier);
  const found = isUnstorableText(identifier)
    ? undefined
    : /^\d+$/.test(identifier)
      ? ID_SEGMENT.test(identifier)
        ? await findArticleToRead(db, { id: Number(identifier) })
        : undefined
      : identifier.length <= 200
        ? await findArticleToRead(db, { slug: identifier })
        : undefined;
  if (!found) {
    return {
      queries: [{ queryKey, data: null }],
      status: 404,
      head: pageHead(
        { ...page, name: "notFound", title: `Article Not Found | ${PRODUCT_NAME}` },
        absoluteUrl(config.publicUrl, pathname),
      ),
    };
  }

  // Every reader but its author and admins (who get the markdown to edit) reads the same page
  // around their own parts; an address with a query or a form's answer is rendered whole.
  if (url === pathname && extraQueries.length === 0 && !mayEditArticle(found.article, user)) {
    return {
      queries: [],
      articleId: found.article.id,
      shared: sharedArticle(db, config, found, queryKey, request, reply, user),
    };
  }

  const videoId = found.article.youtubeVideoId;
  const [{ article, bookmarked }, video, next, comments] = await Promise.all([
    readArticleForPage(db, config, found, request, reply),
    // What surrounds the article is alike for every reader: read once per article while cached.
    videoId ? cachedArticlePart(db, `video:${videoId}`, () => findVideoDetails(db, videoId)) : null,
    cachedArticlePart(db, `next:${found.article.id}`, () => whatToReadNext(db, found.article.id, found.article)),
    // The first page of comments, so readers without JavaScript see them (issue 19 item 4).
    commentsFor(db, found.article.id, 1, user, found.article),
  ]);
  const queries: PreloadedQuery[] = [{ queryKey, data: article }];
  if (comments) queries.push({ queryKey: commentsQueryKey(article.id), data: comments });
  if (next) queries.push({ queryKey: relatedQueryKey(article.id), data: next });
  if (bookmarked !== null) {
    queries.push({ queryKey: bookmarkCheckQueryKey(article.id), data: { isBookmarked: bookmarked } });
  }
  return { queries, head: articleHead(article, video, config.publicUrl), articleId: article.id };
};

/**
 * The article page every reader shares (the key is its address: the page's query key is the
 * identifier in it), made from what every reader reads alike: the article without anyone's
 * rating, a visitor's first page of comments, what to read next. Each reader's read is counted
 * and brings the view count with it, their rating, bookmark state and, when there are comments,
 * their own first page (their comments carry what they may do with them).
 */
function sharedArticle(
  db: Db,
  config: AppConfig,
  found: ArticleWithAuthor,
  queryKey: readonly unknown[],
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow | undefined,
): SharedPageLoad {
  const id = found.article.id;
  const videoId = found.article.youtubeVideoId;
  // Started at once, beside the shared page's render; forReader waits for it.
  const reader = Promise.all([
    countSharedRead(db, config, found, request, reply),
    user && found.article.commentCount > 0 ? commentsFor(db, id, 1, user, found.article) : undefined,
  ]);
  reader.catch(() => {}); // its failure reaches the request through forReader, or the render failed first
  return {
    key: `article:${queryKey.join("/")}`,
    kind: "article",
    async build() {
      const [video, next, comments] = await Promise.all([
        videoId ? cachedArticlePart(db, `video:${videoId}`, () => findVideoDetails(db, videoId)) : null,
        cachedArticlePart(db, `next:${id}`, () => whatToReadNext(db, id, found.article)),
        commentsFor(db, id, 1, undefined, found.article),
      ]);
      const article = { ...presentArticleFor(found, undefined), userRating: null };
      const queries: PreloadedQuery[] = [{ queryKey, data: article }];
      if (comments) queries.push({ queryKey: commentsQueryKey(id), data: comments });
      if (next) queries.push({ queryKey: relatedQueryKey(id), data: next });
      return { queries, head: articleHead(article, video, config.publicUrl) };
    },
    async forReader() {
      const [{ counts, bookmarked }, comments] = await reader;
      const { userRating, ...viewCounts } = counts;
      const own: ReaderQuery[] = [{ queryKey, extend: { userRating }, counted: viewCounts }];
      if (comments) own.push({ queryKey: commentsQueryKey(id), data: comments });
      if (bookmarked !== null) own.push({ queryKey: bookmarkCheckQueryKey(id), data: { isBookmarked: bookmarked } });
      return own;
    },
  };
}

/**
 * The signed-in home's first queries (spec: "Preloaded data may be supplied for the home page
 * (articles, featuredArticle, stats)"): the feed page the URL's filters ask for, under the key
 * the home page uses (with whether a next page exists), the featured article and the platform stats. The create dialog opened by
 * its address (without JavaScript) gets its request key. Visitors see the landing page: nothing.
 */
const loadHome: PageLoader = async ({ db, user, search, extraQueries }) => {
  if (!user) return NOTHING;
  const params = feedParamsFor(search, user);
  // The same normalisation the API applies to the same parameters, so both answer alike.
  const filters = feedQuery.safeParse({ ...params, sortBy: params.sortBy ?? "latest" });
  // The feed's own look-ups (follows, interests) run beside the featured article and the stats.
  const readerFeed = async (wanted: FeedFilters) =>
    listFeed(db, await readerFeedFilters(db, wanted, user), await interestsOf(db, user, wanted));
  const [feed, featured, stats] = await Promise.all([
    filters.success && !holdsUnstorableText(filters.data) ? readerFeed(filters.data) : null,
    findFeatured(db),
    platformStats(db),
  ]);
  const queries: PreloadedQuery[] = [
    { queryKey: FEATURED_QUERY_KEY, data: featured ? presentSummary(featured.article, featured.author) : null },
    { queryKey: STATS_QUERY_KEY, data: stats },
  ];
  if (feed) {
    // The page as the web holds it (contract FeedPage): the API's array and its X-Has-More, so
    // the first HTML offers Next only when a next page exists.
    const data: FeedPage = {
      articles: feed.rows.map(({ article, author }) => presentSummary(article, author)),
      hasMore: feed.hasMore,
    };
    queries.unshift({ queryKey: feedQueryKey(params), data });
  }
  const answered = extraQueries.some((query) => query.queryKey[1] === "create-article");
  if (!answered && new URLSearchParams(search).has(CREATE_ARTICLE_PARAM)) {
    queries.push({ queryKey: formAnswerKey("create-article"), data: { key: newCreateKey() } });
  }
  return { queries };
};

/*
 * The pages holding the action buttons (server/pages/action-posts.ts) show their lists first,
 * preloaded as the API would answer them, so the lists (and their Delete buttons) are in the
 * first HTML and work before and without scripts.
 */

/** The user's own articles, or their saved ones on the Saved tab. */
const loadMyArticles: PageLoader = async ({ db, user, search }) => {
  if (!user) return NOTHING;
  if (new URLSearchParams(search).get("tab") === "saved") {
    const saved = await listBookmarks(db, user.id);
    return {
      queries: [
        { queryKey: BOOKMARKS_QUERY_KEY, data: saved.map(({ article, author }) => presentSummary(article, author)) },
      ],
    };
  }
  const own = await listUserArticles(db, user.id);
  const data = own.map(({ article, author }) => presentArticle(article, author, { includeMarkdown: true }));
  return { queries: [{ queryKey: MY_ARTICLES_KEY, data }] };
};

/**
 * The admin dashboard, for an admin only (anyone else sees 'Access Denied'): the 30-day figures
 * and the page of articles or users its address asks for (/admin?tab=users&search=&page=).
 */
const loadAdmin: PageLoader = async ({ db, user, search }) => {
  if (user?.role !== "admin") return NOTHING;
  const { tab, ...params } = parseAdminSearch(search);
  const safe = !isUnstorableText(params.search ?? "");
  const [figures, list] = await Promise.all([
    adminDashboard(db),
    !safe
      ? null
      : tab === "comments"
        ? reportQueue(db, user, params.page).then((data) => ({ queryKey: commentReportsQueryKey(params.page), data }))
        : tab === "users"
          ? listUsers(db, params).then((data) => ({ queryKey: adminUsersQueryKey(params), data }))
          : listArticlesPage(db, params).then((rows) => ({
              queryKey: adminArticlesQueryKey(params),
              data: rows.map(({ article, author }) => presentArticle(article, author, { includeMarkdown: true })),
            })),
  ]);
  const queries: PreloadedQuery[] = [{ queryKey: ADMIN_DASHBOARD_KEY, data: figures }];
  if (list) queries.push(list);
  return { queries };
};

/** The user's plan and payment history. */
const loadSubscription: PageLoader = async ({ db, user }) => {
  if (!user) return NOTHING;
  return {
    queries: [
      { queryKey: SUBSCRIPTION_KEY, data: effectiveSubscription(user) },
      { queryKey: PAYMENTS_KEY, data: (await listPayments(db, user.id)).map(presentPayment) },
    ],
  };
};

/**
 * The payment result page (/payment/success?reference=): that payment of the signed-in user,
 * verified with Paystack while pending, or null (unknown, or someone else's), so the page
 * shows the verified state without scripts. Nothing for visitors or without a reference.
 */
const loadPaymentResult: PageLoader = async ({ db, config, request, user, search }) => {
  const reference = new URLSearchParams(search).get("reference")?.trim();
  if (!user || !reference || !PAYMENT_REFERENCE.test(reference)) return NOTHING;
  const deps = { db, config, paystack: configuredPaystack(config), log: request.log };
  const payment = await checkPayment(deps, user.id, reference);
  return { queries: [{ queryKey: paymentQueryKey(reference), data: payment ?? null }] };
};

/**
 * The dev mailbox (server/mail), for an admin: the newest messages, and the one `?message=` asks
 * for. Nothing for anyone else ('Access Denied'), nor with SMTP_URL set (the page asks and says why).
 */
const loadMailbox: PageLoader = async ({ request, user, search }) => {
  const mailbox = request.server.mailer.mailbox;
  if (user?.role !== "admin" || !mailbox) return NOTHING;
  const queries: PreloadedQuery[] = [{ queryKey: MAILBOX_KEY, data: await mailbox.list() }];
  const id = new URLSearchParams(search).get("message");
  const message = id !== null && MAIL_ID.test(id) ? await mailbox.read(id) : undefined;
  if (id && message) queries.push({ queryKey: mailMessageQueryKey(id), data: message });
  return { queries };
};

/**
 * What each page preloads, by the route table's page name (contract/pages.ts): at most one
 * loader a page. A page without one gets only the common queries (the user and their limits).
 */
export const PAGE_LOADERS: Readonly<Partial<Record<PageName, PageLoader>>> = {
  ...COMMUNITY_LOADERS,
  article: loadArticle,
  home: loadHome,
  myArticles: loadMyArticles,
  admin: loadAdmin,
  subscription: loadSubscription,
  paymentSuccess: loadPaymentResult,
  adminMailbox: loadMailbox,
};

/**
 * A path segment decoded the way the client router decodes it (decodeURI, the raw text when
 * malformed), so the server preloads under the very key the page asks for.
 */
function decodeLikeRouter(segment: string): string {
  try {
    return segment.includes("%") ? decodeURI(segment) : segment;
  } catch {
    return segment;
  }
}
