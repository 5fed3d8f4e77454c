import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSE_PATH, feedQueryKey } from "../../contract/feed-query";
import { CATEGORIES } from "../../contract/options";
import { SITEMAP_PATHS } from "../../contract/pages";
import { SITEMAP_TAG_LIMIT } from "../../contract/topics";
import { createTestApp, registerUser, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";
import { recordingRenderer, renderedPage } from "../../test/form-posts";
import { type RenderedHead, renderHeadTags } from "../pages/head";
import { SITEMAP_AUTHOR_LIMIT } from "../seo/repository";
import { ARTICLES_PER_SITEMAP } from "../seo/routes";

/** The head a page was rendered with, as the real renderer writes it. */
const headOf = (body: string) => renderHeadTags((renderedPage(body) as unknown as { head: RenderedHead }).head);

// Issue 19, topics and public browsing: /category/{slug} and /tag/{slug} with their RSS, the
// tag filter of the feed, /browse for visitors, and the sitemap's entries for them all.

let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
  const author = await seedAuthor(t.database, { handle: "topic-writer", firstName: "Topic", lastName: "Writer" });
  const seed = async (name: string, values: Parameters<typeof seedArticle>[2]) => {
    ids[name] = (await seedArticle(t.database, author.id, values)).id;
  };
  await seed("ml1", { title: "Machine learning one", tags: ["Machine Learning"], category: "Science" });
  await seed("ml2", { title: "Machine learning two", tags: ["misc", "machine-learning"], category: "Science" });
  await seed("xss", {
    title: `<script>alert("x")</script> & friends`,
    tags: ["Machine  Learning!"],
    category: "Science",
  });
  // Words of the slug present, but not as one tag: never on the tag's page.
  await seed("near", { title: "Machine notes", tags: ["machine", "learning"], category: "Technology" });
  await seed("more", { title: "Machine learnings", tags: ["machine-learnings"], category: "Technology" });
  await seed("cpp", { title: "C plus plus", tags: ["C++", "日本"], category: "Technology" });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const itemIds = (xml: string) =>
  [...xml.matchAll(/<link>http:\/\/localhost:5000\/article\/([^<]+)<\/link>/g)].map((m) => m[1]);

/** Every tag closed in order, and no bare '<' or '&' in text: the document is well-formed XML. */
function expectWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, "");
  const stack: string[] = [];
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)([^<>]*?)(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos);)/g)) {
    if (match[0] === "<" || match[0] === "&") throw new Error(`bare ${match[0]} at ${match.index}`);
    const [, closing, name, , selfClosing] = match;
    if (selfClosing) continue;
    if (closing) expect(stack.pop(), `closing ${name}`).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
}

describe("the tag filter and /tag/{slug}", () => {
  it("finds every spelling of a tag by its slug, and nothing else", async () => {
    const response = await get("/api/articles?tag=machine-learning");
    expect(response.statusCode).toBe(200);
    const found = response.json().map((a: { id: number }) => a.id);
    expect(found.sort()).toEqual([ids.ml1, ids.ml2, ids.xss].sort());
    expect((await get("/api/articles?tag=c")).json().map((a: { id: number }) => a.id)).toEqual([ids.cpp]);
    expect((await get("/api/articles?tag=no-such-tag")).json()).toEqual([]);
    // Not a slug at all (wildcards, spaces): nothing, never an error.
    expect((await get("/api/articles?tag=%25")).json()).toEqual([]);
    expect((await get("/api/articles?tag=a_b")).json()).toEqual([]);
    expect((await get(`/api/articles?tag=${"a".repeat(101)}`)).statusCode).toBe(400);
  });

  it("renders a known tag's page with its articles, newest first, its title and RSS link", async () => {
    const response = await get("/tag/machine-learning");
    expect(response.statusCode).toBe(200);
    const key = feedQueryKey({ tag: "machine-learning", sortBy: "latest", page: 1 });
    const feed = renderedPage(response.body).queries.find((q) => q.queryKey[0] === key[0]);
    const shown = (feed?.data as { articles: Array<{ id: number }> } | undefined)?.articles.map((a) => a.id);
    expect(shown).toEqual([ids.xss, ids.ml2, ids.ml1]);
    const head = headOf(response.body);
    expect(head).toMatch(
      /<title>#(Machine Learning|machine-learning|Machine {2}Learning!): articles \| VidScribe<\/title>/,
    );
    expect(head).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="#[^"]+ \| VidScribe" href="http:\/\/localhost:5000\/tag\/machine-learning\/rss.xml" \/>/,
    );
  });

  it("is the 404 page for a tag no article carries, or a slug that cannot be one", async () => {
    expect((await get("/tag/never-used")).statusCode).toBe(404);
    expect((await get("/tag/Bad%20Slug")).statusCode).toBe(404);
    expect((await get("/tag/%25")).statusCode).toBe(404);
  });
});

describe("/category/{slug}", () => {
  it("lists the category's articles; a known empty category is a page that says so; an unknown one a 404", async () => {
    const science = await get("/category/science");
    expect(science.statusCode).toBe(200);
    const key = feedQueryKey({ category: "Science", sortBy: "latest", page: 1 });
    const feed = renderedPage(science.body).queries.find((q) => q.queryKey[0] === key[0]);
    expect((feed?.data as { articles: unknown[] } | undefined)?.articles).toHaveLength(3);
    expect(headOf(science.body)).toContain("<title>Science: articles | VidScribe</title>");

    const empty = await get("/category/politics");
    expect(empty.statusCode).toBe(200);
    const emptyKey = feedQueryKey({ category: "Politics", sortBy: "latest", page: 1 });
    const none = renderedPage(empty.body).queries.find((q) => q.queryKey[0] === emptyKey[0]);
    expect(none?.data).toEqual({ articles: [], hasMore: false });

    expect((await get("/category/cooking")).statusCode).toBe(404);
  });
});

describe("a topic's RSS", () => {
  it("is well-formed RSS of only that tag's articles, untrusted titles escaped", async () => {
    const response = await get("/tag/machine-learning/rss.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = response.body;
    expectWellFormed(xml);
    expect(xml).toContain('<atom:link href="http://localhost:5000/tag/machine-learning/rss.xml" rel="self"');
    expect(xml).toContain("<link>http://localhost:5000/tag/machine-learning</link>");
    expect(itemIds(xml)).toHaveLength(3);
    expect(xml).not.toContain("<script>");
    expect(xml).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; friends");
    expect(xml).not.toContain("Machine notes");
  });

  it("is well-formed RSS of only that category's articles; an unknown topic is a 404", async () => {
    const response = await get("/category/technology/rss.xml");
    expect(response.statusCode).toBe(200);
    expectWellFormed(response.body);
    expect(response.body).toContain("<title>Technology | VidScribe</title>");
    expect(itemIds(response.body)).toHaveLength(3);
    expect(response.body).not.toContain("Machine learning one");
    expect((await get("/category/politics/rss.xml")).statusCode).toBe(200);
    expect((await get("/category/cooking/rss.xml")).statusCode).toBe(404);
    expect((await get("/tag/never-used/rss.xml")).statusCode).toBe(404);
    expect((await get("/tag/%3Cx%3E/rss.xml")).statusCode).toBe(404);
  });
});

describe("/browse", () => {
  it("shows visitors the feed the address asks for, cached, with search and filters", async () => {
    const response = await get(BROWSE_PATH);
    expect(response.statusCode).toBe(200);
    const page = renderedPage(response.body);
    const key = feedQueryKey({ page: 1 });
    expect(page.queries.some((q) => q.queryKey[0] === key[0])).toBe(true);
    expect(page.queries.some((q) => q.queryKey[0] === "/api/stats")).toBe(true);
    expect(headOf(response.body)).toContain("<title>Browse Articles | VidScribe</title>");

    const searched = await get(`${BROWSE_PATH}?search=learning&category=Science`);
    const searchKey = feedQueryKey({ search: "learning", category: "Science", page: 1 });
    const feed = renderedPage(searched.body).queries.find((q) => q.queryKey[0] === searchKey[0]);
    expect((feed?.data as { articles: unknown[] } | undefined)?.articles.length ?? 0).toBeGreaterThan(0);

    // The visitor's page comes from the page cache: a second ask is the same bytes.
    const again = await get(BROWSE_PATH);
    expect(again.body).toBe(response.body);
  });

  it("is in the access matrix of pages: anyone may browse, authors and topics alike", async () => {
    const user = await registerUser(t.app);
    for (const url of [BROWSE_PATH, "/u/topic-writer", "/category/science", "/tag/machine-learning"]) {
      for (const cookie of [undefined, user.cookie]) expect((await get(url, cookie)).statusCode, url).toBe(200);
    }
    for (const url of ["/category/science/rss.xml", "/tag/machine-learning/rss.xml"]) {
      for (const cookie of [undefined, user.cookie]) expect((await get(url, cookie)).statusCode, url).toBe(200);
    }
  });
});

describe("the sitemap", () => {
  it("lists /browse, every category, the used tags and the authors", async () => {
    const xml = (await get("/sitemap.xml")).body;
    expectWellFormed(xml);
    for (const path of [
      "/browse",
      "/category/science",
      "/category/politics",
      "/tag/machine-learning",
      "/tag/c",
      "/u/topic-writer",
    ]) {
      expect(xml, path).toContain(`<loc>http://localhost:5000${path}</loc>`);
    }
    // Tags without an ASCII letter or digit have no page.
    expect(xml).not.toContain("<loc>http://localhost:5000/tag/</loc>");
    // The first file has room for them all beside its articles (the protocol's 50,000 URLs).
    const pages = SITEMAP_PATHS.length + CATEGORIES.length + SITEMAP_TAG_LIMIT + SITEMAP_AUTHOR_LIMIT;
    expect(ARTICLES_PER_SITEMAP + pages).toBeLessThanOrEqual(50_000);
    const robots = (await get("/robots.txt")).body;
    for (const path of ["/browse", "/u/", "/tag/", "/category/"]) expect(robots).not.toContain(`Disallow: ${path}`);
  });
});
