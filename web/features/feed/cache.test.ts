import { FEATURED_QUERY_KEY, feedQueryKey, STATS_QUERY_KEY } from "@contract/feed-query";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateFeed } from "./cache";

describe("invalidateFeed", () => {
  it("marks feed pages, featured and stats stale and leaves other queries alone", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const keys = [
      feedQueryKey({ page: 1 }),
      feedQueryKey({ page: 2, category: "News" }),
      FEATURED_QUERY_KEY,
      STATS_QUERY_KEY,
    ];
    const other = ["/api/articles/slug/some-article"];
    for (const key of [...keys, other]) client.setQueryData(key, {});
    await invalidateFeed(client);
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });
});
