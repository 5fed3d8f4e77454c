import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAS_MORE_HEADER } from "../../contract/feed-query";
import { PAGE_SIZE } from "../../contract/options";
import { createTestApp, registerUser, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";
import type { ArticleRow, UserRow } from "../db/schema";
import { forgetCachedReads } from "./read-cache";

let t: TestApp;
let author: UserRow;
const seeded: ArticleRow[] = [];
const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  t = await createTestApp();
  author = await seedAuthor(t.database, { firstName: "Abena", lastName: "Osei" });
  const other = await seedAuthor(t.database, { firstName: "Yaw", lastName: "Boateng" });
  const rows: Array<Parameters<typeof seedArticle>[2] & { by?: string }> = [
    {
      title: "Scaling Kubernetes clusters in production",
      category: "Technology",
      style: "blog",
      tags: ["kubernetes", "devops"],
      contentText: "Autoscaling nodes and pods keeps costs down. The team measured latency carefully.",
      viewCount: 500,
      ratingAvg: 4.5,
      ratingCount: 10,
      createdAt: daysAgo(1),
    },
    {
      title: "How to price your SaaS product",
      category: "Business",
      style: "nyt",
      tags: ["pricing", "saas"],
      contentText: "Value based pricing beats cost plus pricing for most software companies.",
      viewCount: 1500,
      ratingAvg: 4.5,
      ratingCount: 30,
      createdAt: daysAgo(10),
      by: "other",
    },
    {
      title: "Sourdough mistakes everyone makes",
      category: "Entertainment",
      style: "custom",
      tags: ["baking", "bread"],
      contentText: "An underproofed starter makes a dense loaf. Bulk fermentation takes patience.",
      viewCount: 90,
      ratingAvg: 3,
      ratingCount: 2,
      createdAt: daysAgo(45),
    },
    {
      title: "Inflation explained for students",
      category: "Education",
      style: "blog",
      tags: ["economics"],
      contentText: "Prices rise when money supply grows faster than goods. Central banks raise rates.",
      viewCount: 40,
      ratingAvg: 0,
      ratingCount: 0,
      createdAt: daysAgo(200),
    },
    {
      title: "City closes main bridge for repairs",
      category: "News",
      style: "nyt",
      tags: ["city", "traffic"],
      contentText: "Commuters face detours for six weeks while engineers replace the bridge deck.",
      viewCount: 700,
      ratingAvg: 2,
      ratingCount: 5,
      createdAt: daysAgo(3),
      by: "other",
    },
  ];
  for (const { by, ...row } of rows)
    seeded.push(await seedArticle(t.database, by === "other" ? other.id : author.id, row));
});
afterAll(() => t?.close());

const feed = async (query: string) => {
  const response = await t.app.inject({ method: "GET", url: `/api/articles${query}` });
  return response;
};
const titles = async (query: string) => {
  const response = await feed(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().map((a: { title: string }) => a.title) as string[];
};

describe("GET /api/articles filters and sorts", () => {
  it("lists newest first by default, without article bodies", async () => {
    const response = await feed("");
    const list = response.json();
    expect(list.map((a: { title: string }) => a.title)).toEqual([
      "Scaling Kubernetes clusters in production",
      "City closes main bridge for repairs",
      "How to price your SaaS product",
      "Sourdough mistakes everyone makes",
      "Inflation explained for students",
    ]);
    expect(list[0].content).toBeUndefined();
    expect(list[0]).toMatchObject({ viewCount: 500, views: 500, avgRating: 4.5, ratingCount: 10 });
    expect(list[0].user).toEqual({ firstName: "Abena", lastName: "Osei", profileImageUrl: null });
  });

  it("filters by category, style, minimum rating and date range", async () => {
    expect(await titles("?category=Business")).toEqual(["How to price your SaaS product"]);
    expect(await titles("?style=nyt")).toEqual([
      "City closes main bridge for repairs",
      "How to price your SaaS product",
    ]);
    expect(await titles("?minRating=4")).toEqual([
      "Scaling Kubernetes clusters in production",
      "How to price your SaaS product",
    ]);
    expect(await titles("?dateRange=7d")).toEqual([
      "Scaling Kubernetes clusters in production",
      "City closes main bridge for repairs",
    ]);
    expect((await titles("?dateRange=30d")).length).toBe(3);
    expect((await titles("?dateRange=3m")).length).toBe(4);
    expect((await titles("?dateRange=all")).length).toBe(5);
    expect((await titles("?category=all&style=&minRating=0")).length).toBe(5);
  });

  it("sorts by views, by rating then count, and accepts the spec's labels", async () => {
    expect(await titles("?sortBy=popular")).toEqual([
      "How to price your SaaS product",
      "City closes main bridge for repairs",
      "Scaling Kubernetes clusters in production",
      "Sourdough mistakes everyone makes",
      "Inflation explained for students",
    ]);
    const byRating = await titles("?sortBy=rating");
    expect(byRating.slice(0, 2)).toEqual([
      "How to price your SaaS product",
      "Scaling Kubernetes clusters in production",
    ]);
    expect(await titles("?sortBy=Most%20Popular")).toEqual(await titles("?sortBy=popular"));
    expect(await titles("?sortBy=Highest%20Rated")).toEqual(byRating);
    expect(await titles("?sortBy=Latest")).toEqual(await titles("?sortBy=latest"));
  });

  it.each([
    ["?sortBy=random", /sortBy must be one of/],
    ["?dateRange=1y", /dateRange must be one of/],
    ["?category=Cooking", /category must be one of/],
    ["?style=poem", /style must be one of/],
    ["?minRating=6", /minRating/],
    ["?minRating=abc", /minRating/],
    ["?page=0", /page/],
    ["?page=-3", /page/],
    [`?search=${"x".repeat(300)}`, /search/],
  ])("refuses %s with 400 and a message, not an empty list", async (query, message) => {
    const response = await feed(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});

describe("search", () => {
  it("finds words in the title, body, tags and author name, ranked", async () => {
    expect((await titles("?search=kubernetes"))[0]).toBe("Scaling Kubernetes clusters in production");
    expect(await titles("?search=fermentation")).toEqual(["Sourdough mistakes everyone makes"]);
    expect(await titles("?search=economics")).toEqual(["Inflation explained for students"]);
    expect(await titles("?search=Boateng")).toEqual([
      "City closes main bridge for repairs",
      "How to price your SaaS product",
    ]);
  });

  it("understands quoted phrases and exclusions", async () => {
    expect(await titles(`?search=${encodeURIComponent('"cost plus"')}`)).toEqual(["How to price your SaaS product"]);
    // "Prices rise..." matches pricing (stemmed); the SaaS article is excluded by -saas.
    expect(await titles(`?search=pricing`)).toContain("How to price your SaaS product");
    expect(await titles(`?search=${encodeURIComponent("pricing -saas")}`)).toEqual([
      "Inflation explained for students",
    ]);
    expect(await titles(`?search=${encodeURIComponent("bridge -kubernetes")}`)).toEqual([
      "City closes main bridge for repairs",
    ]);
  });

  it("still finds the article through a typo", async () => {
    expect(await titles("?search=kubernets")).toContain("Scaling Kubernetes clusters in production");
    expect(await titles("?search=sourdugh")).toContain("Sourdough mistakes everyone makes");
    expect(await titles("?search=inflaton")).toContain("Inflation explained for students");
  });

  it("combines search with filters", async () => {
    expect(await titles("?search=bridge&category=Technology")).toEqual([]);
    expect(await titles("?search=bridge&category=News")).toEqual(["City closes main bridge for repairs"]);
  });
});

describe("paging", () => {
  it("returns every article exactly once across pages, even with equal timestamps and views", async () => {
    const bulkAuthor = await seedAuthor(t.database);
    const sameMoment = daysAgo(400);
    for (let i = 0; i < 23; i += 1) {
      await seedArticle(t.database, bulkAuthor.id, { title: `Bulk ${i}`, category: "Sports", createdAt: sameMoment });
    }
    for (const sortBy of ["latest", "popular", "rating"]) {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const list = await titles(`?category=Sports&sortBy=${sortBy}&page=${page}`);
        expect(list.length).toBe(page < 3 ? 10 : page === 3 ? 3 : 0);
        seen.push(...list);
      }
      expect(new Set(seen).size).toBe(23);
    }
  });
});

describe("featured and stats", () => {
  it("features the best recent article, and an admin's pin wins", async () => {
    const best = (await t.app.inject({ method: "GET", url: "/api/articles/featured" })).json();
    expect(best.title).toBe("How to price your SaaS product");
    await t.database.db.execute(
      sql`update articles set featured_at = now() where title = 'Inflation explained for students'`,
    );
    // A write behind the app's back is seen once the short read cache lapses; skip the wait.
    forgetCachedReads(t.database.db);
    const pinned = (await t.app.inject({ method: "GET", url: "/api/articles/featured" })).json();
    expect(pinned.title).toBe("Inflation explained for students");
    await t.database.db.execute(sql`update articles set featured_at = null`);
    forgetCachedReads(t.database.db);
  });

  it("counts articles, authors with articles, and reads", async () => {
    const stats = (await t.app.inject({ method: "GET", url: "/api/stats" })).json();
    const all = await t.database.db.execute(
      sql`select count(*)::int as n, count(distinct user_id)::int as a, sum(view_count)::int as r from articles`,
    );
    const row = (all as unknown as { rows: Array<{ n: number; a: number; r: number }> }).rows[0];
    expect(stats).toEqual({ totalArticles: row.n, activeAuthors: row.a, totalReads: row.r });
  });
});

describe("For You", () => {
  it("is the default for readers with interests and favours their categories", async () => {
    const { cookie } = await registerUser(t.app, { preferredCategories: ["News"], preferredTopics: [] });
    const response = await t.app.inject({ method: "GET", url: "/api/articles", headers: { cookie } });
    expect(response.json()[0].title).toBe("City closes main bridge for repairs");
    const latest = await t.app.inject({ method: "GET", url: "/api/articles?sortBy=latest", headers: { cookie } });
    expect(latest.json()[0].title).toBe("Scaling Kubernetes clusters in production");
  });

  it("falls back to latest for readers without interests", async () => {
    const { cookie } = await registerUser(t.app, { preferredCategories: [], preferredTopics: [] });
    const forYou = await t.app.inject({ method: "GET", url: "/api/articles?sortBy=for_you", headers: { cookie } });
    const latest = await t.app.inject({ method: "GET", url: "/api/articles?sortBy=latest", headers: { cookie } });
    expect(forYou.json().map((a: { id: number }) => a.id)).toEqual(latest.json().map((a: { id: number }) => a.id));
  });
});

describe("X-Has-More", () => {
  const page = async (query: string, cookie?: string) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/articles${query}`,
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return { count: (response.json() as unknown[]).length, hasMore: response.headers[HAS_MORE_HEADER.toLowerCase()] };
  };

  it("says whether a next page exists: not after exactly a page, yes with one article more", async () => {
    const writer = await seedAuthor(t.database);
    const seedWellness = (i: number) =>
      seedArticle(t.database, writer.id, { title: `Wellness habit ${i}`, category: "Health", viewCount: i });
    for (let i = 0; i < PAGE_SIZE; i += 1) await seedWellness(i);
    forgetCachedReads(t.database.db);
    const { cookie } = await registerUser(t.app, { preferredCategories: ["Health"], preferredTopics: [] });

    // Every sort (For You through its own query), a search, and a reader's default.
    const queries = ["?category=Health", "?category=Health&sortBy=popular", "?category=Health&sortBy=rating"];
    const asReader = ["?category=Health&sortBy=for_you", "?category=Health"];
    const searched = "?search=wellness&category=Health";
    for (const query of [...queries, searched]) {
      expect(await page(query), query).toEqual({ count: PAGE_SIZE, hasMore: "false" });
      expect(await page(`${query}&page=2`), query).toEqual({ count: 0, hasMore: "false" });
    }
    for (const query of asReader)
      expect(await page(query, cookie), query).toEqual({ count: PAGE_SIZE, hasMore: "false" });

    await seedWellness(PAGE_SIZE);
    forgetCachedReads(t.database.db);
    for (const query of [...queries, searched]) {
      expect(await page(query), query).toEqual({ count: PAGE_SIZE, hasMore: "true" });
      expect(await page(`${query}&page=2`), query).toEqual({ count: 1, hasMore: "false" });
    }
    for (const query of asReader) {
      expect(await page(query, cookie), query).toEqual({ count: PAGE_SIZE, hasMore: "true" });
      expect(await page(`${query}&page=2`, cookie), query).toEqual({ count: 1, hasMore: "false" });
    }
  });

  it("answers on an empty feed and on a cached page alike", async () => {
    expect(await page("?category=Politics")).toEqual({ count: 0, hasMore: "false" });
    expect(await page("?category=Sports")).toEqual({ count: PAGE_SIZE, hasMore: "true" });
    // The second ask is answered from the read cache, header and all.
    expect(await page("?category=Sports")).toEqual({ count: PAGE_SIZE, hasMore: "true" });
    expect(await page("?category=Sports&page=3")).toEqual({ count: 3, hasMore: "false" });
  });
});

describe("answers joined from kept summaries", () => {
  it("sends gzip the first time, the same JSON in every encoding, and an edit at once", async () => {
    // Four articles, the bridge among them: large enough to be compressed at all.
    const query = "?minRating=2";
    const plain = (await feed(query)).json();
    expect(plain.map((a: { title: string }) => a.title)).toContain("City closes main bridge for repairs");
    forgetCachedReads(t.database.db);
    const ask = (encoding: string) =>
      t.app.inject({ method: "GET", url: `/api/articles${query}`, headers: { "accept-encoding": encoding } });
    // A page made now is sent as it was made (gzip), not compressed again for brotli...
    const first = await ask("br, gzip");
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(first.rawPayload).toString())).toEqual(plain);
    // ...and asked again, in the encoding the browser prefers.
    const second = await ask("br, gzip");
    expect(second.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString())).toEqual(plain);
    expect((await feed(query)).json()).toEqual(plain);

    // A write forgets the kept summaries with the pages: the next search shows the new title.
    const bridge = seeded.find((a) => a.title.startsWith("City closes"));
    await t.database.db.execute(
      sql`update articles set title = 'City reopens main bridge after repairs' where id = ${bridge?.id}`,
    );
    forgetCachedReads(t.database.db);
    const again = await ask("gzip");
    const titlesNow = JSON.parse(gunzipSync(again.rawPayload).toString()).map((a: { title: string }) => a.title);
    expect(titlesNow).toContain("City reopens main bridge after repairs");
    await t.database.db.execute(sql`update articles set title = ${bridge?.title} where id = ${bridge?.id}`);
    forgetCachedReads(t.database.db);
  });
});
