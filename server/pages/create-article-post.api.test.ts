import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateArticleAnswer } from "../../contract/article-forms";
import { createTestApp, registerUser, type TestApp } from "../../test/app";
import { FIXTURES } from "../../test/fixtures";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";
import { articles, users } from "../db/schema";

// The Create New Article dialog posted as a browser without JavaScript posts it: url-encoded,
// with our Origin, the reference boxes named as the dialog's form library names them. The
// renderer writes down the URL and queries it was handed, so these tests read the dialog's answer.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer, generation: {} });
});
afterAll(() => t?.close());

const post = (fields: Array<[string, string]>, cookie?: string, headers: Record<string, string> = {}) =>
  postForm(t.app, "/", fields, { cookie, headers });
const rendered = renderedPage;
const answerIn = (body: string) => formAnswerIn<CreateArticleAnswer>(body, "create-article");

const videoUrl = () => `https://www.youtube.com/watch?v=${FIXTURES.rich()}`;
const form = (overrides: Record<string, string> = {}): Array<[string, string]> => {
  const fields: Record<string, string> = {
    intent: "create",
    key: "",
    youtubeUrl: videoUrl(),
    style: "blog",
    length: "short",
    tone: "informative",
    category: "Technology",
    language: "video",
    "referenceArticles.0.text": "",
    includeComments: "on",
    transcript: "",
    ...overrides,
  };
  return Object.entries(fields);
};
const articlesOf = async (userId: string) => t.database.db.select().from(articles).where(eq(articles.userId, userId));

describe("the create dialog without JavaScript", () => {
  it("opens at /?create=1 with a request key for its post", async () => {
    const { cookie } = await registerUser(t.app);
    const page = await t.app.inject({ url: "/?create=1", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(answerIn(page.body).key).toMatch(/^[a-f0-9]{32}$/);
    // Without the parameter the home page carries no create answer.
    const home = await t.app.inject({ url: "/", headers: { cookie } });
    expect(() => answerIn(home.body)).toThrow();
  });

  it("creates the article and redirects to it", async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await post(form({ key: "no-js-key-0001" }), cookie);
    expect(response.statusCode, response.body).toBe(303);
    const [article] = await articlesOf(user.id);
    expect(article).toBeDefined();
    expect(response.headers.location).toBe(`/article/${article?.slug}`);
    expect(article).toMatchObject({ style: "blog", length: "short", category: "Technology" });

    // The same post again (a reload, a double click) is the same request: one article.
    const again = await post(form({ key: "no-js-key-0001" }), cookie);
    expect(again.headers.location).toBe(response.headers.location);
    expect(await articlesOf(user.id)).toHaveLength(1);
  });

  it("learns a custom style from the reference boxes as the dialog names them", async () => {
    const { cookie, user } = await registerUser(t.app);
    const reference =
      "Short lines. Plain words. Each sentence does one job. The reader never waits. That is the whole style, kept on purpose.";
    const response = await post(
      form({ style: "custom", "referenceArticles.0.text": reference, "referenceArticles.1.text": "" }),
      cookie,
    );
    expect(response.statusCode, response.body).toBe(303);
    const [article] = await articlesOf(user.id);
    expect(article?.style).toBe("custom");
  });

  it("answers a problem with the dialog again: what was typed, the sentence and a fresh key", async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await post(
      form({ youtubeUrl: "https://example.com/watch?v=abc", tone: "formal", key: "spent-key-0001" }),
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(rendered(response.body).url).toBe("/?create=1");
    const answer = answerIn(response.body);
    expect(answer.error).toEqual({ title: "Error creating article", description: "Please enter a valid YouTube URL" });
    expect(answer.values).toMatchObject({ youtubeUrl: "https://example.com/watch?v=abc", tone: "formal" });
    expect(answer.key).not.toBe("spent-key-0001");

    const custom = answerIn((await post(form({ style: "custom" }), cookie)).body);
    expect(custom.error?.description).toMatch(/reference article/i);
    const unticked = form({ youtubeUrl: "" }).filter(([name]) => name !== "includeComments");
    const noComments = await post(unticked, cookie);
    expect(answerIn(noComments.body).values?.includeComments).toBe(false);
    expect(await articlesOf(user.id)).toHaveLength(0);
  });

  it("shows the article limit in the dialog (403), not as a bare error", async () => {
    const { cookie, user } = await registerUser(t.app);
    await t.database.db.update(users).set({ articlesGenerated: 3 }).where(eq(users.id, user.id));
    const response = await post(form(), cookie);
    expect(response.statusCode).toBe(403);
    expect(answerIn(response.body).error?.description).toMatch(/limit of 3 articles/);
  });

  it("sends visitors to sign in, refuses other sites, and answers bad input with a 4xx page", async () => {
    const visitor = await post(form());
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe("/login");

    const { cookie } = await registerUser(t.app);
    const crossSite = await post(form(), cookie, { origin: "https://evil.example" });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().message).toMatch(/another site/);

    for (const fields of [
      form({ intent: "delete" }),
      form({ youtubeUrl: `${videoUrl()}\u0000` }),
      form({ style: "poem" }),
      form({ transcript: "x".repeat(2_000_001) }),
    ]) {
      const response = await post(fields, cookie);
      expect(response.statusCode, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(answerIn(response.body).error?.description.length).toBeGreaterThan(5);
    }
  });
});
