import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressPool, createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { articleValues, seedArticle, seedAuthor } from "../../test/factories";
import { exactStats } from "../../test/stats";
import { articles, users } from "../db/schema";
import { viewCounter } from "./views";
import { visitorCookieValue } from "./visitor";

// The platform stats are counters kept by triggers on articles (migration 0008): after every
// kind of write they must equal a count over every article.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const exact = () => exactStats(t);

const addresses = addressPool(41);
/** A request from an address of its own, so the cap on readers per address never decides. */
const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
    remoteAddress: addresses(),
  });

describe("platform stats", () => {
  it("start at zero, and readers without articles are not authors", async () => {
    await registerUser(t.app);
    expect(await exact()).toEqual({ totalArticles: 0, activeAuthors: 0, totalReads: 0 });
  });

  it("count several articles inserted in one statement, and their authors once", async () => {
    const a = await seedAuthor(t.database);
    const b = await seedAuthor(t.database);
    await t.database.db
      .insert(articles)
      .values([
        articleValues(a.id, { viewCount: 5 }),
        articleValues(b.id, { viewCount: 7 }),
        articleValues(a.id, { viewCount: 11 }),
        articleValues(b.id),
      ]);
    expect(await exact()).toEqual({ totalArticles: 4, activeAuthors: 2, totalReads: 23 });
  });

  it("move active authors with an author's first article and their last, not in between", async () => {
    const before = await exact();
    const author = await seedAuthor(t.database);
    expect((await exact()).activeAuthors).toBe(before.activeAuthors);
    const first = await seedArticle(t.database, author.id, { viewCount: 3 });
    expect(await exact()).toEqual({
      totalArticles: before.totalArticles + 1,
      activeAuthors: before.activeAuthors + 1,
      totalReads: before.totalReads + 3,
    });
    const second = await seedArticle(t.database, author.id);
    expect((await exact()).activeAuthors).toBe(before.activeAuthors + 1);
    await t.database.db.delete(articles).where(eq(articles.id, first.id));
    expect(await exact()).toEqual({
      totalArticles: before.totalArticles + 1,
      activeAuthors: before.activeAuthors + 1,
      totalReads: before.totalReads,
    });
    await t.database.db.delete(articles).where(eq(articles.id, second.id));
    expect(await exact()).toEqual(before);
    // The author comes back with a new first article.
    await seedArticle(t.database, author.id);
    expect((await exact()).activeAuthors).toBe(before.activeAuthors + 1);
  });

  it("subtract several articles deleted in one statement, through the app as well", async () => {
    const owner = await registerUser(t.app);
    const other = await seedAuthor(t.database);
    const mine = await seedArticle(t.database, owner.user.id, { viewCount: 4 });
    const theirs = [
      await seedArticle(t.database, other.id, { viewCount: 6 }),
      await seedArticle(t.database, other.id, { viewCount: 8 }),
    ];
    const before = await exact();
    await t.database.db.delete(articles).where(
      inArray(
        articles.id,
        theirs.map((a) => a.id),
      ),
    );
    expect(await exact()).toEqual({
      totalArticles: before.totalArticles - 2,
      activeAuthors: before.activeAuthors - 1,
      totalReads: before.totalReads - 14,
    });
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/articles/${mine.id}`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await exact()).toEqual({
      totalArticles: before.totalArticles - 3,
      activeAuthors: before.activeAuthors - 2,
      totalReads: before.totalReads - 18,
    });
  });

  it("stay exact when deleting users deletes their articles", async () => {
    const gone = await seedAuthor(t.database);
    const alsoGone = await seedAuthor(t.database);
    const stays = await seedAuthor(t.database);
    await t.database.db
      .insert(articles)
      .values([
        articleValues(gone.id, { viewCount: 10 }),
        articleValues(gone.id, { viewCount: 20 }),
        articleValues(gone.id, { viewCount: 30 }),
        articleValues(alsoGone.id, { viewCount: 1 }),
        articleValues(stays.id, { viewCount: 2 }),
      ]);
    const before = await exact();
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    expect(await exact()).toEqual({
      totalArticles: before.totalArticles - 3,
      activeAuthors: before.activeAuthors - 1,
      totalReads: before.totalReads - 60,
    });
    // Two users in one statement: each one's articles go by cascade.
    const reader = await seedAuthor(t.database);
    await t.database.db.delete(users).where(inArray(users.id, [alsoGone.id, reader.id]));
    expect(await exact()).toEqual({
      totalArticles: before.totalArticles - 4,
      activeAuthors: before.activeAuthors - 2,
      totalReads: before.totalReads - 61,
    });
  });

  it("add the reads a batch of views writes, and only those", async () => {
    const author = await seedAuthor(t.database);
    const read = [await seedArticle(t.database, author.id), await seedArticle(t.database, author.id)];
    const before = await exact();
    // Signed visitor cookies (as the server hands out), one address each.
    const visitor = (i: number) => `vid=${visitorCookieValue(t.config.appSecret, i.toString(16).padStart(32, "0"))}`;
    // Six readers at once: the first read is written alone, the others in one batch after it.
    const responses = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => call("GET", `/api/articles/${read[i % 2].id}`, visitor(1000 + i))),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    // A reload by the same readers counts nothing more.
    await Promise.all([0, 1, 2].map((i) => call("GET", `/api/articles/${read[i % 2].id}`, visitor(1000 + i))));
    await viewCounter(t.database.db).settled();
    expect(await exact()).toEqual({ ...before, totalReads: before.totalReads + 6 });
  });

  it("are not changed by ratings or edits", async () => {
    const author = await registerUser(t.app);
    const article = await seedArticle(t.database, author.user.id, { viewCount: 9 });
    const before = await exact();
    for (const rating of [5, 3]) {
      const { cookie } = await registerUser(t.app);
      const rated = await call("POST", `/api/articles/${article.id}/rate`, cookie, { rating });
      expect(rated.statusCode, rated.body).toBe(200);
    }
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/articles/${article.id}`,
      headers: { origin: TEST_ORIGIN, cookie: author.cookie },
      payload: { title: "Edited title", content: "Edited body." },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.database.db.execute(sql`update articles set title = title`);
    expect(await exact()).toEqual(before);
  });

  it("follow view counts set directly and articles moved to another author", async () => {
    const from = await seedAuthor(t.database);
    const to = await seedAuthor(t.database);
    const moved = await seedArticle(t.database, from.id, { viewCount: 2 });
    const before = await exact();
    await t.database.db.execute(sql`update articles set view_count = view_count + 3`);
    await t.database.db.update(articles).set({ viewCount: 1 }).where(eq(articles.id, moved.id));
    await exact();
    await t.database.db.update(articles).set({ userId: to.id }).where(eq(articles.id, moved.id));
    const after = await exact();
    expect(after.activeAuthors).toBe(before.activeAuthors); // one author lost their only article, one gained
    expect(after.totalArticles).toBe(before.totalArticles);
  });

  it("restart from zero after a truncate, and count a bulk insert after it", async () => {
    const authors = [await seedAuthor(t.database), await seedAuthor(t.database), await seedAuthor(t.database)];
    await t.database.db.execute(sql`truncate articles, article_views, ratings, bookmarks restart identity cascade`);
    expect(await exact()).toEqual({ totalArticles: 0, activeAuthors: 0, totalReads: 0 });
    const ids = sql.param(authors.map((a) => a.id));
    await t.database.db.execute(sql`insert into articles
        (slug, user_id, title, excerpt, content_markdown, content_html, category, style, length, tone, view_count)
      select 'bulk-' || i, (${ids}::uuid[])[1 + i % 2], 'Bulk ' || i, 'e', 'b', '<p>b</p>',
             'Technology', 'blog', 'medium', 'informative', i
      from generate_series(1, 50) i`);
    expect(await exact()).toEqual({ totalArticles: 50, activeAuthors: 2, totalReads: 1275 });
  });
});
