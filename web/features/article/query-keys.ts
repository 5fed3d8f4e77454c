// Shared by the browser and the server (which preloads the reader's bookmark state with the
// article), so this module stays pure: no DOM, no React, no aliased imports.

/** The signed-in reader's saved articles, newest saved first (GET /api/bookmarks). */
export const BOOKMARKS_QUERY_KEY = ["/api/bookmarks"] as const;

/** Whether the signed-in reader saved this article (GET /api/bookmarks/check/{articleId}). */
export function bookmarkCheckQueryKey(articleId: number): readonly [string] {
  return [`/api/bookmarks/check/${articleId}`] as const;
}

/** Whether a query key is a single article, by id or by slug (see articleQueryKey in contract/pages). */
export function isArticleQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === "string" && /^\/api\/articles\/(\d+|slug\/[^/?]+)$/.test(url);
}
