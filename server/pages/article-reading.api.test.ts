import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relatedQueryKey } from "../../contract/article-reading";
import { relatedResponse } from "../../contract/related";
import { createTestApp, type RegisteredUser, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { longMarkdown, seedArticle, seedAuthor, setArticle } from "../../test/factories";
import { testPageRenderer } from "../../test/page-renderer";
import type { PreloadedQuery } from "./routes";

// The article page's reading aids in the first HTML (issue 19), rendered by the real React
// server render: reading time, the table of contents, related articles, the author's previous
// and next, and stars the author sees but cannot press. All of it works without scripts.
const renderer = testPageRenderer();

let t: TestApp;
let writer: RegisteredUser;
let long: { id: number; slug: string };
let relatedOne: { id: number; slug: string };
let unrelated: { id: number; slug: string };
let earlier: { id: number; slug: string };
beforeAll(async () => {
  t = await createTestApp({}, { pages: renderer });
  writer = await registerUser(t.app, { firstName: "Abena", lastName: "Writer" });
  const other = await seedAuthor(t.database);
  earlier = await seedArticle(t.database, writer.user.id, {
    title: "An earlier piece",
    category: "Lifestyle",
    tags: [],
  });
  await setArticle(t.database, earlier.id, { createdAt: new Date("2024-01-01T00:00:00Z") });
  long = await seedArticle(t.database, writer.user.id, {
    title: "Sourdough from scratch",
    category: "Food",
    tags: ["sourdough"],
  });
  const edit = await t.app.inject({
    method: "PUT",
    url: `/api/articles/${long.id}`,
    headers: { cookie: writer.cookie, origin: TEST_ORIGIN },
    payload: {
      title: "Sourdough from scratch",
      content: longMarkdown(["The starter", "Shaping the loaf", "Baking day"], 1200),
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  relatedOne = await seedArticle(t.database, other.id, {
    title: "Feeding a starter",
    category: "Science",
    tags: ["Sourdough"],
  });
  unrelated = await seedArticle(t.database, other.id, {
    title: "Chip design",
    category: "Technology",
    tags: ["chips"],
  });
});
afterAll(() => t?.close());

const page = async (url: string, cookie?: string) => {
  const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.body;
};

function appData(html: string): PreloadedQuery[] {
  const match = /<script id="__APP_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no app data in the page");
  return JSON.parse(match[1]).queries;
}

describe("the article page", () => {
  it("shows the reading time, a table of contents linking to the headings, related articles and the author's previous", async () => {
    const html = await page(`/article/${long.slug}`);
    expect(html).toMatch(/data-testid="reading-time"[^>]*>.*?5<!-- --> min read/s);
    // The contents: plain links to the headings' ids, in a disclosure on phones and a sidebar on wide screens.
    expect(html).toContain('aria-label="Contents"');
    expect(html).toContain('data-testid="contents-sidebar"');
    for (const id of ["section-the-starter", "section-shaping-the-loaf", "section-baking-day"]) {
      expect(html).toContain(`href="#${id}"`);
      expect(html).toContain(`<h2 id="${id}">`);
    }
    expect(html).toContain("Related articles");
    expect(html).toContain(`href="/article/${relatedOne.slug}"`);
    expect(html).not.toContain(`href="/article/${unrelated.slug}"`);
    const previousLink = /<a [^>]*data-testid="author-previous"[^>]*>/.exec(html)?.[0] ?? "";
    expect(previousLink).toContain(`href="/article/${earlier.slug}"`);
    expect(previousLink).toContain('rel="prev"');
    expect(html).not.toContain('data-testid="author-next"');
    // What the page was rendered with is what the API answers.
    const preloaded = appData(html).find((q) => q.queryKey[0] === relatedQueryKey(long.id)[0]);
    expect(relatedResponse.parse(preloaded?.data).related.map((a) => a.id)).toEqual([relatedOne.id]);
    const api = await t.app.inject({ method: "GET", url: `/api/articles/${long.id}/related` });
    expect(api.json()).toEqual(preloaded?.data);
  });

  it("has no table of contents for a short article", async () => {
    const html = await page(`/article/${relatedOne.slug}`);
    expect(html).toContain("min read");
    expect(html).not.toContain('aria-label="Contents"');
  });

  it("offers readers the rating form, and shows the author the stars with nothing to press", async () => {
    const reader = await registerUser(t.app);
    const asReader = await page(`/article/${long.slug}`, reader.cookie);
    expect(asReader).toContain('name="rating"');
    expect(asReader).toContain('aria-label="Rate this article"');

    const asAuthor = await page(`/article/${long.slug}`, writer.cookie);
    expect(asAuthor).toContain('data-testid="own-article-rating"');
    expect(asAuthor).not.toContain('name="rating"');
    expect(asAuthor).not.toContain("Rate this article");
    expect(asAuthor).toMatch(/role="img" aria-label="Rated 0.0 out of 5"/);
  });
});
