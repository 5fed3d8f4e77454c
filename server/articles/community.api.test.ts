import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";
import { type ArticleRow, articles } from "../db/schema";
import { viewCounter } from "./views";

let t: TestApp;
let article: ArticleRow;
beforeAll(async () => {
  t = await createTestApp();
  const author = await seedAuthor(t.database);
  article = await seedArticle(t.database, author.id, { title: "Ratings and bookmarks" });
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

describe("POST /api/articles/{id}/rate", () => {
  it("asks visitors to sign in", async () => {
    const response = await call("POST", `/api/articles/${article.id}/rate`, undefined, { rating: 5 });
    expect(response.statusCode).toBe(401);
  });

  it.each([[0], [6], [3.5], ["4"], [null]])("refuses rating %j with 400", async (rating) => {
    const { cookie } = await registerUser(t.app);
    const response = await call("POST", `/api/articles/${article.id}/rate`, cookie, { rating });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/rating must be a whole number from 1 to 5/);
  });

  it("answers 404 for an article that does not exist", async () => {
    const { cookie } = await registerUser(t.app);
    expect((await call("POST", "/api/articles/999999/rate", cookie, { rating: 3 })).statusCode).toBe(404);
  });

  it("does not let authors rate their own articles", async () => {
    const { cookie, user } = await registerUser(t.app);
    const own = await seedArticle(t.database, user.id);
    const response = await call("POST", `/api/articles/${own.id}/rate`, cookie, { rating: 5 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You can't rate your own article.");
    expect((await call("GET", `/api/articles/${own.id}`)).json().ratingCount).toBe(0);
  });

  it("keeps one rating per user: a second one replaces the first", async () => {
    const fresh = await seedArticle(t.database, (await seedAuthor(t.database)).id);
    const { cookie } = await registerUser(t.app);
    const first = await call("POST", `/api/articles/${fresh.id}/rate`, cookie, { rating: 2 });
    expect(first.json()).toEqual({ articleId: fresh.id, avgRating: 2, ratingCount: 1, userRating: 2 });
    const second = await call("POST", `/api/articles/${fresh.id}/rate`, cookie, { rating: 5 });
    expect(second.json()).toEqual({ articleId: fresh.id, avgRating: 5, ratingCount: 1, userRating: 5 });
    const read = await call("GET", `/api/articles/${fresh.id}`, cookie);
    expect(read.json()).toMatchObject({ avgRating: 5, ratingCount: 1, userRating: 5 });
  });

  it("stays exact under concurrent ratings", async () => {
    const fresh = await seedArticle(t.database, (await seedAuthor(t.database)).id);
    const raters = await Promise.all(Array.from({ length: 12 }, () => registerUser(t.app)));
    const values = raters.map((_, i) => (i % 5) + 1);
    await Promise.all(
      raters.map(({ cookie }, i) => call("POST", `/api/articles/${fresh.id}/rate`, cookie, { rating: values[i] })),
    );
    // And each rater changes their mind at once.
    await Promise.all(
      raters.map(({ cookie }) => call("POST", `/api/articles/${fresh.id}/rate`, cookie, { rating: 4 })),
    );
    const read = (await call("GET", `/api/articles/${fresh.id}`)).json();
    expect(read.ratingCount).toBe(12);
    expect(read.avgRating).toBe(4);
    const stored = await t.database.db.execute(
      sql`select rating_count, rating_sum from articles where id = ${fresh.id}`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows[0]).toEqual({ rating_count: 12, rating_sum: 48 });
  });
});

describe("bookmarks", () => {
  it("are for signed-in users only", async () => {
    expect((await call("GET", "/api/bookmarks")).statusCode).toBe(401);
    expect((await call("POST", "/api/bookmarks", undefined, { articleId: article.id })).statusCode).toBe(401);
    expect((await call("GET", `/api/bookmarks/check/${article.id}`)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/bookmarks/${article.id}`)).statusCode).toBe(401);
  });

  it("save, check, list and remove, each idempotent", async () => {
    const { cookie } = await registerUser(t.app);
    expect((await call("GET", `/api/bookmarks/check/${article.id}`, cookie)).json()).toEqual({ isBookmarked: false });
    for (let i = 0; i < 2; i += 1) {
      const saved = await call("POST", "/api/bookmarks", cookie, { articleId: article.id });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ articleId: article.id, isBookmarked: true });
    }
    expect((await call("GET", `/api/bookmarks/check/${article.id}`, cookie)).json()).toEqual({ isBookmarked: true });
    const list = (await call("GET", "/api/bookmarks", cookie)).json();
    expect(list.map((a: { id: number }) => a.id)).toEqual([article.id]);
    expect(list[0].content).toBeUndefined();
    for (let i = 0; i < 2; i += 1) {
      const removed = await call("DELETE", `/api/bookmarks/${article.id}`, cookie);
      expect(removed.json()).toEqual({ articleId: article.id, isBookmarked: false });
    }
    expect((await call("GET", "/api/bookmarks", cookie)).json()).toEqual([]);
  });

  it("are private to each user", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await call("POST", "/api/bookmarks", a.cookie, { articleId: article.id });
    expect((await call("GET", `/api/bookmarks/check/${article.id}`, b.cookie)).json()).toEqual({ isBookmarked: false });
    expect((await call("GET", "/api/bookmarks", b.cookie)).json()).toEqual([]);
  });

  it("answer 404 for a missing article and 400 for a bad id", async () => {
    const { cookie } = await registerUser(t.app);
    expect((await call("POST", "/api/bookmarks", cookie, { articleId: 987654 })).statusCode).toBe(404);
    expect((await call("POST", "/api/bookmarks", cookie, { articleId: "abc" })).statusCode).toBe(400);
    expect((await call("POST", "/api/bookmarks", cookie, {})).statusCode).toBe(400);
    expect((await call("DELETE", "/api/bookmarks/abc", cookie)).statusCode).toBe(400);
  });
});

describe("reading an article", () => {
  it("answers 404 with a message for a missing id or slug", async () => {
    for (const url of ["/api/articles/424242", "/api/articles/abc", "/api/articles/slug/no-such-article"]) {
      const response = await call("GET", url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("The article you're looking for doesn't exist or has been removed.");
    }
  });

  it("counts a view once per visitor per 30 minutes, not per refresh", async () => {
    const fresh = await seedArticle(t.database, (await seedAuthor(t.database)).id);
    const first = await call("GET", `/api/articles/${fresh.id}`);
    expect(first.json().viewCount).toBe(1);
    const visitor = first.cookies.find((c) => c.name === "vid");
    expect(visitor?.httpOnly).toBe(true);
    const cookie = `vid=${visitor?.value}`;
    for (let i = 0; i < 3; i += 1)
      expect((await call("GET", `/api/articles/${fresh.id}`, cookie)).json().viewCount).toBe(1);
    // The same reader by slug is still the same reader.
    expect((await call("GET", `/api/articles/slug/${fresh.slug}`, cookie)).json().viewCount).toBe(1);
    // Another reader counts.
    const { cookie: other } = await registerUser(t.app);
    expect((await call("GET", `/api/articles/${fresh.id}`, other)).json().viewCount).toBe(2);
    expect((await call("GET", `/api/articles/${fresh.id}`, other)).json().viewCount).toBe(2);
    // Half an hour later the first reader counts again: for the database and for the process,
    // which remembers recent readers so a reload costs no write.
    await viewCounter(t.database.db).settled();
    await t.database.db.execute(sql`update article_views set viewed_at = now() - interval '31 minutes'`);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 31 * 60_000);
      expect((await call("GET", `/api/articles/${fresh.id}`, cookie)).json()).toMatchObject({ viewCount: 3, views: 3 });
    } finally {
      vi.useRealTimers();
    }
    // The counts reach the database.
    await viewCounter(t.database.db).settled();
    const [stored] = await t.database.db
      .select({ n: articles.viewCount })
      .from(articles)
      .where(eq(articles.id, fresh.id));
    expect(stored.n).toBe(3);
  });
});
