import type { Article } from "@contract/articles";
import type { User } from "@contract/auth";
import { formAnswerKey } from "@contract/auth-forms";
import { FEATURED_QUERY_KEY, feedQueryKey, STATS_QUERY_KEY } from "@contract/feed-query";
import { articleQueryKey } from "@contract/pages";
import {
  ADMIN_ARTICLES_KEY,
  AUTH_USER_KEY,
  BOOKMARKS_QUERY_KEY,
  bookmarkCheckQueryKey,
  LIMITS_KEY,
  MY_ARTICLES_KEY,
  PAYMENTS_KEY,
  SUBSCRIPTION_KEY,
} from "@contract/query-keys";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import {
  afterArticleCreated,
  afterArticleDeleted,
  afterArticleEdited,
  afterBookmark,
  afterPayment,
  afterProfileChanged,
  afterRating,
  afterSignIn,
} from "./invalidate";

// One of every kind of key the web caches, by a short name.
const KEYS = {
  feed: feedQueryKey({ page: 1 }),
  feedFiltered: feedQueryKey({ page: 2, category: "News", sortBy: "popular" }),
  featured: FEATURED_QUERY_KEY,
  stats: STATS_QUERY_KEY,
  articleById: articleQueryKey("7"),
  articleBySlug: articleQueryKey("some-article"),
  user: AUTH_USER_KEY,
  limits: LIMITS_KEY,
  myArticles: MY_ARTICLES_KEY,
  adminArticles: ADMIN_ARTICLES_KEY,
  bookmarks: BOOKMARKS_QUERY_KEY,
  bookmarkCheck: bookmarkCheckQueryKey(7),
  subscription: SUBSCRIPTION_KEY,
  payments: PAYMENTS_KEY,
  formAnswer: formAnswerKey("create-article"),
} as const;
type Name = keyof typeof KEYS;

const HOME: Name[] = ["feed", "feedFiltered", "featured", "stats"];

function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of Object.values(KEYS)) client.setQueryData(key, {});
  const invalidated = () =>
    (Object.keys(KEYS) as Name[]).filter((name) => client.getQueryState(KEYS[name])?.isInvalidated).sort();
  return { client, invalidated };
}

const user = { id: "u1", firstName: "Ada" } as User;

describe("what each write makes out of date", () => {
  it("a created article: the home page, the user's list, the allowance and the user", async () => {
    const { client, invalidated } = seeded();
    await afterArticleCreated(client);
    expect(invalidated()).toEqual([...HOME, "myArticles", "limits", "user"].sort());
  });

  it.each([
    ["edited", afterArticleEdited],
    ["deleted", afterArticleDeleted],
  ])("an article %s: every list that may show it and the single-article answers", async (_, write) => {
    const { client, invalidated } = seeded();
    await write(client);
    expect(invalidated()).toEqual(
      [...HOME, "myArticles", "adminArticles", "bookmarks", "articleById", "articleBySlug"].sort(),
    );
  });

  it("a rating: the lists that show ratings, and the article's copies take the new numbers", async () => {
    const { client, invalidated } = seeded();
    const article = { id: 7, avgRating: 0, ratingCount: 0, userRating: null } as unknown as Article;
    const other = { ...article, id: 8 };
    client.setQueryData(KEYS.articleById, article);
    client.setQueryData(KEYS.articleBySlug, article);
    client.setQueryData(articleQueryKey("8"), other);
    await afterRating(client, { articleId: 7, avgRating: 4.5, ratingCount: 2, userRating: 5 });
    expect(invalidated()).toEqual(["feed", "feedFiltered", "featured", "myArticles", "bookmarks"].sort());
    for (const key of [KEYS.articleById, KEYS.articleBySlug]) {
      expect(client.getQueryData(key)).toEqual({ ...article, avgRating: 4.5, ratingCount: 2, userRating: 5 });
    }
    expect(client.getQueryData(articleQueryKey("8"))).toBe(other);
  });

  it("a bookmark: the saved list, and the article's check takes the answer", async () => {
    const { client, invalidated } = seeded();
    await afterBookmark(client, 7, true);
    expect(invalidated()).toEqual(["bookmarks"]);
    expect(client.getQueryData(KEYS.bookmarkCheck)).toEqual({ isBookmarked: true });
  });

  it("a new profile picture: the user, and everything that shows an author (refetched only when next shown)", async () => {
    const { client, invalidated } = seeded();
    const fetchUser = vi.fn(async () => user);
    const fetchFeed = vi.fn(async () => []);
    const watchers = [
      new QueryObserver(client, { queryKey: KEYS.user, queryFn: fetchUser }).subscribe(() => {}),
      new QueryObserver(client, { queryKey: KEYS.feed, queryFn: fetchFeed }).subscribe(() => {}),
    ];
    await afterProfileChanged(client, user);
    // The user, on screen, was fetched again at once (and so is no longer out of date).
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(KEYS.user)).toEqual(user);
    expect(invalidated()).toEqual(
      [
        "feed",
        "feedFiltered",
        "featured",
        "articleById",
        "articleBySlug",
        "myArticles",
        "adminArticles",
        "bookmarks",
        "bookmarkCheck",
      ].sort(),
    );
    expect(fetchFeed).not.toHaveBeenCalled();
    for (const stop of watchers) stop();
  });

  it("a sign-in: the allowance; the user is the answer's, or fetched again when it had none", async () => {
    const answered = seeded();
    await afterSignIn(answered.client, user);
    expect(answered.invalidated()).toEqual(["limits"]);
    expect(answered.client.getQueryData(KEYS.user)).toEqual(user);

    const unanswered = seeded();
    await afterSignIn(unanswered.client, null);
    expect(unanswered.invalidated()).toEqual(["limits", "user"]);
  });

  it("a payment: the subscription, the payments, the user and the allowance", async () => {
    const { client, invalidated } = seeded();
    await afterPayment(client);
    expect(invalidated()).toEqual(["subscription", "payments", "user", "limits"].sort());
  });
});
