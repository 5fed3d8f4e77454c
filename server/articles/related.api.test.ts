import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RELATED } from "../../contract/article-reading";
import { ADMIN_EMAIL, registerAdmin } from "../../test/admin";
import { createTestApp, type RegisteredUser, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { longMarkdown, seedArticle, seedAuthor, setArticle } from "../../test/factories";
import { forgetCachedReads } from "./read-cache";

// The article page's reading aids (issue 19): reading time and headings in the article's JSON,
// and GET /api/articles/{id}/related (related articles, the author's previous and next).

let t: TestApp;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await registerAdmin(t, { email: ADMIN_EMAIL });
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const related = async (id: number) => {
  const response = await get(`/api/articles/${id}/related`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    related: Array<{ id: number; title: string; readingMinutes: number }>;
    previous: { id: number; slug: string; title: string } | null;
    next: { id: number; slug: string; title: string } | null;
  };
};
/** Sets an article's date, so "previous" and "next" are exact. */
const dated = (id: number, iso: string) => setArticle(t.database, id, { createdAt: new Date(iso) });

describe("reading time", () => {
  it("is the article's words at 230 a minute, at least one minute, on the article and on cards", async () => {
    const author = await seedAuthor(t.database);
    const long = await seedArticle(t.database, author.id, { wordCount: 1150, category: "Reading time" });
    const short = await seedArticle(t.database, author.id, { wordCount: 40, category: "Reading time" });
    const empty = await seedArticle(t.database, author.id, { wordCount: 0, category: "Reading time" });
    expect((await get(`/api/articles/${long.id}`)).json().readingMinutes).toBe(5);
    expect((await get(`/api/articles/${short.id}`)).json().readingMinutes).toBe(1);
    expect((await get(`/api/articles/slug/${empty.slug}`)).json().readingMinutes).toBe(1);
    // Cards carry it too (the related list shows it).
    expect((await related(short.id)).related.find((a) => a.id === long.id)?.readingMinutes).toBe(5);
  });

  it("follows an edit's words", async () => {
    const user = await registerUser(t.app);
    const own = await seedArticle(t.database, user.user.id);
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/articles/${own.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { title: "Edited", content: longMarkdown(["One", "Two"], 1400) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = (await get(`/api/articles/${own.id}`)).json();
    expect(edited.wordCount).toBeGreaterThan(1380);
    expect(edited.readingMinutes).toBe(Math.round(edited.wordCount / 230));
  });
});

describe("headings", () => {
  it("carry ids in the content and are listed for the table of contents", async () => {
    const user = await registerUser(t.app);
    const own = await seedArticle(t.database, user.user.id);
    const content = longMarkdown(["Why it matters", 'The "quoted" <script>part</script>', "Why it matters"]);
    await t.app.inject({
      method: "PUT",
      url: `/api/articles/${own.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { title: "Headings", content: `${content}\n\n### A smaller one\n\nText.` },
    });
    const article = (await get(`/api/articles/${own.id}`)).json();
    expect(article.headings).toEqual([
      { id: "section-why-it-matters", text: "Why it matters", level: 2 },
      // The script's text is dropped with it (the sanitizer's rule); the quotes stay text.
      { id: "section-the-quoted", text: 'The "quoted"', level: 2 },
      { id: "section-why-it-matters-2", text: "Why it matters", level: 2 },
      { id: "section-a-smaller-one", text: "A smaller one", level: 3 },
    ]);
    for (const heading of article.headings) expect(article.content).toContain(`id="${heading.id}"`);
    expect(article.content).not.toContain("<script");
  });

  it("get ids in articles stored before there were ids", async () => {
    const author = await seedAuthor(t.database);
    const old = await seedArticle(t.database, author.id, { contentHtml: "<h2>Old heading</h2><p>Body.</p>" });
    const article = (await get(`/api/articles/${old.id}`)).json();
    expect(article.content).toBe('<h2 id="section-old-heading">Old heading</h2><p>Body.</p>');
  });
});

describe("own-article flag", () => {
  it("is true for the author only", async () => {
    const writer = await registerUser(t.app);
    const reader = await registerUser(t.app);
    const own = await seedArticle(t.database, writer.user.id);
    expect((await get(`/api/articles/${own.id}`, writer.cookie)).json().ownArticle).toBe(true);
    expect((await get(`/api/articles/${own.id}`, reader.cookie)).json().ownArticle).toBe(false);
    expect((await get(`/api/articles/${own.id}`, admin.cookie)).json().ownArticle).toBe(false);
    expect((await get(`/api/articles/${own.id}`)).json().ownArticle).toBe(false);
  });
});

describe("GET /api/articles/{id}/related", () => {
  it("lists articles sharing a tag (any case) or the category, never itself nor unrelated ones", async () => {
    const author = await seedAuthor(t.database);
    const other = await seedAuthor(t.database);
    const source = await seedArticle(t.database, author.id, {
      title: "Baking sourdough at home",
      category: "Food",
      tags: ["sourdough", "baking"],
    });
    const sharesTag = await seedArticle(t.database, other.id, {
      title: "Starters explained",
      category: "Science",
      tags: ["Sourdough"],
    });
    const sameCategory = await seedArticle(t.database, other.id, {
      title: "Street food in Accra",
      category: "Food",
      tags: ["travel"],
    });
    const unrelated = await seedArticle(t.database, other.id, {
      title: "Baking chips at scale",
      category: "Technology",
      tags: ["hardware"],
    });
    const ids = (await related(source.id)).related.map((a) => a.id);
    expect(ids).toContain(sharesTag.id);
    expect(ids).toContain(sameCategory.id);
    expect(ids).not.toContain(unrelated.id);
    expect(ids).not.toContain(source.id);
    // It works the other way round too: the tag is shared whatever its case.
    expect((await related(sharesTag.id)).related.map((a) => a.id)).toContain(source.id);
  });

  it("lists at most four, the most similar by their words first", async () => {
    const author = await seedAuthor(t.database);
    const source = await seedArticle(t.database, author.id, {
      title: "Pricing your first SaaS product",
      excerpt: "How founders set a price for software.",
      category: "Business",
      tags: ["pricing", "saas"],
    });
    const others = [];
    for (let i = 0; i < 6; i++) {
      others.push(
        await seedArticle(t.database, author.id, {
          title: `Hiring the team, part ${i + 1}`,
          excerpt: "People, interviews and offers.",
          category: "Business",
          tags: ["hiring"],
        }),
      );
    }
    // Older than all the others, yet the closest in words: it comes first.
    const closest = await seedArticle(t.database, author.id, {
      title: "SaaS pricing for founders",
      excerpt: "Set the price of your software product.",
      category: "Business",
      tags: ["pricing"],
    });
    await dated(closest.id, "2020-01-01T00:00:00Z");
    const list = (await related(source.id)).related;
    expect(list).toHaveLength(MAX_RELATED);
    expect(list[0].id).toBe(closest.id);
    expect(new Set(list.map((a) => a.id)).size).toBe(MAX_RELATED);
  });

  it("links the author's previous and next articles by date, and only theirs", async () => {
    const author = await seedAuthor(t.database);
    const someoneElse = await seedAuthor(t.database);
    const first = await seedArticle(t.database, author.id, { title: "First", category: "Neighbours" });
    const second = await seedArticle(t.database, author.id, { title: "Second", category: "Neighbours" });
    const third = await seedArticle(t.database, author.id, { title: "Third", category: "Neighbours" });
    const between = await seedArticle(t.database, someoneElse.id, { title: "Not theirs", category: "Neighbours" });
    await dated(first.id, "2025-01-01T10:00:00Z");
    await dated(second.id, "2025-02-01T10:00:00Z");
    await dated(third.id, "2025-03-01T10:00:00Z");
    await dated(between.id, "2025-02-15T10:00:00Z");

    const middle = await related(second.id);
    expect(middle.previous).toEqual({
      id: first.id,
      slug: first.slug,
      title: "First",
      createdAt: "2025-01-01T10:00:00.000Z",
    });
    expect(middle.next?.id).toBe(third.id);
    expect((await related(first.id)).previous).toBeNull();
    expect((await related(first.id)).next?.id).toBe(second.id);
    expect((await related(third.id)).next).toBeNull();
    expect((await related(between.id)).previous).toBeNull();
    expect((await related(between.id)).next).toBeNull();
  });

  it("orders articles written in the same second by their exact time, then by id", async () => {
    const author = await seedAuthor(t.database);
    const a = await seedArticle(t.database, author.id, { category: "Same second" });
    const b = await seedArticle(t.database, author.id, { category: "Same second" });
    const c = await seedArticle(t.database, author.id, { category: "Same second" });
    // a and b share a timestamp to the microsecond; c is one microsecond later.
    await t.database.db.execute(
      sql`update articles set created_at = '2025-05-05 10:00:00.123456+00' where id in (${a.id}, ${b.id})`,
    );
    await t.database.db.execute(
      sql`update articles set created_at = '2025-05-05 10:00:00.123457+00' where id = ${c.id}`,
    );
    forgetCachedReads(t.database.db);
    expect((await related(a.id)).next?.id).toBe(b.id);
    expect((await related(b.id)).previous?.id).toBe(a.id);
    expect((await related(b.id)).next?.id).toBe(c.id);
    expect((await related(c.id)).previous?.id).toBe(b.id);
  });

  it("answers 404 for an article that does not exist, or an id that is none", async () => {
    for (const id of ["999999", "abc", "0", "1e3", "99999999999999999999"]) {
      const response = await get(`/api/articles/${id}/related`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe("The article you're looking for doesn't exist or has been removed.");
    }
  });

  it("shows a new related article after a write", async () => {
    const author = await seedAuthor(t.database);
    const source = await seedArticle(t.database, author.id, { category: "Fresh", tags: ["fresh"] });
    expect((await related(source.id)).related).toEqual([]);
    const added = await seedArticle(t.database, author.id, { category: "Fresh", tags: ["other"] });
    expect((await related(source.id)).related.map((a) => a.id)).toEqual([added.id]);
  });
});

describe("the access matrix", () => {
  it("answers the related articles alike signed out, as a user and as an admin", async () => {
    const user = await registerUser(t.app);
    const author = await seedAuthor(t.database);
    const article = await seedArticle(t.database, author.id);
    const cells: Array<[url: string, signedOut: number, asUser: number, asAdmin: number]> = [
      [`/api/articles/${article.id}/related`, 200, 200, 200],
      ["/api/articles/999999/related", 404, 404, 404],
    ];
    for (const [url, ...expected] of cells) {
      const statuses: number[] = [];
      for (const cookie of [undefined, user.cookie, admin.cookie]) statuses.push((await get(url, cookie)).statusCode);
      expect(statuses, url).toEqual(expected);
    }
  });
});
