import type { FastifyReply, FastifyRequest } from "fastify";
import type { Article } from "../../contract/articles";
import type { FeedFilters } from "../../contract/feed";
import { FOLLOWING_SIGN_IN_MESSAGE } from "../../contract/follows";
import { followedBy } from "../community/follows";
import { learnedInterests, readRecorder } from "../community/interests";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { forbidden, notFound, unauthorized } from "../http/errors";
import { type DeflatedPiece, deflatePiece, PiecedBody } from "../http/gzip-pieces";
import { rateArticle } from "./community";
import { findReaderState, findReaderStates, type ReaderState } from "./community-queries";
import type { Interests } from "./feed-queries";
import { packRowBodies } from "./packed-row";
import { type ArticleWithAuthor, mayEditArticle, presentArticleFor } from "./presenter";
import { type ReadCache, readCaches } from "./read-cache";
import { findArticleById, findArticleBySlug } from "./repository";
import { viewCounter } from "./views";
import { type VisitorSettings, visitorFor } from "./visitor";

/*
 * Reading an article and rating it: the rules the API (articles/routes.ts) and the pages
 * (server/pages) share.
 */

export const ARTICLE_NOT_FOUND = "The article you're looking for doesn't exist or has been removed.";

/**
 * A signed-in reader's interests for the 'For You' sort: chosen at registration, followed, and
 * learned from what they read, rate and bookmark (server/community/interests.ts). Only 'For You'
 * without a search reads them (a search is ordered by relevance), so anything else costs no
 * query, and readers searching alike share one cached answer.
 */
export async function interestsOf(
  db: Db,
  user: UserRow | undefined,
  filters: Pick<FeedFilters, "sortBy" | "search">,
): Promise<Interests | null> {
  return filters.sortBy === "for_you" && !filters.search ? learnedInterests(db, user) : null;
}

/**
 * The feed's filters for this reader: the Following feed (following=true) gets what they follow,
 * and is theirs alone (a visitor is asked to sign in). The API and the home page share it.
 */
export async function readerFeedFilters(db: Db, filters: FeedFilters, user: UserRow | undefined): Promise<FeedFilters> {
  if (!filters.following) return filters;
  if (!user) throw unauthorized(FOLLOWING_SIGN_IN_MESSAGE);
  return { ...filters, followed: await followedBy(db, user.id) };
}

/**
 * Finds an article to read. Every reader of an article gets the same stored row, so it is kept
 * in the read cache (server/articles/read-cache.ts) for a few seconds, and a write forgets it.
 * Its view count must hold the reads being written exactly once (see ViewCounter): when a batch
 * with its reads was in flight while it was read, it is read again once the batch has landed,
 * and a batch that lands forgets the articles it counted. Reads of other articles never wait.
 * A missing article is never remembered: it may be written a moment later.
 */
export async function findArticleToRead(db: Db, identifier: { id: number } | { slug: string }) {
  const caches = readCaches(db);
  // A slug not seen lately is read whole, and the row it finds is remembered under its id too:
  // no second read by id.
  let loaded: ArticleWithAuthor | undefined;
  const id =
    "id" in identifier
      ? identifier.id
      : await remembered(caches.slugs, identifier.slug, async () => {
          loaded = await readCounted(db, () => findArticleBySlug(db, identifier.slug));
          return loaded?.article.id;
        });
  if (id === undefined) return undefined;
  const found = loaded;
  // Kept with its body compressed (packed-row.ts): what is read per request is its counts.
  return remembered(caches.articles, String(id), async () =>
    packRowBodies(found ?? (await readCounted(db, () => findArticleById(db, id)))),
  );
}

/**
 * An article read so that its view count holds the reads being written exactly once (see above):
 * read again once if a batch of its reads was in flight, and stamped (ViewCounter.stamp).
 */
async function readCounted(db: Db, read: () => Promise<ArticleWithAuthor | undefined>) {
  const counter = viewCounter(db);
  const mark = counter.mark();
  let found = await read();
  if (found && counter.countWasInFlight(found.article.id, mark)) {
    await counter.settled();
    found = await read();
  }
  if (found) counter.stamp(found.article);
  return found;
}

/** A cached read that remembers only what was found. */
async function remembered<T>(cache: ReadCache<T | undefined>, key: string, load: () => Promise<T | undefined>) {
  const value = await cache.get(key, load);
  if (value === undefined) cache.delete(key);
  return value;
}

/**
 * Counts a read (once per visitor per 30 minutes) and, for a signed-in reader, remembers it for
 * 'For You' (their own articles teach it nothing); answers the article's view count.
 */
async function countRead(
  db: Db,
  settings: VisitorSettings,
  found: ArticleWithAuthor,
  request: FastifyRequest,
  reply: FastifyReply,
  viewer: UserRow | undefined,
): Promise<number> {
  const visitor = await visitorFor(request, reply, settings);
  const viewCount = viewCounter(db).count(found.article, visitor);
  if (viewer && viewer.id !== found.article.userId) readRecorder(db).record(viewer.id, found.article.id);
  return viewCount;
}

/**
 * The JSON every reader of a stored row gets alike (all but its owner and admins, who also get
 * the markdown they may edit), less its counts and closing brace, as UTF-8. Kept beside the
 * cached row (read-cache.ts), so a read of a cached article builds no headings and serializes no
 * body: its counts and the reader's rating are all that is written per request. Kept compressed
 * as a piece a gzip answer is joined from (server/http/gzip-pieces.ts): the JSON is not
 * compressed again per request, and it takes a third of the memory.
 */
const sharedJson = new WeakMap<object, DeflatedPiece>();

function sharedJsonOf(found: ArticleWithAuthor): DeflatedPiece {
  let kept = sharedJson.get(found.article);
  if (!kept) {
    const {
      viewCount: _viewCount,
      views: _views,
      userRating: _rating,
      ...shared
    } = presentArticleFor(found, undefined);
    kept = deflatePiece(JSON.stringify(shared).slice(0, -1));
    sharedJson.set(found.article, kept);
  }
  return kept;
}

/**
 * One reader's read of an article: counted, and with their rating and bookmark state (one
 * look-up for both; null for a visitor) made while the read is counted.
 */
async function readAs(
  db: Db,
  settings: VisitorSettings,
  found: ArticleWithAuthor,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const viewer = await request.currentUser();
  const [viewCount, state] = await Promise.all([
    countRead(db, settings, found, request, reply, viewer),
    viewer ? readerStateOf(db, viewer.id, found.article.id) : null,
  ]);
  // The owner and admins see the markdown they may edit: theirs is made for them.
  return {
    editor: mayEditArticle(found.article, viewer) ? viewer : undefined,
    counts: { viewCount, views: viewCount, userRating: state?.rating ?? null },
    bookmarked: state?.bookmarked ?? null,
  };
}

/**
 * A reader's rating and bookmark of one article, from all of theirs kept in memory (one look-up
 * for every article they read until they change one), or looked up alone for a reader with more
 * than are kept.
 */
async function readerStateOf(db: Db, userId: string, articleId: number): Promise<ReaderState> {
  const states = await readCaches(db).readerStates.get(userId, () => findReaderStates(db, userId));
  if (!states.complete) return findReaderState(db, userId, articleId);
  return { rating: states.ratings.get(articleId) ?? null, bookmarked: states.bookmarks.has(articleId) };
}

/**
 * A read of an article page rendered once for every reader (server/pages/shared-article.ts):
 * counted like any read, answering what is this read's own: the view count with it, the
 * reader's rating and bookmark state (null for a visitor).
 */
export async function countSharedRead(
  db: Db,
  settings: VisitorSettings,
  found: ArticleWithAuthor,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ counts: { viewCount: number; views: number; userRating: number | null }; bookmarked: boolean | null }> {
  return readAs(db, settings, found, request, reply);
}

/**
 * A single article as its reader sees it, as the API's JSON text: the read counted and, signed
 * in, their own rating (articleResponse; the same fields the schema's serializer would write).
 */
export async function readArticleJson(
  db: Db,
  settings: VisitorSettings,
  found: ArticleWithAuthor,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | PiecedBody> {
  const { editor, counts } = await readAs(db, settings, found, request, reply);
  if (editor) return JSON.stringify({ ...presentArticleFor(found, editor), ...counts });
  const { viewCount, views, userRating } = counts;
  return new PiecedBody([
    sharedJsonOf(found),
    `,"viewCount":${viewCount},"views":${views},"userRating":${userRating}}`,
  ]);
}

/** An article as one reader reads it on its page, with their rating and bookmark state. */
export async function readArticleForPage(
  db: Db,
  settings: VisitorSettings,
  found: ArticleWithAuthor,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ article: Article; bookmarked: boolean | null }> {
  const { editor, counts, bookmarked } = await readAs(db, settings, found, request, reply);
  return { article: { ...presentArticleFor(found, editor), ...counts }, bookmarked };
}

/**
 * A reader's rating, with the rules the API and the article page's form share
 * (server/pages/action-posts.ts): the article must exist, and its author may not rate it.
 */
export async function rateAsReader(db: Db, user: UserRow, articleId: number, rating: number) {
  const target = await findArticleById(db, articleId);
  if (!target) throw notFound(ARTICLE_NOT_FOUND);
  // Ratings tell readers what other readers thought; an author's own vote would skew that.
  if (target.article.userId === user.id) throw forbidden("You can't rate your own article.");
  const result = await rateArticle(db, user.id, articleId, rating);
  if (!result) throw notFound(ARTICLE_NOT_FOUND);
  return { articleId, ...result, userRating: rating };
}
