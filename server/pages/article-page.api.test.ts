import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";
import { testPageRenderer } from "../../test/page-renderer";
import { videoCache } from "../db/schema";
import type { PreloadedQuery } from "./routes";

// The real React server render with a minimal template: these tests see the HTML a crawler
// or a share preview sees, body included, without building the web app.
const renderer = testPageRenderer();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { pages: renderer });
});
afterAll(() => t?.close());

function appData(html: string): { queries: PreloadedQuery[] } {
  const match = /<script id="__APP_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no app data in the page");
  return JSON.parse(match[1]);
}

function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)" />`).exec(html)?.[1];
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no JSON-LD in the page");
  return JSON.parse(match[1]);
}

describe("GET /article/{identifier}", () => {
  it("serves the article complete: title, body, description, canonical, Open Graph, Twitter, JSON-LD", async () => {
    const author = await seedAuthor(t.database, { firstName: "Efua", lastName: "Owusu" });
    const paragraph = `${"Pricing is the lever most founders never pull. ".repeat(5)}The rest follows.`;
    const article = await seedArticle(t.database, author.id, {
      slug: "pricing-lever",
      title: "The Pricing Lever",
      contentHtml: `<h2>Why it matters</h2><p>${paragraph}</p><p>Second paragraph with <strong>detail</strong>.</p>`,
      youtubeVideoId: "0pQ2r8VtZxE",
      youtubeUrl: "https://www.youtube.com/watch?v=0pQ2r8VtZxE",
      tags: ["pricing", "saas"],
    });
    await t.database.db.insert(videoCache).values({
      videoId: "0pQ2r8VtZxE",
      data: {
        id: "0pQ2r8VtZxE",
        title: "How to Price",
        description: "A talk.",
        publishedAt: "2025-01-21T13:00:00Z",
        durationSeconds: 1131,
      },
    });

    const response = await t.app.inject({ method: "GET", url: "/article/pricing-lever" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;

    expect(html).toContain("<title>The Pricing Lever | VidScribe</title>");
    const description = meta(html, "description") ?? "";
    expect(description.endsWith("…")).toBe(true);
    expect(description.length).toBeLessThanOrEqual(161);
    expect(paragraph.startsWith(description.slice(0, -1))).toBe(true);
    expect(html).toContain('<link rel="canonical" href="http://localhost:5000/article/pricing-lever" />');
    expect(meta(html, "og:type")).toBe("article");
    expect(meta(html, "og:title")).toBe("The Pricing Lever");
    expect(meta(html, "og:description")).toBe(description);
    expect(meta(html, "og:url")).toBe("http://localhost:5000/article/pricing-lever");
    expect(meta(html, "og:image")).toBe("https://i.ytimg.com/vi/0pQ2r8VtZxE/maxresdefault.jpg");
    expect(meta(html, "og:site_name")).toBe("VidScribe");
    expect(meta(html, "article:published_time")).toBe(article.createdAt.toISOString());
    expect(meta(html, "twitter:card")).toBe("summary_large_image");

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      "@type": "Article",
      headline: "The Pricing Lever",
      author: { "@type": "Person", name: "Efua Owusu" },
      isBasedOn: { "@type": "VideoObject", name: "How to Price", uploadDate: "2025-01-21T13:00:00.000Z" },
    });

    // The body, the byline and the page's controls are in the HTML itself, not added by scripts.
    expect(html).toContain("<h1");
    expect(html).toContain("The Pricing Lever</h1>");
    expect(html).toContain("Second paragraph with <strong>detail</strong>.");
    expect(html).toContain("Efua Owusu");
    expect(html).toContain("Watch Original Video");
    // Each tag links to its page (issue 19).
    expect(html).toContain('<a href="/tag/pricing" class="relative z-10 hover:underline">#pricing</a>');
    expect(html).toContain("Copy Link");
  });

  it("counts the read once per visitor and preloads the article with the new count", async () => {
    const author = await seedAuthor(t.database);
    const article = await seedArticle(t.database, author.id);
    const first = await t.app.inject({ method: "GET", url: `/article/${article.slug}` });
    const cookie = first.cookies.find((c) => c.name === "vid");
    expect(cookie).toBeDefined();
    const preloaded = appData(first.body).queries.find((q) => q.queryKey[0] === `/api/articles/slug/${article.slug}`);
    expect(preloaded?.data).toMatchObject({ id: article.id, viewCount: 1, views: 1 });

    const again = await t.app.inject({
      method: "GET",
      url: `/article/${article.slug}`,
      cookies: { vid: cookie?.value ?? "" },
    });
    const data = appData(again.body).queries.find((q) => q.queryKey[0] === `/api/articles/slug/${article.slug}`);
    expect(data?.data).toMatchObject({ viewCount: 1 });
  });

  it("loads a numeric identifier by id, under the id's query key", async () => {
    const author = await seedAuthor(t.database);
    const article = await seedArticle(t.database, author.id, { title: "Found by id" });
    const response = await t.app.inject({ method: "GET", url: `/article/${article.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Found by id | VidScribe</title>");
    // The canonical address is the slug's, whichever way the page was reached.
    expect(response.body).toContain(`<link rel="canonical" href="http://localhost:5000/article/${article.slug}" />`);
    expect(appData(response.body).queries.map((q) => q.queryKey[0])).toContain(`/api/articles/${article.id}`);
  });

  it("preloads a signed-in reader's own rating and bookmark state", async () => {
    const author = await seedAuthor(t.database);
    const article = await seedArticle(t.database, author.id);
    const { cookie } = await registerUser(t.app);
    const headers = { cookie, origin: "http://localhost:5000" };
    await t.app.inject({ method: "POST", url: `/api/articles/${article.id}/rate`, headers, payload: { rating: 4 } });
    await t.app.inject({ method: "POST", url: "/api/bookmarks", headers, payload: { articleId: article.id } });

    const response = await t.app.inject({ method: "GET", url: `/article/${article.slug}`, headers: { cookie } });
    const queries = appData(response.body).queries;
    expect(queries.find((q) => q.queryKey[0] === `/api/articles/slug/${article.slug}`)?.data).toMatchObject({
      userRating: 4,
      avgRating: 4,
      ratingCount: 1,
    });
    expect(queries.find((q) => q.queryKey[0] === `/api/bookmarks/check/${article.id}`)?.data).toEqual({
      isBookmarked: true,
    });
    expect(response.body).toContain("Saved");
    expect(response.body).toContain("Your rating: <!-- -->4");
  });

  it("answers 404 with the not-found page for an article that does not exist", async () => {
    for (const url of ["/article/no-such-article", "/article/99999999", "/article/12345678901234"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("Article Not Found");
      expect(response.body).toContain("The article you&#x27;re looking for doesn&#x27;t exist or has been removed.");
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).not.toContain("application/ld+json");
    }
  });

  it("keeps a hostile title as text in the head, the JSON-LD and the body", async () => {
    const author = await seedAuthor(t.database);
    const title = `</title><script>alert("t")</script><!--`;
    const article = await seedArticle(t.database, author.id, { title, contentHtml: "<p>Safe body.</p>" });
    const html = (await t.app.inject({ method: "GET", url: `/article/${article.slug}` })).body;
    expect(html).not.toContain('<script>alert("t")');
    expect(html).toContain(
      "<title>&lt;/title&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;&lt;!-- | VidScribe</title>",
    );
    expect(jsonLd(html).headline).toBe(title);
  });
});

describe("GET / (signed in)", () => {
  it("preloads the first feed page for the URL's filters, the featured article and the stats", async () => {
    const author = await seedAuthor(t.database);
    await seedArticle(t.database, author.id, { title: "A business story", category: "Business" });
    const { cookie } = await registerUser(t.app, { preferredCategories: ["Technology"], preferredTopics: [] });

    const plain = appData((await t.app.inject({ method: "GET", url: "/", headers: { cookie } })).body).queries;
    const keys = plain.map((q) => q.queryKey[0]);
    // Readers with interests get 'For You' by default.
    expect(keys).toContain("/api/articles?sortBy=for_you&page=1");
    expect(keys).toContain("/api/articles/featured");
    expect(keys).toContain("/api/stats");
    const feed = plain.find((q) => q.queryKey[0] === "/api/articles?sortBy=for_you&page=1")?.data;
    const api = await t.app.inject({ method: "GET", url: "/api/articles?sortBy=for_you&page=1", headers: { cookie } });
    // The page as the web holds it: the API's array and its X-Has-More.
    expect(feed).toEqual({ articles: api.json(), hasMore: api.headers["x-has-more"] === "true" });
    expect(plain.find((q) => q.queryKey[0] === "/api/stats")?.data).toEqual(
      (await t.app.inject({ method: "GET", url: "/api/stats" })).json(),
    );

    const filtered = appData(
      (await t.app.inject({ method: "GET", url: "/?category=Business&sortBy=popular", headers: { cookie } })).body,
    ).queries;
    const page = filtered.find((q) => q.queryKey[0] === "/api/articles?category=Business&sortBy=popular&page=1");
    expect(page).toBeDefined();
    const cards = ((page?.data as { articles?: unknown[] } | undefined)?.articles ?? []) as Array<{ category: string }>;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((a) => a.category === "Business")).toBe(true);
  });

  it("preloads nothing of the feed for visitors (they see the landing page)", async () => {
    const keys = appData((await t.app.inject({ method: "GET", url: "/" })).body).queries.map((q) => q.queryKey[0]);
    expect(keys).toEqual(["/api/auth/user"]);
  });
});
