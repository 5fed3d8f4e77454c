import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_USER_KEY } from "../../contract/query-keys";
import { createTestApp, type RegisteredUser, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { seedArticle } from "../../test/factories";
import { testPageRenderer } from "../../test/page-renderer";
import { render } from "../../web/entry-server";
import type { PreloadedQuery } from "./page-data";

// Issue 20: an article page is rendered once for every reader, and each reader's request renders
// only its personal islands (the top bar, rating, bookmark, comments). What a reader gets must be
// exactly what rendering the whole page with the data it carries makes: the browser hydrates
// that data over that HTML, and any difference would be a mismatch (or another reader's state).

const renderer = testPageRenderer();
let t: TestApp;
let ama: RegisteredUser;
let kofi: RegisteredUser;
let efua: RegisteredUser;
let article: { id: number; slug: string };

async function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: object) {
  return t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, payload });
}

function pageParts(html: string): { root: string; queries: PreloadedQuery[] } {
  const root = /<div id="root">([\s\S]*)<\/div><script id="__APP_DATA__"/.exec(html)?.[1];
  const data = /<script id="__APP_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (root === undefined || data === undefined) throw new Error("not a page");
  return { root, queries: JSON.parse(data).queries };
}

/**
 * The view count is the one text allowed to differ: the shared page shows the count it was
 * rendered with, the data block this read's (the element says so to hydration).
 */
const VIEW_COUNT = /(data-testid="view-count"[^>]*>)[\s\S]*?(<\/span>)/;
const sameButViews = (html: string) => html.replace(VIEW_COUNT, "$1…$2");

/** The page as one reader gets it, and the page a whole render of its data makes. */
async function readAs(cookie?: string) {
  const response = await call("GET", `/article/${article.slug}`, cookie);
  expect(response.statusCode).toBe(200);
  const { root, queries } = pageParts(response.body);
  const whole = await render(`/article/${article.slug}`, queries);
  return { html: response.body, root: sameButViews(root), whole: sameButViews(whole.html), queries };
}

beforeAll(async () => {
  t = await createTestApp({}, { pages: renderer });
  efua = await registerUser(t.app, { firstName: "Efua", lastName: "Owusu" });
  article = await seedArticle(t.database, efua.user.id, {
    slug: "shared-page",
    title: "One page for every reader",
    contentHtml: "<h2>Why</h2><p>Rendering once is cheaper than rendering for each reader.</p>",
    tags: ["caching"],
  });
  await seedArticle(t.database, efua.user.id, { title: "A related piece on caching", tags: ["caching"] });
  ama = await registerUser(t.app, { firstName: "Ama", lastName: "Mensah" });
  kofi = await registerUser(t.app, { firstName: "Kofi", lastName: "Boateng" });
  expect((await call("POST", `/api/articles/${article.id}/rate`, ama.cookie, { rating: 4 })).statusCode).toBe(200);
  expect((await call("POST", "/api/bookmarks", ama.cookie, { articleId: article.id })).statusCode).toBeLessThan(300);
  const comment = await call("POST", `/api/articles/${article.id}/comments`, ama.cookie, { body: "Ama's own note" });
  expect(comment.statusCode).toBe(201);
});
afterAll(() => t?.close());

describe("the article page shared by its readers", () => {
  it("gives each reader exactly the page a whole render of their data makes, rendering the page once", async () => {
    const before = renderer.sharedRenders;
    const visitor = await readAs();
    const reader = await readAs(ama.cookie);
    const other = await readAs(kofi.cookie);
    // A reader in Kofi's state but for who they are: the islands that read only that state
    // are reused from Kofi's page, the top bar is their own.
    const kwame = await readAs((await registerUser(t.app, { firstName: "Yaa", lastName: "Asantewaa" })).cookie);
    for (const page of [visitor, reader, other, kwame]) expect(page.root).toBe(page.whole);
    expect(kwame.root).toContain("Open user menu, YA");
    expect(renderer.sharedRenders - before).toBe(1);
  });

  it("keeps each reader's own state to themselves", async () => {
    const reader = await readAs(ama.cookie);
    const other = await readAs(kofi.cookie);
    const visitor = await readAs();
    // Ama: her initials in the top bar, her rating, her bookmark, her comment's own controls.
    expect(reader.root).toContain("Open user menu, AM");
    expect(reader.root).toMatch(/Your rating: (<!-- -->)?4/);
    expect(reader.root).toContain("Saved");
    expect(reader.root).toMatch(/Ama&#x27;s own note/);
    expect(reader.root).toContain("Delete</button>");
    const user = reader.queries.find((query) => query.queryKey[0] === AUTH_USER_KEY[0]);
    expect(user?.data).toMatchObject({ firstName: "Ama" });
    // Kofi: his own initials, nothing of Ama's.
    expect(other.root).toContain("Open user menu, KB");
    expect(other.root).not.toContain("Your rating");
    expect(other.root).toContain("Save Article");
    expect(other.root).not.toContain("Delete</button>");
    expect(other.html).not.toContain("ama@");
    // A visitor: the sign-in links, and no reader's data at all.
    expect(visitor.root).toContain("Sign in to comment");
    expect(visitor.root).not.toContain("Open user menu");
    expect(visitor.html).not.toMatch(/"userRating":4/);
  });

  it("renders the page again after a write, so a new comment shows to everyone", async () => {
    const before = renderer.sharedRenders;
    const comment = await call("POST", `/api/articles/${article.id}/comments`, kofi.cookie, { body: "Kofi joins in" });
    expect(comment.statusCode).toBe(201);
    const visitor = await readAs();
    expect(visitor.root).toContain("Kofi joins in");
    expect(visitor.root).toBe(visitor.whole);
    expect(renderer.sharedRenders - before).toBe(1);
  });

  it("counts each read in the data while the page keeps the count it was rendered with", async () => {
    // Signed in: a visitor's whole page (data and all) is kept a minute by the page cache.
    const read = async (reader: RegisteredUser) => {
      const response = await call("GET", `/article/${article.slug}`, reader.cookie);
      const { root, queries } = pageParts(response.body);
      const data = queries.find((query) => query.queryKey[0] === `/api/articles/slug/${article.slug}`)?.data as {
        viewCount: number;
      };
      const shown = Number(/data-testid="view-count"[^>]*>[\s\S]*?(\d+)(?: views?)?</.exec(root)?.[1]);
      return { shown, counted: data.viewCount };
    };
    const first = await read(await registerUser(t.app, { firstName: "Yaw", lastName: "Asante" }));
    const second = await read(await registerUser(t.app, { firstName: "Esi", lastName: "Ofori" }));
    expect(Number.isInteger(first.shown)).toBe(true);
    expect(second.counted).toBe(first.counted + 1);
    expect(second.shown).toBe(first.shown);
    expect(second.shown).toBeLessThanOrEqual(first.counted);
  });

  it("sends a signed-in reader's page as gzip joined from kept pieces, the same page as its text", async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: "GET",
        url: `/article/${article.slug}`,
        headers: { cookie: ama.cookie, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    // A browser that prefers brotli but takes gzip gets gzip: the kept pieces are not compressed again.
    const gzipped = await get("gzip, deflate, br, zstd");
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toContain("accept-encoding");
    const text = gunzipSync(gzipped.rawPayload).toString();
    // Ama's second read within the half hour is not counted again: the two pages are the same.
    expect(text).toBe(plain.body);
    expect(text).toMatch(/Your rating: (<!-- -->)?4/);
    expect(pageParts(text).root).toContain("Open user menu, AM");
    // One that takes only brotli gets the page compressed as any other answer.
    const brotli = await get("br");
    expect(brotli.headers["content-encoding"]).toBe("br");
  });

  it("shows a reader's new bookmark and rating on their next page at once (their state is kept between pages)", async () => {
    const reader = await registerUser(t.app, { firstName: "Abena", lastName: "Darko" });
    const before = await readAs(reader.cookie);
    expect(before.root).toContain("Save Article");
    expect((await call("POST", "/api/bookmarks", reader.cookie, { articleId: article.id })).statusCode).toBeLessThan(
      300,
    );
    const saved = await readAs(reader.cookie);
    expect(saved.root).toContain("Saved");
    expect(saved.root).toBe(saved.whole);
    expect((await call("DELETE", `/api/bookmarks/${article.id}`, reader.cookie)).statusCode).toBeLessThan(300);
    expect((await readAs(reader.cookie)).root).toContain("Save Article");
    expect((await call("POST", `/api/articles/${article.id}/rate`, reader.cookie, { rating: 2 })).statusCode).toBe(200);
    const rated = await readAs(reader.cookie);
    expect(rated.root).toMatch(/Your rating: (<!-- -->)?2/);
    const json = await call("GET", `/api/articles/slug/${article.slug}`, reader.cookie);
    expect(json.json()).toMatchObject({ userRating: 2 });
  });

  it("renders the author's own page whole: they get the markdown to edit", async () => {
    const before = renderer.sharedRenders;
    const own = await readAs(efua.cookie);
    expect(own.root).toBe(own.whole);
    const data = own.queries.find((query) => query.queryKey[0] === `/api/articles/slug/${article.slug}`)?.data;
    expect(data).toMatchObject({ ownArticle: true });
    expect(renderer.sharedRenders - before).toBe(0);
  });

  it("renders an address with a query whole", async () => {
    const before = renderer.sharedRenders;
    const response = await call("GET", `/article/${article.slug}?from=feed`, ama.cookie);
    expect(response.statusCode).toBe(200);
    const { root, queries } = pageParts(response.body);
    expect(root).toBe((await render(`/article/${article.slug}?from=feed`, queries)).html);
    expect(renderer.sharedRenders - before).toBe(0);
  });
});
