// An author's addresses, apart from the schemas in authors.ts: every article links its author,
// and importing the link from authors.ts would bring zod into the pages' first load.
export const authorPath = (authorHandle: string): string => `/u/${authorHandle}`;
export const AUTHOR_API_PATH = "/api/authors/:handle";
export const authorApiPath = (authorHandle: string): string => `/api/authors/${encodeURIComponent(authorHandle)}`;

/** The author page's query key (its URL). */
export const authorQueryKey = (authorHandle: string): readonly [string] => [authorApiPath(authorHandle)] as const;
export const isAuthorQueryKey = (queryKey: readonly unknown[]): boolean =>
  queryKey.length === 1 && typeof queryKey[0] === "string" && /^\/api\/authors\/[^/?]+$/.test(queryKey[0]);
