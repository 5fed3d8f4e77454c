// The feed's filters as the home page's address holds them, and the list query's key: shared by
// the browser and the server (which preloads the home page's first queries).
import { ARTICLE_STYLES, CATEGORIES, DATE_RANGES, type DateRange, SORT_LABELS, SORTS, type SortBy } from "./options";

type ArticleStyle = (typeof ARTICLE_STYLES)[number];

/** The feed's filters as the home page's URL holds them (spec section 3, "Filters"). */
export interface FeedParams {
  search?: string;
  category?: string;
  /** One author's articles, by handle (the author page; not read from the browse address). */
  author?: string;
  /** One tag's articles, by slug (the tag page; not read from the browse address). */
  tag?: string;
  /** Only what the signed-in reader follows: the home page's Following tab (issue 19). */
  following?: boolean;
  style?: ArticleStyle;
  /** 1 to 5; absent means any rating (spec section 7 sends it only when above 0). */
  minRating?: number;
  /** Absent means All Time: choosing 'all' clears a filter (spec section 4). */
  dateRange?: Exclude<DateRange, "all">;
  /** Absent means the reader's default sort (see defaultSortFor). */
  sortBy?: SortBy;
  page: number;
}

/** The reader fields that decide the default sort. */
export interface FeedReader {
  preferredCategories?: readonly string[] | null;
  preferredTopics?: readonly string[] | null;
}

/**
 * Every page of GET /api/articles answers whether a next page exists, as "true" or "false"; the
 * body stays the spec's JSON array. The pager offers Next only when it says "true".
 */
export const HAS_MORE_HEADER = "X-Has-More";

export const FEATURED_QUERY_KEY = ["/api/articles/featured"] as const;
export const STATS_QUERY_KEY = ["/api/stats"] as const;
const FEED_PATH = "/api/articles";
export const MAX_SEARCH_LENGTH = 200;
const MAX_PAGE = 100_000;

const byLowerCase = <T extends string>(values: readonly T[]) =>
  new Map<string, T>(values.map((value) => [value.toLowerCase(), value]));
const CATEGORY_BY_NAME = byLowerCase(CATEGORIES);
const STYLE_BY_NAME = byLowerCase(ARTICLE_STYLES);
const DATE_RANGE_BY_NAME = byLowerCase(DATE_RANGES);
// The API accepts the spec's labels ('Most Popular') as aliases of the wire values; so do links.
const SORT_BY_NAME = new Map<string, SortBy>([
  ...byLowerCase(SORTS),
  ...Object.entries(SORT_LABELS).map(([value, label]) => [label.toLowerCase(), value as SortBy] as const),
]);

const lookup = <T>(names: Map<string, T>, raw: string | null) =>
  raw === null ? undefined : names.get(raw.trim().toLowerCase());

/**
 * Reads the feed filters from a query string (with or without the leading '?'). Unknown or
 * out-of-range values are dropped rather than passed on, so a mistyped link still shows a feed.
 */
export function parseFeedSearch(search: string): FeedParams {
  const query = new URLSearchParams(search);
  const params: FeedParams = { page: 1 };

  const text = query.get("search")?.trim().slice(0, MAX_SEARCH_LENGTH).trim();
  if (text) params.search = text;
  const category = lookup(CATEGORY_BY_NAME, query.get("category"));
  if (category) params.category = category;
  const style = lookup(STYLE_BY_NAME, query.get("style"));
  if (style) params.style = style;
  const minRating = Number(query.get("minRating")?.trim() || Number.NaN);
  if (Number.isInteger(minRating) && minRating >= 1 && minRating <= 5) params.minRating = minRating;
  const dateRange = lookup(DATE_RANGE_BY_NAME, query.get("dateRange"));
  if (dateRange && dateRange !== "all") params.dateRange = dateRange;
  const sortBy = lookup(SORT_BY_NAME, query.get("sortBy"));
  if (sortBy) params.sortBy = sortBy;
  if (query.get("following")?.trim().toLowerCase() === "true") params.following = true;
  const page = query.get("page")?.trim() ?? "";
  if (/^\d{1,6}$/.test(page) && Number(page) >= 1) params.page = Math.min(Number(page), MAX_PAGE);
  return params;
}

/**
 * The sort a reader gets when the URL names none: 'For You' for every signed-in reader (it
 * learns from what they choose, follow, read, rate and save, and is the newest first until it
 * knows anything: issue 19); for visitors none is sent and the API sorts by latest.
 */
export function defaultSortFor(reader: FeedReader | null | undefined): SortBy | undefined {
  return reader ? "for_you" : undefined;
}

/** The filters a reader's feed request uses for a query string: the URL's, plus their default sort. */
export function feedParamsFor(search: string, reader: FeedReader | null | undefined): FeedParams {
  const params = parseFeedSearch(search);
  const sortBy = params.sortBy ?? defaultSortFor(reader);
  return sortBy ? { ...params, sortBy } : params;
}

/** Query-string pairs in the one fixed order the API request and the page URL share. */
function orderedPairs(params: FeedParams): Array<[string, string]> {
  const pairs: Array<[string, string | undefined]> = [
    ["search", params.search?.trim() || undefined],
    ["category", params.category],
    ["author", params.author],
    ["tag", params.tag],
    ["following", params.following ? "true" : undefined],
    ["style", params.style],
    ["minRating", params.minRating && params.minRating > 0 ? String(params.minRating) : undefined],
    ["dateRange", params.dateRange],
    ["sortBy", params.sortBy],
  ];
  return pairs.filter((pair): pair is [string, string] => Boolean(pair[1]));
}

/**
 * The list query's key, which is also its URL: `["/api/articles?<params>"]` with the params in
 * the order search, category, style, minRating, dateRange, sortBy, page; empty ones left out,
 * page always there. The server preloads the first page under exactly this key.
 */
export function feedQueryKey(params: FeedParams): readonly [string] {
  const query = new URLSearchParams([...orderedPairs(params), ["page", String(params.page || 1)]]);
  return [`${FEED_PATH}?${query.toString()}`] as const;
}

/**
 * The home page URL for a set of filters: page 1 and the reader's default sort are left out,
 * so the plain feed is just "/" (or the browse page's basePath, BROWSE_PATH).
 */
export function feedHref(params: FeedParams, defaultSort?: SortBy, basePath = "/"): string {
  const pairs = orderedPairs(params).filter(([key, value]) => key !== "sortBy" || value !== (defaultSort ?? "latest"));
  if (params.page > 1) pairs.push(["page", String(params.page)]);
  const query = new URLSearchParams(pairs).toString();
  return query ? `${basePath}?${query}` : basePath;
}

/** The public feed for visitors (issue 19): the same feed, filters and sort as the home page's. */
export const BROWSE_PATH = "/browse";

/** Whether a query key is a page of the feed list (for refreshing the feed after a change). */
export function isFeedQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === "string" && url.startsWith(`${FEED_PATH}?`);
}

/** A search, category or style narrows the feed (spec section 2 chooses the empty-state hint by it). */
export function narrowsFeed(params: FeedParams): boolean {
  return Boolean(params.search || params.category || params.style);
}

/** How many sidebar filters are set (sort and page are not filters). */
export function activeFilterCount(params: FeedParams): number {
  return [params.search, params.category, params.style, params.minRating, params.dateRange].filter(Boolean).length;
}

const PLAIN_SORTS: SortBy[] = SORTS.filter((sort) => sort !== "for_you");

/** The sorts offered: 'For You' to readers who chose interests (and to anyone whose link names it). */
export function sortChoices(withForYou: boolean, current: SortBy): SortBy[] {
  return withForYou || current === "for_you" ? ["for_you", ...PLAIN_SORTS] : PLAIN_SORTS;
}
