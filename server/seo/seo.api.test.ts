import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { seedArticle, seedAuthor, setArticle } from "../../test/factories";
import type { ArticleRow } from "../db/schema";
import type { PageRenderer } from "../pages/routes";
import { RSS_ITEMS, seoRoutes } from "./routes";

const stubRenderer: PageRenderer = { render: async () => "<!doctype html><p>page</p>" };

const config = { publicUrl: new URL(TEST_ORIGIN) };
let t: TestApp;
let closeDatabase: () => Promise<void>;
const seeded: ArticleRow[] = [];
beforeAll(async () => {
  const database = await createTestDatabase();
  closeDatabase = () => database.close();
  t = await createTestApp(
    {},
    {
      database,
      pages: stubRenderer,
      // Until server/app.ts registers the plugin itself, the test does.
      beforeReady: async (app) => {
        if (!app.hasRoute({ method: "GET", url: "/robots.txt" })) {
          await app.register(seoRoutes, { db: database.db, config });
        }
      },
    },
  );
  const author = await seedAuthor(t.database, { firstName: "Yaw", lastName: "<Boateng> & Sons" });
  for (let i = 0; i < RSS_ITEMS + 5; i++) {
    const row = await seedArticle(t.database, author.id, { title: `Article ${i}` });
    await setArticle(t.database, row.id, { createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) });
    seeded.push({ ...row, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) });
  }
});
afterAll(async () => {
  await t?.close();
  await closeDatabase?.();
});

describe("GET /robots.txt", () => {
  it("allows everything public, keeps crawlers out of the API and private pages, and links the sitemap", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = response.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of [
      "/api/",
      "/profile",
      "/my-articles",
      "/settings",
      "/subscription",
      "/admin",
      "/payment/success",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /article/");
    expect(lines).toContain("Sitemap: http://localhost:5000/sitemap.xml");
  });
});

describe("GET /rss.xml", () => {
  it("lists the newest 50 articles, newest first, as RSS 2.0 with absolute links", async () => {
    const response = await t.app.inject({ method: "GET", url: "/rss.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>VidScribe</title>");
    expect(xml).toContain('<atom:link href="http://localhost:5000/rss.xml" rel="self" type="application/rss+xml" />');
    const titles = [...xml.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(50);
    expect(titles[0]).toBe(`Article ${RSS_ITEMS + 4}`);
    expect(titles.at(-1)).toBe("Article 5");
    const newest = seeded.at(-1) as ArticleRow;
    expect(xml).toContain(`<link>http://localhost:5000/article/${newest.slug}</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">http://localhost:5000/article/${newest.slug}</guid>`);
    expect(xml).toContain(`<pubDate>${newest.createdAt.toUTCString()}</pubDate>`);
    // Author names and bodies are escaped, never raw markup.
    expect(xml).toContain("<dc:creator>Yaw &lt;Boateng&gt; &amp; Sons</dc:creator>");
    expect(xml).toContain("<content:encoded>&lt;p&gt;This is the body of");
  });

  it("stays well-formed whatever a title holds", async () => {
    const author = await seedAuthor(t.database);
    const hostile = await seedArticle(t.database, author.id, {
      title: "]]></title><script>alert(1)</script>\u0001\u0008 & done",
    });
    await setArticle(t.database, hostile.id, { createdAt: new Date(Date.UTC(2030, 0, 1)) });
    const xml = (await t.app.inject({ method: "GET", url: "/rss.xml" })).body;
    expect(xml).toContain("<item><title>]]&gt;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; done</title>");
    expect(xml.includes("\u0001") || xml.includes("\u0008")).toBe(false);
    await setArticle(t.database, hostile.id, { createdAt: new Date(Date.UTC(2000, 0, 1)) });
  });
});

describe("GET /sitemap.xml", () => {
  it("lists the home page and every article with its last change", async () => {
    const response = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = response.body;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>http://localhost:5000/</loc></url>");
    for (const article of seeded) {
      expect(xml).toContain(
        `<url><loc>http://localhost:5000/article/${article.slug}</loc><lastmod>${article.updatedAt.toISOString()}</lastmod></url>`,
      );
    }
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("wins over the page catch-all, which still answers everything else", async () => {
    expect((await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body).not.toContain("<p>page</p>");
    expect((await t.app.inject({ method: "GET", url: "/sitemap-x.xml" })).statusCode).toBe(404);
  });
});

describe("a site too large for one sitemap", () => {
  let small: FastifyInstance;
  beforeAll(async () => {
    // Two articles a file stands in for 49,000: the same code path without 100,000 rows.
    small = Fastify();
    await small.register(seoRoutes, { db: t.database.db, config, articlesPerSitemap: 20 });
    await small.ready();
  });
  afterAll(() => small?.close());

  it("answers a sitemap index whose files together list every article exactly once", async () => {
    const index = await small.inject({ method: "GET", url: "/sitemap.xml" });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(files[0]).toBe("http://localhost:5000/sitemap-0.xml");
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(index.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);

    const listed: string[] = [];
    for (const file of files) {
      const response = await small.inject({ method: "GET", url: new URL(file).pathname });
      expect(response.statusCode).toBe(200);
      const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      // Besides the articles, the first file lists the pages (home, browse, topics, authors: issue 19).
      expect(locs.filter((loc) => loc.includes("/article/")).length).toBeLessThanOrEqual(20);
      if (file !== files[0]) expect(locs.every((loc) => loc.includes("/article/"))).toBe(true);
      listed.push(...locs);
    }
    expect(listed.filter((loc) => loc === "http://localhost:5000/")).toHaveLength(1);
    const articles = listed.filter((loc) => loc.includes("/article/"));
    expect(new Set(articles).size).toBe(articles.length);
    for (const article of seeded) expect(articles).toContain(`http://localhost:5000/article/${article.slug}`);
  });
});
