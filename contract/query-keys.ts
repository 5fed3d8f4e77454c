// The query keys of the API's GET answers, shared by the web's hooks and the server, which
// preloads answers under the same keys into the first HTML. A key is the URL it fetches; what
// each key's answer looks like is in contract/query-responses.ts.

/** The signed-in user, or null (GET /api/auth/user). */
export const AUTH_USER_KEY = ["/api/auth/user"] as const;
/** The user's article allowance (GET /api/user/limits). */
export const LIMITS_KEY = ["/api/user/limits"] as const;
/** The user's own articles (GET /api/user/articles). */
export const MY_ARTICLES_KEY = ["/api/user/articles"] as const;
/** Every article, for admins (GET /api/admin/articles). */
export const ADMIN_ARTICLES_KEY = ["/api/admin/articles"] as const;
/** The user's subscription (GET /api/user/subscription). */
export const SUBSCRIPTION_KEY = ["/api/user/subscription"] as const;
/** The user's payments (GET /api/user/payments). */
export const PAYMENTS_KEY = ["/api/user/payments"] as const;

/** The dev mailbox's newest messages, for admins (GET /api/admin/mailbox). */
export const MAILBOX_KEY = ["/api/admin/mailbox"] as const;

/** One message of the dev mailbox (GET /api/admin/mailbox/{id}). */
export function mailMessageQueryKey(id: string): readonly [string] {
  return [`/api/admin/mailbox/${id}`] as const;
}

/** Whether a query key is one dev mailbox message (see mailMessageQueryKey). */
export function isMailMessageQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === "string" && /^\/api\/admin\/mailbox\/[0-9]{13}-[0-9a-f]{16}$/.test(url);
}

/** The signed-in reader's saved articles, newest saved first (GET /api/bookmarks). */
export const BOOKMARKS_QUERY_KEY = ["/api/bookmarks"] as const;

/** Whether the signed-in reader saved this article (GET /api/bookmarks/check/{articleId}). */
export function bookmarkCheckQueryKey(articleId: number): readonly [string] {
  return [`/api/bookmarks/check/${articleId}`] as const;
}

/** Whether a query key is a bookmark check (see bookmarkCheckQueryKey). */
export function isBookmarkCheckQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === "string" && /^\/api\/bookmarks\/check\/\d+$/.test(url);
}

/** Whether a query key is a single article, by id or by slug (see articleQueryKey in contract/pages). */
export function isArticleQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === "string" && /^\/api\/articles\/(\d+|slug\/[^/?]+)$/.test(url);
}

/** Where an article of this video would take its words from (GET /api/videos/{videoId}/words). */
export function videoWordsQueryKey(videoId: string): readonly [string] {
  return [`/api/videos/${videoId}/words`] as const;
}

/** Whether a query key is a look at a video's words (see videoWordsQueryKey). */
export function isVideoWordsQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === "string" && /^\/api\/videos\/[A-Za-z0-9_-]{11}\/words$/.test(url);
}

/** Whether a recording can be written from here, and how large (GET /api/recordings/limits). */
export const RECORDING_LIMITS_KEY = ["/api/recordings/limits"] as const;
