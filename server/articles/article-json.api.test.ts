import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResponse } from "../../contract/articles";
import { addressPool, createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { seedArticle } from "../../test/factories";
import { users } from "../db/schema";
import { viewCounter } from "./views";

// The single-article answer is JSON the route writes itself (reading.ts readArticleJson), with
// the reader-independent part kept beside the cached row: it must be exactly what the response
// schema allows, for every kind of reader, and its counts must move as reads land.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const addresses = addressPool(91);

const read = (url: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { "user-agent": "Mozilla/5.0 (json reader)", ...(cookie ? { cookie } : {}) },
    remoteAddress: addresses(),
  });

/** The answer as JSON, checked to be what the schema's serializer would have written. */
function answered(response: Awaited<ReturnType<typeof read>>) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json();
  // The schema strips unknown fields and rejects wrong types: parsing changes nothing.
  expect(articleResponse.parse(body)).toEqual(body);
  return body;
}

describe("a single article's JSON", () => {
  it("comes as gzip joined from the kept piece to a browser that takes gzip, the same JSON as its text", async () => {
    const owner = await registerUser(t.app);
    const reader = await registerUser(t.app);
    const article = await seedArticle(t.database, owner.user.id, {
      contentMarkdown: "## Part one\n\nWords é “quoted”.",
    });
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/articles/slug/${article.slug}`,
        headers: { cookie: reader.cookie, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
        remoteAddress: "203.0.113.77",
      });
    const plain = answered(await get());
    const gzipped = await get("gzip, deflate, br");
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["content-type"]).toMatch(/^application\/json/);
    // The same reader again within the half hour: not counted twice, so the same answer.
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain);
    expect(plain).toMatchObject({ id: article.id, userRating: null });
    // The owner's answer is written per request (it carries the markdown): compressed as any other.
    const own = await t.app.inject({
      method: "GET",
      url: `/api/articles/slug/${article.slug}`,
      headers: { cookie: owner.cookie, "accept-encoding": "br" },
    });
    expect(own.statusCode).toBe(200);
  });

  it("is the schema's shape for a visitor, a reader, its owner and an admin, by id and by slug", async () => {
    const owner = await registerUser(t.app);
    const reader = await registerUser(t.app);
    const admin = await registerUser(t.app);
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    const article = await seedArticle(t.database, owner.user.id, { contentMarkdown: "## Part one\n\nWords." });
    const rated = await t.app.inject({
      method: "POST",
      url: `/api/articles/${article.id}/rate`,
      headers: { cookie: reader.cookie, origin: TEST_ORIGIN },
      payload: { rating: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(200);

    const visitor = answered(await read(`/api/articles/slug/${article.slug}`));
    expect(visitor).toMatchObject({ id: article.id, ownArticle: false, userRating: null });
    expect(visitor.contentMarkdown).toBeUndefined();
    expect(Array.isArray(visitor.headings)).toBe(true);

    const asReader = answered(await read(`/api/articles/${article.id}`, reader.cookie));
    expect(asReader).toMatchObject({ ownArticle: false, userRating: 4 });
    expect(asReader.contentMarkdown).toBeUndefined();
    // Everything but the counts and the reader's rating is what the visitor got.
    const { viewCount: _a, views: _b, userRating: _c, ...shared } = asReader;
    const { viewCount: _d, views: _e, userRating: _f, ...visitorShared } = visitor;
    expect(shared).toEqual(visitorShared);

    const asOwner = answered(await read(`/api/articles/slug/${article.slug}`, owner.cookie));
    expect(asOwner).toMatchObject({ ownArticle: true, contentMarkdown: "## Part one\n\nWords." });
    const asAdmin = answered(await read(`/api/articles/${article.id}`, admin.cookie));
    expect(asAdmin).toMatchObject({ ownArticle: false, contentMarkdown: "## Part one\n\nWords." });
  });

  it("counts each new reader of a cached article, before and after their reads are written", async () => {
    const owner = await registerUser(t.app);
    const article = await seedArticle(t.database, owner.user.id);
    const first = answered(await read(`/api/articles/slug/${article.slug}`));
    expect(first.viewCount).toBe(1);
    expect(first.views).toBe(1);
    // The row stays cached while batches land: the count still moves by each new reader.
    for (let n = 2; n <= 5; n++) {
      await viewCounter(t.database.db).settled();
      const again = answered(await read(`/api/articles/slug/${article.slug}`));
      expect(again.viewCount).toBe(n);
      expect(again.views).toBe(n);
    }
  });
});
