import { describe, expect, it } from "vitest";
import { z } from "zod";
import { articleResponse } from "./articles";
import { limitsResponse, userResponse } from "./auth";
import { formAnswerKey } from "./auth-forms";
import { articleSummary, bookmarkCheck, feedPage, statsResponse } from "./feed";
import { FEATURED_QUERY_KEY, feedQueryKey, STATS_QUERY_KEY } from "./feed-query";
import { articleQueryKey } from "./pages";
import { paymentListResponse, subscriptionResponse } from "./payments";
import {
  ADMIN_ARTICLES_KEY,
  AUTH_USER_KEY,
  BOOKMARKS_QUERY_KEY,
  bookmarkCheckQueryKey,
  LIMITS_KEY,
  MY_ARTICLES_KEY,
  PAYMENTS_KEY,
  SUBSCRIPTION_KEY,
} from "./query-keys";
import { articleList, articleSummaryList, parseQueryResponse, responseSchemaFor } from "./query-responses";

describe("responseSchemaFor", () => {
  it("gives every GET key the web reads the schema its route answers with", () => {
    const expected: Array<[readonly unknown[], unknown]> = [
      [AUTH_USER_KEY, userResponse],
      [LIMITS_KEY, limitsResponse],
      [MY_ARTICLES_KEY, articleList],
      [ADMIN_ARTICLES_KEY, articleList],
      [SUBSCRIPTION_KEY, subscriptionResponse],
      [PAYMENTS_KEY, paymentListResponse],
      [BOOKMARKS_QUERY_KEY, articleSummaryList],
      [bookmarkCheckQueryKey(42), bookmarkCheck],
      [feedQueryKey({ page: 1 }), feedPage],
      [feedQueryKey({ page: 3, category: "News", sortBy: "popular", search: "a/b" }), feedPage],
      [STATS_QUERY_KEY, statsResponse],
      [articleQueryKey("42"), articleResponse],
      [articleQueryKey("a-slug-with-üñí"), articleResponse],
    ];
    for (const [key, schema] of expected) expect(responseSchemaFor(key), String(key[0])).toBe(schema);
    const featured = responseSchemaFor(FEATURED_QUERY_KEY);
    expect(featured).toBeInstanceOf(z.ZodNullable);
    expect((featured as z.ZodNullable).unwrap()).toBe(articleSummary);
  });

  it("gives none to cache-only keys and to URLs that are no GET of the API", () => {
    for (const key of [
      formAnswerKey("create-article"),
      ["/api/articles"],
      ["/api/bookmarks/check/abc"],
      ["/api/articles/slug/a/b"],
      ["/api/user/limits", "extra"],
      [],
    ]) {
      expect(responseSchemaFor(key), JSON.stringify(key)).toBeUndefined();
    }
  });
});

describe("parseQueryResponse", () => {
  it("answers the parsed data, without fields the contract does not have", () => {
    const stats = { totalArticles: 3, activeAuthors: 2, totalReads: 10 };
    expect(parseQueryResponse(STATS_QUERY_KEY, { ...stats, secret: "x" })).toEqual({ ok: true, data: stats });
    expect(parseQueryResponse(FEATURED_QUERY_KEY, null)).toEqual({ ok: true, data: null });
    expect(parseQueryResponse(PAYMENTS_KEY, [])).toEqual({ ok: true, data: [] });
  });

  it("says where an answer breaks the contract", () => {
    const result = parseQueryResponse(LIMITS_KEY, { canCreate: "yes", remaining: 2 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^GET \/api\/user\/limits answered outside the contract: canCreate: /);
    expect(!result.ok && result.message).toContain("isGuest: ");
  });

  it("names the element of a list that breaks it, and cuts a long list of issues short", () => {
    const result = parseQueryResponse(BOOKMARKS_QUERY_KEY, [{ id: "1" }]);
    expect(!result.ok && result.message).toMatch(/0\.id: .*; 0\.\w+: .*; 0\.\w+: .*; \d+ more$/);
    const page = parseQueryResponse(feedQueryKey({ page: 1 }), { articles: [{ id: "1" }], hasMore: false });
    expect(!page.ok && page.message).toMatch(/articles\.0\.id: /);
  });

  it("refuses a key that has no schema", () => {
    expect(parseQueryResponse(["/api/unknown"], {})).toEqual({
      ok: false,
      message: 'No response schema for the query key ["/api/unknown"]',
    });
  });
});
