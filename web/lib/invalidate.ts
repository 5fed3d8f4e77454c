// What each kind of write does to the cached GET answers: the one place that says which
// queries a change makes out of date. Invalidated queries that are on screen refetch at once;
// the others when next shown (data is otherwise never stale, see query-client.ts). Keys are
// whole URLs ("/api/articles?page=1"), so groups of them are told by tests on the URL.
//
// Signing out reloads the page (features/layout/user-menu.tsx): the whole cache goes with it.

import type { Article } from "@contract/articles";
import type { User } from "@contract/auth";
import type { RateResponse } from "@contract/feed";
import { FEATURED_QUERY_KEY, isFeedQueryKey, STATS_QUERY_KEY } from "@contract/feed-query";
import { USER_FOLLOWS_KEY } from "@contract/follow-keys";
import {
  ADMIN_ARTICLES_KEY,
  AUTH_USER_KEY,
  BOOKMARKS_QUERY_KEY,
  bookmarkCheckQueryKey,
  isArticleQueryKey,
  LIMITS_KEY,
  MY_ARTICLES_KEY,
  PAYMENTS_KEY,
  SUBSCRIPTION_KEY,
} from "@contract/query-keys";
import type { QueryClient } from "@tanstack/react-query";

type KeyTest = (queryKey: readonly unknown[]) => boolean;

const urlOf = (queryKey: readonly unknown[]) => (typeof queryKey[0] === "string" ? queryKey[0] : "");
const key =
  (wanted: readonly [string]): KeyTest =>
  (queryKey) =>
    urlOf(queryKey) === wanted[0];
const anyOf =
  (...tests: KeyTest[]): KeyTest =>
  (queryKey) =>
    tests.some((test) => test(queryKey));

/** The home page: every feed page, the featured article and the stats. */
const HOME = anyOf(isFeedQueryKey, key(FEATURED_QUERY_KEY), key(STATS_QUERY_KEY));
/** Every GET under /api/articles/: single articles by id or slug, and the featured one. */
const UNDER_ARTICLES: KeyTest = (queryKey) => urlOf(queryKey).startsWith("/api/articles/");
/** Everything that shows an article card or page, and so its author's name and picture. */
const SHOWS_AUTHORS: KeyTest = (queryKey) =>
  /^\/api\/(articles|user\/articles|bookmarks|admin\/articles)/.test(urlOf(queryKey));

function invalidate(queryClient: QueryClient, test: KeyTest, refetchType?: "none"): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => test(query.queryKey),
    ...(refetchType ? { refetchType } : {}),
  });
}

/**
 * A new article (called when the create request settles, whether or not it succeeded): the
 * home page, the user's list, the allowance and the user's count.
 */
export function afterArticleCreated(queryClient: QueryClient): Promise<void> {
  return invalidate(queryClient, anyOf(HOME, key(MY_ARTICLES_KEY), key(LIMITS_KEY), key(AUTH_USER_KEY)));
}

/**
 * An article edited or deleted, by its owner or an admin (spec section 4): every list that may
 * show it, and the single-article answers.
 */
function articleChanged(queryClient: QueryClient): Promise<void> {
  return invalidate(
    queryClient,
    anyOf(HOME, key(MY_ARTICLES_KEY), key(ADMIN_ARTICLES_KEY), key(BOOKMARKS_QUERY_KEY), UNDER_ARTICLES),
  );
}

/** An article edited (see articleChanged). */
export function afterArticleEdited(queryClient: QueryClient): Promise<void> {
  return articleChanged(queryClient);
}

/** An article deleted: the same as an edit (see articleChanged). */
export function afterArticleDeleted(queryClient: QueryClient): Promise<void> {
  return articleChanged(queryClient);
}

/**
 * A rating: every cached copy of the article, by id or by slug, takes the answer's numbers in
 * place (a refetch would count another view); the lists that show ratings are out of date.
 */
export function afterRating(queryClient: QueryClient, result: RateResponse): Promise<void> {
  queryClient.setQueriesData<Article | null>({ predicate: ({ queryKey }) => isArticleQueryKey(queryKey) }, (old) =>
    old && old.id === result.articleId
      ? { ...old, avgRating: result.avgRating, ratingCount: result.ratingCount, userRating: result.userRating }
      : old,
  );
  return invalidate(
    queryClient,
    anyOf(isFeedQueryKey, key(FEATURED_QUERY_KEY), key(MY_ARTICLES_KEY), key(BOOKMARKS_QUERY_KEY)),
  );
}

/** A bookmark saved or removed: the article's check takes the answer, the saved list is out of date. */
export function afterBookmark(queryClient: QueryClient, articleId: number, isBookmarked: boolean): Promise<void> {
  queryClient.setQueryData(bookmarkCheckQueryKey(articleId), { isBookmarked });
  return invalidate(queryClient, key(BOOKMARKS_QUERY_KEY));
}

/**
 * The profile changed (a new picture): the user takes the answer and is fetched again; every
 * article card and page shows its author's picture, so those fetch again when next shown.
 */
export async function afterProfileChanged(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(AUTH_USER_KEY, user);
  await invalidate(queryClient, key(AUTH_USER_KEY));
  await invalidate(queryClient, SHOWS_AUTHORS, "none");
}

/**
 * Signed in or registered: the user is the answer's (fetched again when the answer had none),
 * and the allowance is the new user's.
 */
export async function afterSignIn(queryClient: QueryClient, user: User | null): Promise<void> {
  if (user) queryClient.setQueryData(AUTH_USER_KEY, user);
  else await invalidate(queryClient, key(AUTH_USER_KEY));
  await invalidate(queryClient, key(LIMITS_KEY));
}

/** A subscription paid: the subscription, the payment list, the user and the allowance. */
export function afterPayment(queryClient: QueryClient): Promise<void> {
  return invalidate(queryClient, anyOf(key(SUBSCRIPTION_KEY), key(PAYMENTS_KEY), key(AUTH_USER_KEY), key(LIMITS_KEY)));
}

/**
 * A follow or an unfollow: the reader's follows, and every feed page ('Following' and 'For You'
 * both depend on what they follow).
 */
export function afterFollow(queryClient: QueryClient): Promise<void> {
  return invalidate(queryClient, anyOf(key(USER_FOLLOWS_KEY), isFeedQueryKey)).then(() => undefined);
}
