import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArticleEvidence } from "../../contract/evidence";
import { createAppWithAdmin } from "../../test/admin";
import { type RegisteredUser, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { articleEvidence, seedArticle } from "../../test/factories";
import { articles, bookmarks, ratings, users } from "../db/schema";

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  ({ t, owner, admin } = await createAppWithAdmin());
  other = await registerUser(t.app);
});
afterAll(() => t?.close());

const call = (method: "GET" | "PUT" | "DELETE", url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const edit = { title: "New title", content: "## Heading\n\nNew **body** text.", excerpt: "New excerpt", tags: ["a"] };
const stored = async (id: number) => (await t.database.db.select().from(articles).where(eq(articles.id, id)))[0];

describe("the access matrix", () => {
  it("lets only the owner edit or delete through /api/articles/{id}", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Original" });
    const cells: Array<[string, string | undefined, number]> = [
      ["visitor", undefined, 401],
      ["another user", other.cookie, 404],
      ["admin (uses the admin endpoint)", admin.cookie, 404],
    ];
    for (const [_who, cookie, status] of cells) {
      expect((await call("PUT", `/api/articles/${article.id}`, cookie, edit)).statusCode).toBe(status);
      expect((await call("DELETE", `/api/articles/${article.id}`, cookie)).statusCode).toBe(status);
    }
    expect((await stored(article.id)).title).toBe("Original");
    const updated = await call("PUT", `/api/articles/${article.id}`, owner.cookie, edit);
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await stored(article.id)).title).toBe("New title");
    expect((await call("DELETE", `/api/articles/${article.id}`, owner.cookie)).statusCode).toBe(200);
    expect(await stored(article.id)).toBeUndefined();
  });

  it("lets only admins use /api/admin/articles", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Original" });
    for (const [cookie, status] of [
      [undefined, 401],
      [owner.cookie, 403],
      [other.cookie, 403],
    ] as const) {
      expect((await call("GET", "/api/admin/articles", cookie)).statusCode).toBe(status);
      expect((await call("PUT", `/api/admin/articles/${article.id}`, cookie, { title: "Hacked" })).statusCode).toBe(
        status,
      );
      expect((await call("DELETE", `/api/admin/articles/${article.id}`, cookie)).statusCode).toBe(status);
    }
    expect((await stored(article.id)).title).toBe("Original");
    const list = await call("GET", "/api/admin/articles", admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(
      list.json().some((a: { id: number; contentMarkdown?: string }) => a.id === article.id && a.contentMarkdown),
    ).toBe(true);
    const renamed = await call("PUT", `/api/admin/articles/${article.id}`, admin.cookie, { title: "Retitled" });
    expect(renamed.json().title).toBe("Retitled");
    expect((await call("DELETE", `/api/admin/articles/${article.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/admin/articles/${article.id}`, admin.cookie)).statusCode).toBe(404);
  });
});

describe("editing", () => {
  it("renders and sanitizes edited markdown like generated content", async () => {
    const article = await seedArticle(t.database, owner.user.id);
    const response = await call("PUT", `/api/articles/${article.id}`, owner.cookie, {
      title: `<script>alert("t")</script> Title`,
      content: `Hello <img src=x onerror=alert(1)> [x](javascript:alert(2))\n\n<script>alert(3)</script>`,
      excerpt: `<b onmouseover=alert(4)>excerpt</b>`,
      tags: [" <svg onload=alert(5)> ", "fine", "FINE", "  "],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // Plain-text fields are stored as typed (never HTML-escaped into JSON) and rendered escaped.
    expect(body.title).toBe(`<script>alert("t")</script> Title`);
    expect(body.tags).toEqual(["<svg onload=alert(5)>", "fine"]);
    expect(body.content).not.toMatch(/<script|onerror|javascript:|<img/i);
    expect(body.contentMarkdown).toContain("<script>alert(3)</script>");
  });

  it.each([
    [{ content: "x" }, /title and content/],
    [{ title: "   ", content: "x" }, /title and content/],
    [{ title: "x", content: "   " }, /title and content/],
    [{ title: "x".repeat(201), content: "x" }, /at most 200/],
    [{ title: "x", content: "x", category: "Cooking" }, /category must be one of/],
    [{ title: "x", content: "x", style: "poem" }, /style must be one of/],
    [{ title: "x", content: "x", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, /At most 10 tags/],
    [{ title: "x", content: "x", tags: ["y".repeat(41)] }, /at most 40/],
    [{ title: "x", content: "x", tags: "a,b" }, /tags must be a list/],
  ])("refuses %j with 400 and changes nothing", async (payload, message) => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Unchanged" });
    const response = await call("PUT", `/api/articles/${article.id}`, owner.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await stored(article.id)).title).toBe("Unchanged");
  });

  it("keeps an edit category list of its own (an article's News stays News)", async () => {
    const article = await seedArticle(t.database, owner.user.id, { category: "News" });
    const kept = await call("PUT", `/api/articles/${article.id}`, owner.cookie, { ...edit, category: "News" });
    expect(kept.json().category).toBe("News");
    const moved = await call("PUT", `/api/articles/${article.id}`, owner.cookie, { ...edit, category: "Lifestyle" });
    expect(moved.json().category).toBe("Lifestyle");
  });
});

describe("deleting", () => {
  it("removes ratings and bookmarks with the article and does not give the allowance back", async () => {
    const article = await seedArticle(t.database, owner.user.id);
    await t.database.db.update(users).set({ articlesGenerated: 2 }).where(eq(users.id, owner.user.id));
    await call("PUT", `/api/articles/${article.id}`, owner.cookie, edit);
    await t.app.inject({
      method: "POST",
      url: `/api/articles/${article.id}/rate`,
      headers: { origin: TEST_ORIGIN, cookie: other.cookie },
      payload: { rating: 4 },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/bookmarks",
      headers: { origin: TEST_ORIGIN, cookie: other.cookie },
      payload: { articleId: article.id },
    });
    expect((await call("DELETE", `/api/articles/${article.id}`, owner.cookie)).statusCode).toBe(200);
    expect(await t.database.db.select().from(ratings).where(eq(ratings.articleId, article.id))).toEqual([]);
    expect(await t.database.db.select().from(bookmarks).where(eq(bookmarks.articleId, article.id))).toEqual([]);
    const limits = (await call("GET", "/api/user/limits", owner.cookie)).json();
    expect(limits.remaining).toBe(1);
  });
});

describe("receipts", () => {
  const VIDEO = "dQw4w9WgXcQ";
  const at = (t: number) => `https://www.youtube.com/watch?v=${VIDEO}&t=${t}s`;
  const markdown = [
    `## The plan [0:30](${at(30)})`,
    "",
    `"We start small," Ada said ([1:15](${at(75)})).`,
    "",
    `## What went wrong [2:00](${at(120)})`,
    "",
    `"Nobody read the logs," she admitted ([2:05](${at(125)})).`,
  ].join("\n");
  const evidence = articleEvidence({
    quotes: [
      { text: "We start small,", source: "transcript", start: 75, end: 77, speaker: "Ada" },
      { text: "Nobody read the logs,", source: "transcript", start: 125, end: 128, speaker: null },
    ],
    sections: [
      { heading: "The plan", start: 30 },
      { heading: "What went wrong", start: 120 },
    ],
    moments: 4,
  });
  const seedWithReceipts = () =>
    seedArticle(t.database, owner.user.id, { title: "Receipts", contentMarkdown: markdown, evidence });

  it("answers them with the article, not with list cards", async () => {
    const article = await seedWithReceipts();
    const one = await call("GET", `/api/articles/${article.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().evidence).toEqual(evidence);
    const feed = await call("GET", "/api/articles");
    expect(feed.statusCode).toBe(200);
    const cards = feed.json() as Record<string, unknown>[];
    expect(cards.some((card) => card.id === article.id)).toBe(true);
    expect(cards.every((card) => !("evidence" in card))).toBe(true);
    const mine = (await call("GET", "/api/user/articles", owner.cookie)).json() as Record<string, unknown>[];
    expect(mine.every((a) => !("evidence" in a))).toBe(true);
  });

  it("answers null for an article without receipts or with a stored value that no longer fits", async () => {
    const plain = await seedArticle(t.database, owner.user.id);
    expect((await call("GET", `/api/articles/${plain.id}`)).json().evidence).toBeNull();
    const broken = await seedArticle(t.database, owner.user.id, { evidence: { quotes: "many" } });
    const response = await call("GET", `/api/articles/${broken.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().evidence).toBeNull();
  });

  it("keeps only what an owner's edit left in the text, and says it was edited", async () => {
    const article = await seedWithReceipts();
    const content = markdown
      .replace(`"Nobody read the logs," she admitted`, "The logs went unread")
      .replace(` ([2:05](${at(125)}))`, "");
    const response = await call("PUT", `/api/articles/${article.id}`, owner.cookie, { title: "Receipts", content });
    expect(response.statusCode, response.body).toBe(200);
    const refreshed = response.json().evidence as ArticleEvidence;
    expect(refreshed.editedAfterCheck).toBe(true);
    expect(refreshed.quotes.map((q) => q.text)).toEqual(["We start small,"]);
    expect(refreshed.sections).toEqual(evidence.sections);
    expect(refreshed.moments).toBe(3);
    expect((await stored(article.id)).evidence).toEqual(refreshed);
  });

  it("leaves them alone when the text does not change (a title-only edit)", async () => {
    const article = await seedWithReceipts();
    const response = await call("PUT", `/api/articles/${article.id}`, owner.cookie, {
      title: "A better title",
      content: markdown,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe("A better title");
    expect(response.json().evidence).toEqual(evidence);
    const retitled = await call("PUT", `/api/admin/articles/${article.id}`, admin.cookie, { title: "Admin title" });
    expect(retitled.json().evidence).toEqual(evidence);
  });

  it("refreshes them on an admin's content edit too", async () => {
    const article = await seedWithReceipts();
    const content = markdown.replace("## What went wrong", "What went wrong");
    const response = await call("PUT", `/api/admin/articles/${article.id}`, admin.cookie, { content });
    expect(response.statusCode, response.body).toBe(200);
    const refreshed = response.json().evidence as ArticleEvidence;
    expect(refreshed.editedAfterCheck).toBe(true);
    expect(refreshed.sections.map((s) => s.heading)).toEqual(["The plan"]);
    expect(refreshed.quotes).toHaveLength(2);
  });
});
