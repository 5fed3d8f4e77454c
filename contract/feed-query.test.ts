import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  defaultSortFor,
  FEATURED_QUERY_KEY,
  feedHref,
  feedParamsFor,
  feedQueryKey,
  isFeedQueryKey,
  narrowsFeed,
  parseFeedSearch,
  STATS_QUERY_KEY,
} from "./feed-query";

describe("parseFeedSearch", () => {
  it("reads every filter, with or without the leading '?'", () => {
    const expected = {
      search: "sourdough tips",
      category: "Technology",
      style: "nyt",
      minRating: 4,
      dateRange: "30d",
      sortBy: "popular",
      page: 3,
    };
    const query = "search=sourdough+tips&category=Technology&style=nyt&minRating=4&dateRange=30d&sortBy=popular&page=3";
    expect(parseFeedSearch(`?${query}`)).toEqual(expected);
    expect(parseFeedSearch(query)).toEqual(expected);
  });

  it("gives page 1 and no filters for an empty query", () => {
    expect(parseFeedSearch("")).toEqual({ page: 1 });
    expect(parseFeedSearch("?")).toEqual({ page: 1 });
  });

  it("treats 'all' and blanks as no filter", () => {
    expect(parseFeedSearch("?search=%20%20&category=all&style=all&dateRange=all&minRating=0&sortBy=")).toEqual({
      page: 1,
    });
  });

  it("normalises case and accepts the spec's sort labels", () => {
    expect(parseFeedSearch("?category=technology&style=NYT&dateRange=7D&sortBy=Most%20Popular")).toEqual({
      category: "Technology",
      style: "nyt",
      dateRange: "7d",
      sortBy: "popular",
      page: 1,
    });
    expect(parseFeedSearch("?sortBy=highest+rated").sortBy).toBe("rating");
    expect(parseFeedSearch("?sortBy=for_you").sortBy).toBe("for_you");
  });

  it("keeps categories outside the filter's five that articles can carry", () => {
    expect(parseFeedSearch("?category=Sports").category).toBe("Sports");
  });

  it("drops values the API would reject instead of passing them on", () => {
    expect(parseFeedSearch("?category=Cooking&style=poem&minRating=6&dateRange=1y&sortBy=random&page=0")).toEqual({
      page: 1,
    });
    expect(parseFeedSearch("?minRating=2.5&page=-3").minRating).toBeUndefined();
    expect(parseFeedSearch("?page=2abc").page).toBe(1);
    expect(parseFeedSearch("?page=999999").page).toBe(100_000);
  });

  it("trims the search and caps it at 200 characters", () => {
    expect(parseFeedSearch("?search=%20owls%20").search).toBe("owls");
    expect(parseFeedSearch(`?search=${"a".repeat(300)}`).search).toHaveLength(200);
  });

  it("reads a repeated parameter's first value", () => {
    expect(parseFeedSearch("?category=News&category=Business").category).toBe("News");
  });
});

describe("feedQueryKey", () => {
  it("puts the params in the fixed order and always includes the page", () => {
    expect(
      feedQueryKey({
        page: 2,
        sortBy: "rating",
        dateRange: "3m",
        minRating: 3,
        style: "blog",
        category: "News",
        search: "bridge closed",
      }),
    ).toEqual([
      "/api/articles?search=bridge+closed&category=News&style=blog&minRating=3&dateRange=3m&sortBy=rating&page=2",
    ]);
  });

  it("leaves empty params out", () => {
    expect(feedQueryKey({ page: 1 })).toEqual(["/api/articles?page=1"]);
    expect(feedQueryKey({ page: 1, search: "  ", minRating: 0, sortBy: "latest" })).toEqual([
      "/api/articles?sortBy=latest&page=1",
    ]);
  });

  it("encodes what a search can hold", () => {
    const [url] = feedQueryKey({ page: 1, search: `"owls" -live & co/=?` });
    expect(new URL(url, "http://x").searchParams.get("search")).toBe(`"owls" -live & co/=?`);
    expect(url).not.toContain("&co");
  });

  it("round-trips through parseFeedSearch", () => {
    const params = { search: "ai", category: "Education", minRating: 5, sortBy: "popular", page: 4 } as const;
    const [url] = feedQueryKey(params);
    expect(parseFeedSearch(url.slice(url.indexOf("?")))).toEqual(params);
  });

  it("names the featured and stats queries by their URLs", () => {
    expect(FEATURED_QUERY_KEY).toEqual(["/api/articles/featured"]);
    expect(STATS_QUERY_KEY).toEqual(["/api/stats"]);
  });
});

describe("default sort", () => {
  it("is 'For You' for every signed-in reader (it learns), and none for visitors", () => {
    expect(defaultSortFor({ preferredCategories: ["Technology"], preferredTopics: [] })).toBe("for_you");
    expect(defaultSortFor({ preferredCategories: [], preferredTopics: [] })).toBe("for_you");
    expect(defaultSortFor(null)).toBeUndefined();
    expect(defaultSortFor(undefined)).toBeUndefined();
  });

  it("is sent explicitly when the URL names no sort, and the URL's sort wins", () => {
    const reader = { preferredCategories: ["News"], preferredTopics: [] };
    expect(feedQueryKey(feedParamsFor("", reader))).toEqual(["/api/articles?sortBy=for_you&page=1"]);
    expect(feedQueryKey(feedParamsFor("?sortBy=latest", reader))).toEqual(["/api/articles?sortBy=latest&page=1"]);
    expect(feedQueryKey(feedParamsFor("?page=2", null))).toEqual(["/api/articles?page=2"]);
  });
});

describe("feedHref", () => {
  it("is '/' for the plain feed", () => {
    expect(feedHref({ page: 1 })).toBe("/");
    expect(feedHref({ page: 1, sortBy: "latest" })).toBe("/");
    expect(feedHref({ page: 1, sortBy: "for_you" }, "for_you")).toBe("/");
  });

  it("keeps a sort that is not the reader's default, and pages after the first", () => {
    expect(feedHref({ page: 1, sortBy: "latest" }, "for_you")).toBe("/?sortBy=latest");
    expect(feedHref({ page: 3, category: "Business", sortBy: "popular" })).toBe(
      "/?category=Business&sortBy=popular&page=3",
    );
  });

  it("links back to the same filters", () => {
    const params = { search: "price", style: "custom", dateRange: "7d", sortBy: "rating", page: 2 } as const;
    const href = feedHref(params);
    expect(parseFeedSearch(href.slice(1))).toEqual(params);
  });
});

describe("helpers", () => {
  it("recognises feed list keys only", () => {
    expect(isFeedQueryKey(feedQueryKey({ page: 1 }))).toBe(true);
    expect(isFeedQueryKey(["/api/articles/featured"])).toBe(false);
    expect(isFeedQueryKey(["/api/articles/slug/x"])).toBe(false);
    expect(isFeedQueryKey([42])).toBe(false);
  });

  it("tells which filters narrow the feed and counts the set ones", () => {
    expect(narrowsFeed({ page: 1, minRating: 4, dateRange: "7d", sortBy: "popular" })).toBe(false);
    expect(narrowsFeed({ page: 1, style: "blog" })).toBe(true);
    expect(activeFilterCount({ page: 5, sortBy: "rating" })).toBe(0);
    expect(activeFilterCount({ page: 1, search: "x", category: "News", minRating: 2, dateRange: "30d" })).toBe(4);
  });
});
