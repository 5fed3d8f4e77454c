import { z } from "zod";
import { ARTICLE_CATEGORIES, articleResponse } from "./articles";
import { recordId } from "./common";
import { HAS_MORE_HEADER } from "./feed-query";
import { ARTICLE_STYLES, DATE_RANGES, SORT_LABELS, SORTS, type SortBy } from "./options";

const ALIASES: Record<string, SortBy> = Object.fromEntries(
  Object.entries(SORT_LABELS).map(([value, label]) => [label.toLowerCase(), value as SortBy]),
);

/** Empty and "all" mean "no filter" (spec section 4: choosing 'all' clears a filter). */
const blankIsAll = (value: unknown) =>
  typeof value === "string" && (value.trim() === "" || value.trim().toLowerCase() === "all") ? undefined : value;

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(blankIsAll, z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` }).optional());

/** GET /api/articles query (spec sections 3 and 7). Unknown values are a 400, not an empty list. */
export const feedQuery = z.object({
  search: z
    .string()
    .trim()
    .max(200, { error: "search must be at most 200 characters" })
    .optional()
    .transform((v) => v || undefined),
  category: oneOf("category", ARTICLE_CATEGORIES),
  /** One author's articles, by handle (issue 19: /u/{handle}); an unknown handle lists none. */
  author: z
    .string({ error: "author must be a handle" })
    .trim()
    .max(200, { error: "author must be a handle" })
    .optional()
    .transform((v) => v?.toLowerCase() || undefined),
  /** One tag's articles, by its slug (contract/topics.ts: /tag/{slug}); an unknown slug lists none. */
  tag: z
    .string({ error: "tag must be a tag's slug" })
    .trim()
    .max(100, { error: "tag must be a tag's slug" })
    .optional()
    .transform((v) => v?.toLowerCase() || undefined),
  style: oneOf("style", ARTICLE_STYLES),
  minRating: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce
      .number({ error: "minRating must be a whole number from 0 to 5" })
      .int({ error: "minRating must be a whole number from 0 to 5" })
      .min(0, { error: "minRating must be a whole number from 0 to 5" })
      .max(5, { error: "minRating must be a whole number from 0 to 5" })
      .optional(),
  ),
  dateRange: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(DATE_RANGES, { error: `dateRange must be one of: ${DATE_RANGES.join(", ")}` }).optional(),
  ),
  sortBy: z.preprocess(
    (v) => (typeof v === "string" ? (ALIASES[v.trim().toLowerCase()] ?? (v.trim() || undefined)) : v),
    z
      .enum(SORTS, {
        error: `sortBy must be one of: ${SORTS.join(", ")} (or the labels Latest, Most Popular, Highest Rated)`,
      })
      .optional(),
  ),
  /** Only what the signed-in reader follows (issue 19: the Following feed); "true" or "false". */
  following: z.preprocess(
    // The page's own parameters (contract/feed-query.ts) hold it as a boolean.
    (v) => (v === "" ? undefined : typeof v === "boolean" ? String(v) : v),
    z
      .enum(["true", "false"], { error: "following must be true or false" })
      .optional()
      .transform((v) => v === "true" || undefined),
  ),
  page: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: "page must be a whole number from 1" })
      .int({ error: "page must be a whole number from 1" })
      .min(1, { error: "page must be a whole number from 1" })
      .max(100_000, { error: "page is too large" })
      .default(1),
  ),
});
export type FeedQuery = z.input<typeof feedQuery>;
/** What a reader follows, in stored form (author ids, tag and category slugs): the Following feed's filter. */
export interface FollowedTargets {
  authors: string[];
  tags: string[];
  categories: string[];
}
/** The feed's filters; `followed` is the server's own, filled in for `following=true`. */
export type FeedFilters = z.output<typeof feedQuery> & { followed?: FollowedTargets };

/** A card in a list: every article field but the body (cards do not show it; decisions.md). */
export const articleSummary = articleResponse.omit({
  content: true,
  contentMarkdown: true,
  note: true,
  userRating: true,
  evidence: true,
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const statsResponse = z.object({
  totalArticles: z.number().int(),
  activeAuthors: z.number().int(),
  totalReads: z.number().int(),
});
export type Stats = z.infer<typeof statsResponse>;

export const rateRequest = z.object(
  {
    rating: z
      .number({ error: "rating must be a whole number from 1 to 5" })
      .int({ error: "rating must be a whole number from 1 to 5" })
      .min(1, { error: "rating must be a whole number from 1 to 5" })
      .max(5, { error: "rating must be a whole number from 1 to 5" }),
  },
  { error: "Request body must be a JSON object" },
);

/** The answer to a rating: the article's new average and count, and the user's own rating. */
export const rateResponse = z.object({
  articleId: z.number().int(),
  avgRating: z.number(),
  ratingCount: z.number().int(),
  userRating: z.number().int(),
});
export type RateResponse = z.infer<typeof rateResponse>;

export const bookmarkRequest = z.object(
  {
    articleId: recordId("articleId must be an article id"),
  },
  { error: "Request body must be a JSON object" },
);

export const bookmarkCheck = z.object({ isBookmarked: z.boolean() });
export const bookmarkResult = z.object({ articleId: z.number().int(), isBookmarked: z.boolean() });

/** The feed's response headers as the OpenAPI document describes them. */
export const FEED_PAGE_HEADERS = {
  [HAS_MORE_HEADER]: {
    type: "string",
    enum: ["true", "false"],
    description: "Whether a next page of the feed exists (the same filters and sort, page + 1).",
  },
} as const;

/**
 * A page of the feed as the web holds it: the answer's articles, and its X-Has-More header.
 * What the server preloads for the home page under the feed's query key.
 */
export const feedPage = z.object({ articles: z.array(articleSummary), hasMore: z.boolean() });
export type FeedPage = z.infer<typeof feedPage>;
