import { FEATURED_QUERY_KEY, isFeedQueryKey, STATS_QUERY_KEY } from "@contract/feed-query";
import type { QueryClient } from "@tanstack/react-query";

/**
 * Marks every cached feed page, the featured article and the stats as out of date, so the home
 * page shows a created, edited, rated or deleted article. Feed keys are whole URLs
 * ("/api/articles?page=1"), which a ["/api/articles"] prefix does not match.
 */
export function invalidateFeed(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => isFeedQueryKey(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: FEATURED_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY }),
  ]).then(() => undefined);
}
