// The article page's reading aids (issue 19): reading time, table of contents, related articles.
// No zod here: the web's article page imports these and loads no schemas for them.

/** Words a reader reads in a minute, for "N min read" (a common silent-reading pace). */
export const READING_WORDS_PER_MINUTE = 230;

/** Articles longer than this many words show a table of contents from their headings. */
export const CONTENTS_MIN_WORDS = 800;

/** The most related articles an article lists. */
export const MAX_RELATED = 4;

/** Minutes to read an article of this many words: at least 1. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / READING_WORDS_PER_MINUTE));
}

/** The related articles of article `id` (GET /api/articles/{id}/related). */
export function relatedPath(id: number): string {
  return `/api/articles/${id}/related`;
}

/** The query key of an article's related articles (see relatedPath). */
export function relatedQueryKey(id: number): readonly [string] {
  return [relatedPath(id)] as const;
}

/** Whether a query key is an article's related articles (see relatedQueryKey). */
export function isRelatedQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === "string" && /^\/api\/articles\/\d+\/related$/.test(url);
}
