import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CONTENT_LENGTH } from "../../contract/options";
import { createAppWithAdmin } from "../../test/admin";
import { type RegisteredUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { articleEvidence, seedArticle } from "../../test/factories";
import { PATHOLOGICAL_MARKDOWN } from "../../test/pathological-markdown";
import { articles } from "../db/schema";

/**
 * Issue 15, item 1: the worst bodies an author can send, at the content cap, through the owner's
 * and the admin's edit. Each answers 200 with a bounded body (never a 500 from a stack overflow,
 * never a freeze); one character over the cap is a 400 that names it.
 */
let t: TestApp;
let owner: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  ({ t, owner, admin } = await createAppWithAdmin());
});
afterAll(() => t?.close());

const evidence = articleEvidence();

const put = (url: string, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url, headers: { origin: TEST_ORIGIN, cookie }, payload });

describe("pathological article bodies", () => {
  // The slowest of the corpus before issue 15 (seconds to minutes, or a 500).
  const cases = [
    "[> runs",
    "< runs",
    "_a emphasis",
    "*_ mixed",
    "> nesting",
    "list quote mix",
    "list lines deeper",
    "a_ run",
    "1-2. run",
  ];

  it.each(cases)("an owner's edit of %s at the cap answers 200", async (name) => {
    const content = PATHOLOGICAL_MARKDOWN[name](MAX_CONTENT_LENGTH);
    const article = await seedArticle(t.database, owner.user.id, { evidence });
    const response = await put(`/api/articles/${article.id}`, owner.cookie, { title: "Worst case", content });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const [row] = await t.database.db.select().from(articles).where(eq(articles.id, article.id));
    expect(row.contentMarkdown).toBe(content);
    expect(row.contentHtml.length).toBeLessThan(content.length * 12 + 1_000);
    expect(row.wordCount).toBeLessThanOrEqual(content.length);
    expect(response.json().evidence.editedAfterCheck).toBe(true);
  });

  it("an admin's edit of deep quotes answers 200 with at most 20 levels", async () => {
    const article = await seedArticle(t.database, owner.user.id);
    const content = `${"> ".repeat(MAX_CONTENT_LENGTH / 2 - 10)}deep`;
    const response = await put(`/api/admin/articles/${article.id}`, admin.cookie, { content });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const [row] = await t.database.db.select().from(articles).where(eq(articles.id, article.id));
    expect((row.contentHtml.match(/<blockquote>/g) ?? []).length).toBe(20);
  });

  it("one character over the cap is a 400 that says the cap", async () => {
    const article = await seedArticle(t.database, owner.user.id);
    const content = "a".repeat(MAX_CONTENT_LENGTH + 1);
    for (const [url, cookie, payload] of [
      [`/api/articles/${article.id}`, owner.cookie, { title: "Too long", content }],
      [`/api/admin/articles/${article.id}`, admin.cookie, { content }],
    ] as const) {
      const response = await put(url, cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Content must be at most 50,000 characters");
    }
  });
});
