import { brotliDecompressSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { seedArticle } from "../../test/factories";
import { viewCounter } from "../articles/views";
import { articles } from "../db/schema";
import { fillTemplate, type PageRenderer } from "./routes";

// Signed-out visitors' pages come from a short-lived cache: these tests count renders with a
// renderer that writes the preloaded article's title and views into the page.
const TEMPLATE = `<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>`;
const renders: string[] = [];
const renderer: PageRenderer = {
  async render({ url, head, queries }) {
    renders.push(url);
    const article = queries.find((q) => String(q.queryKey[0]).startsWith("/api/articles/"))?.data as
      | { title: string; viewCount: number }
      | null
      | undefined;
    const appHtml = article ? `<h1>${article.title}</h1><p>${article.viewCount} views</p>` : "<p>page</p>";
    return fillTemplate(TEMPLATE, { head, appHtml, queries });
  },
};

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp({}, { pages: renderer });
  owner = await registerUser(t.app);
});
afterAll(() => t?.close());

const visit = (url: string, agent: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { "user-agent": agent, ...headers } });
const storedViews = async (id: number) => {
  await viewCounter(t.database.db).settled();
  return (await t.database.db.select({ n: articles.viewCount }).from(articles).where(eq(articles.id, id)))[0].n;
};

describe("pages for signed-out visitors", () => {
  it("render an article once for many readers and still count every reader once", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Cached article" });
    renders.length = 0;
    const first = await visit(`/article/${article.slug}`, "reader-one");
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("<h1>Cached article</h1>");
    const again = await visit(`/article/${article.slug}?utm_source=x`, "reader-two");
    expect(again.body).toBe(first.body);
    await visit(`/article/${article.slug}`, "reader-one");
    expect(renders).toHaveLength(1);
    // Two readers, whatever the page showed: the count is the database's.
    expect(await storedViews(article.id)).toBe(2);
    expect(first.headers["cache-control"]).toBe("private, no-store");
  });

  it("show the owner's edit at once", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Before" });
    expect((await visit(`/article/${article.slug}`, "reader")).body).toContain("<h1>Before</h1>");
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/articles/${article.id}`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: { title: "After", content: "New body." },
    });
    expect(edited.statusCode).toBe(200);
    const page = await visit(`/article/${article.slug}`, "reader");
    expect(page.body).toContain("<h1>After</h1>");
  });

  it("cache a missing article's 404 too, until one is written", async () => {
    const missing = await visit("/article/not-written-yet", "reader");
    expect(missing.statusCode).toBe(404);
    expect((await visit("/article/not-written-yet", "reader")).statusCode).toBe(404);
  });

  it("render signed-in pages every time, with the reader's own data", async () => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Signed in" });
    renders.length = 0;
    await visit(`/article/${article.slug}`, "browser", { cookie: owner.cookie });
    const page = await visit(`/article/${article.slug}`, "browser", { cookie: owner.cookie });
    expect(renders).toHaveLength(2);
    expect(page.body).toContain(owner.user.email);
  });

  it("cache other pages per address, query string included", async () => {
    renders.length = 0;
    await visit("/login", "a");
    await visit("/login", "b");
    await visit("/payment/success?reference=one", "a");
    await visit("/payment/success?reference=two", "a");
    expect(renders).toEqual(["/login", "/payment/success?reference=one", "/payment/success?reference=two"]);
  });

  it("send the cached page compressed when the browser accepts it", async () => {
    const article = await seedArticle(t.database, owner.user.id, {
      title: "Compressed",
      contentText: "x ".repeat(2000),
    });
    const page = await visit(`/article/${article.slug}`, "reader", { "accept-encoding": "gzip, br" });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain("<h1>Compressed</h1>");
  });
});
