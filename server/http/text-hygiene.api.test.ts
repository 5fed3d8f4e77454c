import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RECORD_ID } from "../../contract/common";
import { registerAdmin } from "../../test/admin";
import {
  addressPool,
  createTestApp,
  expectMessage,
  newAccount,
  registerUser,
  TEST_ORIGIN,
  type TestApp,
} from "../../test/app";
import { seedArticle } from "../../test/factories";
import { type FakePaystack, startFakePaystack } from "../../test/fakes/paystack";
import { FIXTURES } from "../../test/fixtures";
import { articles, bookmarks, generations, payments, users } from "../db/schema";
import type { PageRenderer, PreloadedQuery, RenderedHead } from "../pages/routes";
import { UNSTORABLE_TEXT_MESSAGE } from "./text-hygiene";

// PostgreSQL text and jsonb cannot hold a NUL, and an unpaired surrogate is not UTF-8: each of
// these requests used to reach the database and answer 500. Now they are refused in one place
// (server/http/text-hygiene.ts), and database errors that mean bad input or a lost race are 4xx.

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";
const BAD_TEXTS = [
  ["a NUL", NUL],
  ["a lone high surrogate", LONE_SURROGATE],
  ["a lone low surrogate", "a\udc00b"],
] as const;

const stubRenderer: PageRenderer = {
  async render(input) {
    return `<!doctype html><html><body><pre>${JSON.stringify(input).replace(/</g, "\\u003c")}</pre></body></html>`;
  },
};
function rendered(body: string): { url: string; head: RenderedHead; queries: PreloadedQuery[] } {
  return JSON.parse(body.slice(body.indexOf("<pre>") + 5, body.indexOf("</pre>")));
}

let t: TestApp;
let paid: TestApp;
let fake: FakePaystack;
let owner: Awaited<ReturnType<typeof registerUser>>;
let reader: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAILS: "hygiene-admin@example.com" },
    {
      pages: stubRenderer,
      generation: {},
      beforeReady(app) {
        // Queries that fail in the database the way bad input does, on either database.
        app.get("/api/test/db/not-an-integer", async () => {
          await t.database.db.execute(sql`select ${"abc"}::integer`);
          return { ok: true };
        });
        app.get("/api/test/db/out-of-range", async () => {
          await t.database.db.execute(sql`select ${"2147483648"}::integer`);
          return { ok: true };
        });
        app.get("/api/test/db/missing-reference", async () => {
          await t.database.db.insert(bookmarks).values({ userId: owner.user.id, articleId: MAX_RECORD_ID });
          return { ok: true };
        });
      },
    },
  );
  fake = await startFakePaystack();
  paid = await createTestApp(
    { PAYMENTS: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url },
    { database: t.database },
  );
  owner = await registerUser(t.app);
  reader = await registerUser(t.app);
  admin = await registerAdmin(t, { email: "hygiene-admin@example.com" });
});
afterAll(async () => {
  await paid?.close();
  await t?.close();
  await fake?.close();
});

const nextAddress = addressPool(215);

const expectUnstorable = (response: LightMyRequestResponse) =>
  expect(expectMessage(response, 400)).toBe(UNSTORABLE_TEXT_MESSAGE);

/** Sends a JSON body as text: JSON.stringify writes "\u0000" and "\ud800" as escapes. */
const send = (method: "POST" | "PUT", url: string, body: unknown, cookie?: string, app = t.app) =>
  app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });

const get = (url: string, cookie?: string, app = t.app) =>
  app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

/** The server still answers ordinary requests, the database connection included. */
async function expectHealthy() {
  const feed = await get("/api/articles?search=ordinary");
  expect(feed.statusCode, feed.body).toBe(200);
  const me = await get("/api/auth/user", owner.cookie);
  expect(me.statusCode, me.body).toBe(200);
  expect(me.json().id).toBe(owner.user.id);
}

describe("text that cannot be stored, in a JSON body", () => {
  it.each(BAD_TEXTS)("refuses %s in an owner's edit, in every field, and stores nothing", async (_name, bad) => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Kept title" });
    const edit = { title: "Fine title", content: "Fine **content**.", excerpt: "Fine excerpt", tags: ["fine"] };
    for (const body of [
      { ...edit, title: bad },
      { ...edit, content: bad },
      { ...edit, excerpt: bad },
      { ...edit, tags: ["fine", bad] },
    ]) {
      expectUnstorable(await send("PUT", `/api/articles/${article.id}`, body, owner.cookie));
    }
    const [row] = await t.database.db.select().from(articles).where(eq(articles.id, article.id));
    expect(row.title).toBe("Kept title");
    const ok = await send("PUT", `/api/articles/${article.id}`, edit, owner.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    await expectHealthy();
  });

  it.each(BAD_TEXTS)("refuses %s in an admin's edit, in every field", async (_name, bad) => {
    const article = await seedArticle(t.database, owner.user.id, { title: "Kept title" });
    for (const body of [{ title: bad }, { content: bad }, { excerpt: bad }, { tags: [bad] }]) {
      expectUnstorable(await send("PUT", `/api/admin/articles/${article.id}`, body, admin.cookie));
    }
    const ok = await send("PUT", `/api/admin/articles/${article.id}`, { title: "Admin title" }, admin.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    await expectHealthy();
  });

  it.each(BAD_TEXTS)("refuses %s in a registration's names and creates no account", async (_name, bad) => {
    for (const field of ["firstName", "lastName"]) {
      const account = newAccount({ [field]: bad });
      expectUnstorable(await send("POST", "/api/auth/register", account));
      const rows = await t.database.db.select().from(users).where(eq(users.email, account.email));
      expect(rows).toHaveLength(0);
    }
    const ok = await send("POST", "/api/auth/register", newAccount());
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it.each(BAD_TEXTS)("refuses %s in a sign-in's email and in a nested or key position", async (_name, bad) => {
    expectUnstorable(await send("POST", "/api/auth/login", { email: `x${bad}@example.com`, password: "whatever" }));
    expectUnstorable(await send("POST", "/api/auth/login", { email: "x@example.com", password: "p", [bad]: 1 }));
    expectUnstorable(await send("POST", "/api/bookmarks", { articleId: 1, deep: [[{ deeper: [bad] }]] }, owner.cookie));
    await expectHealthy();
  });

  it.each(BAD_TEXTS)("refuses %s in a create request's transcript or reference articles", async (_name, bad) => {
    const youtubeUrl = `https://www.youtube.com/watch?v=${FIXTURES.rich()}`;
    const { cookie, user } = await registerUser(t.app);
    expectUnstorable(await send("POST", "/api/articles", { youtubeUrl, transcript: `Hello ${bad} world` }, cookie));
    expectUnstorable(
      await send("POST", "/api/articles", { youtubeUrl, style: "custom", referenceArticles: [`Ref ${bad}`] }, cookie),
    );
    // Nothing was started: the generation record (jsonb) never saw the text.
    const started = await t.database.db.select().from(generations).where(eq(generations.userId, user.id));
    expect(started).toHaveLength(0);
    await expectHealthy();
  });

  it("walks a deeply nested body without overflowing", async () => {
    const deep = `${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/bookmarks",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: owner.cookie },
      payload: `{"articleId":1,"x":${deep}}`,
    });
    expectUnstorable(response);
    await expectHealthy();
  });

  it("lets well-formed text through: pairs, emoji and other control characters", async () => {
    const article = await seedArticle(t.database, owner.user.id);
    const title = "Emoji 😀 and 𝒮cript, tab\tand bell\u0007";
    const response = await send("PUT", `/api/admin/articles/${article.id}`, { title }, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe(title);
  });
});

describe("text that cannot be stored, in queries and paths", () => {
  it("refuses a NUL in the feed's search", async () => {
    expectUnstorable(await get("/api/articles?search=%00"));
    expectUnstorable(await get("/api/articles?search=ab%00cd&sortBy=latest"));
    expectUnstorable(await get("/api/articles?search=%00", owner.cookie));
    await expectHealthy();
  });

  it("never answers 500 for a surrogate's UTF-8 bytes (not valid UTF-8) in a query or path", async () => {
    for (const url of [
      "/api/articles?search=%ED%A0%80",
      "/api/articles?search=a%C0%80b",
      "/api/articles/slug/%ED%A0%80",
      "/api/generations/%ED%A0%80",
      "/article/%ED%A0%80",
      "/?search=%ED%A0%80",
    ]) {
      const response = await get(url, owner.cookie);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
    }
    await expectHealthy();
  });

  it("refuses a NUL in an article slug, a generation key and a payment callback", async () => {
    expectUnstorable(await get("/api/articles/slug/%00"));
    expectUnstorable(await get("/api/articles/slug/a%00b", owner.cookie));
    expectUnstorable(await get("/api/generations/%00", owner.cookie));
    expectUnstorable(await get("/api/generations/key%00/events", owner.cookie));
    expectUnstorable(await get("/api/payments/callback?reference=%00"));
    // Sign-in still comes first where a route needs it.
    expectMessage(await get("/api/generations/%00"), 401);
    await expectHealthy();
  });

  it("refuses a NUL in a sandbox checkout's reference", async () => {
    expectUnstorable(await get("/payments/sandbox/%00", owner.cookie));
    expectUnstorable(await get("/payments/sandbox/%00"));
    const post = await t.app.inject({
      method: "POST",
      url: "/payments/sandbox/%00/pay",
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    expectUnstorable(post);
    await expectHealthy();
  });

  it("answers an article page whose address holds a NUL with the 'Article Not Found' page", async () => {
    for (const cookie of [undefined, owner.cookie]) {
      const response = await get("/article/%00", cookie);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.headers["content-type"]).toContain("text/html");
      const page = rendered(response.body);
      expect(page.head.title).toBe("Article Not Found | VidScribe");
      expect(page.queries).toContainEqual({ queryKey: ["/api/articles/slug/%00"], data: null });
    }
    const other = await get("/no%00such/page");
    expect(other.statusCode).toBe(404);
    expect(rendered(other.body).head.title).toBe("404 Page Not Found | VidScribe");
    await expectHealthy();
  });

  it("renders the signed-in home with a NUL search, leaving the feed to the page's own request", async () => {
    const response = await get("/?search=%00", owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const page = rendered(response.body);
    expect(page.head.title).toBe("Home | VidScribe");
    const keys = page.queries.map((query) => String(query.queryKey[0]));
    expect(keys.some((key) => key.startsWith("/api/articles?"))).toBe(false);
    expect(keys).toContain("/api/stats");
    // The feed request the page then makes is answered with a message it can show.
    expectUnstorable(await get("/api/articles?search=%00&sortBy=latest", owner.cookie));
    const visitor = await get("/?search=%00");
    expect(visitor.statusCode).toBe(200);
    await expectHealthy();
  });
});

describe("ids past an integer column's range", () => {
  it.each([
    ["2^31", MAX_RECORD_ID + 1],
    ["a huge number", 1e20],
    ["a long numeric string", "9".repeat(30)],
  ])("refuses a bookmark for %s with 400", async (_name, articleId) => {
    expectMessage(await send("POST", "/api/bookmarks", { articleId }, reader.cookie), 400, /article id/);
    await expectHealthy();
  });

  it("answers an id at the top of the range as an article that does not exist", async () => {
    expectMessage(await send("POST", "/api/bookmarks", { articleId: MAX_RECORD_ID }, reader.cookie), 404);
  });

  it("answers long ids in paths as 400 or 404, never 500", async () => {
    const long = "9".repeat(30);
    expectMessage(await get(`/api/articles/${long}`), 404);
    expectMessage(await get(`/api/bookmarks/check/${long}`, reader.cookie), 400);
    expectMessage(await send("PUT", `/api/admin/articles/${long}`, { title: "x" }, admin.cookie), 400);
  });
});

describe("bookmarking an article while it is being deleted", () => {
  it("answers 404 when the article goes between the check and the insert", async () => {
    const article = await seedArticle(t.database, owner.user.id);
    // Deletes the article just before the bookmark row goes in: the lost race, made certain.
    await t.database.db.execute(sql`
      create or replace function hygiene_test_delete_first() returns trigger language plpgsql as $$
      begin
        delete from articles where id = new.article_id;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger hygiene_test_delete_first before insert on bookmarks
      for each row execute function hygiene_test_delete_first()`);
    try {
      const response = await send("POST", "/api/bookmarks", { articleId: article.id }, reader.cookie);
      expectMessage(response, 404, /doesn't exist|removed/);
    } finally {
      await t.database.db.execute(sql`drop trigger hygiene_test_delete_first on bookmarks`);
      await t.database.db.execute(sql`drop function hygiene_test_delete_first()`);
    }
    // The failed insert took the trigger's delete back with it; no bookmark was kept.
    const kept = await t.database.db.select().from(bookmarks).where(eq(bookmarks.articleId, article.id));
    expect(kept).toHaveLength(0);
    const next = await seedArticle(t.database, owner.user.id);
    const ok = await send("POST", "/api/bookmarks", { articleId: next.id }, reader.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    await expectHealthy();
  });
});

describe("database errors that mean bad input or a lost race", () => {
  it("answers them 400 or 404 with a message, not 500", async () => {
    expectMessage(await get("/api/test/db/not-an-integer"), 400, /cannot be stored/);
    expectMessage(await get("/api/test/db/out-of-range"), 400, /cannot be stored/);
    expectMessage(await get("/api/test/db/missing-reference"), 404, /no longer exists/);
    await expectHealthy();
  });
});

describe("a signed Paystack webhook whose reference cannot be stored", () => {
  it.each(BAD_TEXTS)("is acknowledged and ignored (200), not failed for a retry: %s", async (_name, bad) => {
    const { body, signature } = fake.webhook(`ref${bad}`);
    for (let i = 0; i < 2; i += 1) {
      const response = await paid.app.inject({
        method: "POST",
        url: "/api/payments/webhook",
        headers: { "content-type": "application/json", "x-paystack-signature": signature },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: "Ignored" });
    }
    expect(fake.count("verify")).toBe(0);
    expect(await t.database.db.select().from(payments)).toHaveLength(0);
    const unsigned = await paid.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json" },
      payload: body,
    });
    expectMessage(unsigned, 401);
    await expectHealthy();
  });
});
