import type { ArticleSummary, FeedPage, Stats } from "@contract/feed";
import {
  defaultSortFor,
  FEATURED_QUERY_KEY,
  type FeedParams,
  feedHref,
  feedQueryKey,
  HAS_MORE_HEADER,
  parseFeedSearch,
  STATS_QUERY_KEY,
} from "@contract/feed-query";
import { PAGE_SIZE, type SortBy } from "@contract/options";
import { keepPreviousData, type QueryFunction, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import { useAuth } from "@/hooks/use-auth";
import { ApiError, errorFromResponse } from "@/lib/api";
import { useFeedBase } from "./feed-base";

/** Filter changes; a change to anything but the page starts again at page 1 (spec section 4). */
export type FeedChange = Partial<Omit<FeedParams, "page">> | { page: number };

/**
 * The feed's filters, kept in the URL so a filtered feed can be linked and Back undoes a change.
 * `sortBy` is what the sort selector shows: the URL's sort, else the reader's default.
 */
export function useFeedParams() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const basePath = useFeedBase();
  const params = useMemo(() => parseFeedSearch(search), [search]);
  const defaultSort = defaultSortFor(user);
  const sortBy: SortBy = params.sortBy ?? defaultSort ?? "latest";

  // A debounced search can fire after another filter changed: build on the newest URL.
  const latest = useRef(params);
  latest.current = params;

  const update = useCallback(
    (change: FeedChange, options?: { replace?: boolean }) => {
      const next: FeedParams =
        "page" in change ? { ...latest.current, ...change } : { ...latest.current, ...change, page: 1 };
      navigate(feedHref(next, defaultSort, basePath), options);
    },
    [navigate, defaultSort, basePath],
  );

  return { params, sortBy, defaultSort, hasInterests: defaultSort === "for_you", update };
}

/**
 * GETs a page of the feed (the key is its URL): the answer's array and its X-Has-More header as
 * one FeedPage, checked against the contract like every other answer (lib/query-client.ts). A
 * proxy that drops the header leaves the old guess: a full page may have a next one.
 */
const fetchFeedPage: QueryFunction<FeedPage> = async ({ queryKey, signal }) => {
  const schemas = import("@contract/query-responses");
  schemas.catch(() => {});
  const url = String(queryKey[0]);
  const response = await fetch(url, { credentials: "include", signal });
  if (!response.ok) throw await errorFromResponse(response);
  let articles: unknown;
  try {
    articles = await response.json();
  } catch (error) {
    // A fetch the query cancelled (the reader moved on) is no broken answer: it ends as it was cancelled.
    if (signal?.aborted) throw error;
    const message = `GET ${url} answered with something other than JSON`;
    console.error(message);
    throw new ApiError(response.status, message);
  }
  const header = response.headers.get(HAS_MORE_HEADER);
  const hasMore = header === null ? Array.isArray(articles) && articles.length >= PAGE_SIZE : header === "true";
  const parsed = (await schemas).parseQueryResponse(queryKey, { articles, hasMore });
  if (!parsed.ok) {
    console.error(parsed.message);
    throw new ApiError(response.status, parsed.message);
  }
  return parsed.data as FeedPage;
};

/**
 * One page of the feed and whether a next one exists (the server preloads the first under the
 * same key). The previous page stays on screen while the next one loads.
 */
export function useFeedArticles(params: FeedParams, defaultSort: SortBy | undefined) {
  // The reader's default sort is sent explicitly; 'latest' without interests is the API's own default.
  const queryKey = feedQueryKey({ ...params, sortBy: params.sortBy ?? defaultSort });
  return useQuery<FeedPage>({ queryKey, queryFn: fetchFeedPage, placeholderData: keepPreviousData });
}

export function useFeaturedArticle() {
  return useQuery<ArticleSummary | null>({ queryKey: FEATURED_QUERY_KEY });
}

export function usePlatformStats() {
  return useQuery<Stats>({ queryKey: STATS_QUERY_KEY });
}
