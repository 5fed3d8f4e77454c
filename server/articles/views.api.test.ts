import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addressPool, createTestApp, registerUser, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor } from "../../test/factories";
import { articles, articleViews } from "../db/schema";
import { signValue } from "../lib/signed-value";
import { findArticleToRead } from "./reading";
import { READERS_PER_ADDRESS, viewCounter, writeViews } from "./views";
import { VISITOR_COOKIE, visitorCookieValue } from "./visitor";

// Honest view counts (issue 15, item 7): the visitor cookie is one the server signed, and one
// address adds at most READERS_PER_ADDRESS signed-out readers to an article per 30 minutes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const addresses = addressPool(77);

interface ReadOptions {
  cookie?: string;
  address?: string;
  agent?: string;
  url?: string;
}

const read = (articleId: number, options: ReadOptions = {}) =>
  t.app.inject({
    method: "GET",
    url: options.url ?? `/api/articles/${articleId}`,
    headers: {
      "user-agent": options.agent ?? "Mozilla/5.0 (test reader)",
      ...(options.cookie === undefined ? {} : { cookie: `${VISITOR_COOKIE}=${options.cookie}` }),
    },
    remoteAddress: options.address ?? "127.0.0.1",
  });

const visitorCookie = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === VISITOR_COOKIE);

async function stored(articleId: number): Promise<number> {
  await viewCounter(t.database.db).settled();
  const [row] = await t.database.db.select({ n: articles.viewCount }).from(articles).where(eq(articles.id, articleId));
  return row.n;
}

async function freshArticle() {
  return seedArticle(t.database, (await seedAuthor(t.database)).id);
}

const randomAgent = () => `Bot/${randomBytes(6).toString("hex")}`;

describe("the visitor cookie", () => {
  it("is signed by the server, HttpOnly and SameSite=Lax, and not Secure on an http app", async () => {
    const article = await freshArticle();
    const response = await read(article.id, { address: addresses() });
    expect(response.statusCode).toBe(200);
    const cookie = visitorCookie(response);
    expect(cookie?.value).toMatch(/^[a-f0-9]{32}\.[A-Za-z0-9_-]{22}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeUndefined();
  });

  it("is Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://vidscribe.example" });
    try {
      const article = await seedArticle(secure.database, (await seedAuthor(secure.database)).id);
      const response = await secure.app.inject({ method: "GET", url: `/api/articles/${article.id}` });
      expect(response.statusCode).toBe(200);
      expect(visitorCookie(response)).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
    } finally {
      await secure.close();
    }
  });

  it("survives: a signed cookie is reused, not replaced, and stays one reader from anywhere", async () => {
    const article = await freshArticle();
    const first = await read(article.id, { address: addresses() });
    const value = visitorCookie(first)?.value ?? "";
    expect(first.json().viewCount).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      // Another address and browser, the same cookie: the same reader, and no new cookie.
      const again = await read(article.id, { cookie: value, address: addresses(), agent: randomAgent() });
      expect(again.statusCode).toBe(200);
      expect(visitorCookie(again)).toBeUndefined();
      expect(again.json().viewCount).toBe(1);
    }
    expect(await stored(article.id)).toBe(1);
  });

  it("is ignored and replaced by a signed one when unsigned or forged", async () => {
    const article = await freshArticle();
    const id = "ab".repeat(16);
    const forgeries = [
      id, // the old unsigned form
      `${id}.${"A".repeat(22)}`, // a made-up signature
      signValue("another-secret-another-secret-0123456789", "vidscribe/visitor-cookie/v1", id), // another key
      signValue(t.config.appSecret, "vidscribe/upload-url/v1", id), // this key, another purpose
      `${visitorCookieValue(t.config.appSecret, id).slice(0, -1)}x`, // one character changed
      "not a cookie at all",
    ];
    for (const forged of forgeries) {
      const response = await read(article.id, { cookie: forged, address: addresses() });
      expect(response.statusCode).toBe(200);
      const issued = visitorCookie(response);
      expect(issued?.value, forged).toMatch(/^[a-f0-9]{32}\.[A-Za-z0-9_-]{22}$/);
      expect(issued?.value).not.toBe(forged);
      // The new cookie is accepted as it is.
      const next = await read(article.id, { cookie: issued?.value, address: addresses() });
      expect(visitorCookie(next)).toBeUndefined();
    }
  });
});

describe("view counts", () => {
  it("add at most the cap for forged cookies and invented browsers from one address, in the window", async () => {
    const article = await freshArticle();
    const address = addresses();
    const counts: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const response = await read(article.id, {
        cookie: randomBytes(16).toString("hex"),
        address,
        agent: randomAgent(),
      });
      expect(response.statusCode).toBe(200);
      counts.push(response.json().viewCount);
    }
    expect(Math.max(...counts)).toBe(READERS_PER_ADDRESS);
    expect(await stored(article.id)).toBe(READERS_PER_ADDRESS);
    // At once, too: many readers of one address in one batch.
    const other = await freshArticle();
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        read(other.id, { cookie: randomBytes(16).toString("hex"), address, agent: randomAgent() }),
      ),
    );
    for (const response of burst) expect(response.statusCode).toBe(200);
    expect(await stored(other.id)).toBe(READERS_PER_ADDRESS);
    // A real reader elsewhere still counts.
    expect((await read(article.id, { address: addresses() })).json().viewCount).toBe(READERS_PER_ADDRESS + 1);

    // Half an hour later the address has its places again (in the database and in memory).
    await t.database.db.execute(sql`update article_views set viewed_at = now() - interval '31 minutes'`);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 31 * 60_000);
      for (let i = 0; i < 10; i += 1) await read(article.id, { address, agent: randomAgent() });
    } finally {
      vi.useRealTimers();
    }
    expect(await stored(article.id)).toBe(2 * READERS_PER_ADDRESS + 1);
  });

  it("treat every address of one IPv6 /64 as one address", async () => {
    const article = await freshArticle();
    for (let i = 1; i <= 12; i += 1) {
      await read(article.id, { address: `2001:db8:7:7:${i.toString(16)}::${i}`, agent: randomAgent() });
    }
    // An IPv4 address written as IPv6 is that IPv4 address.
    await read(article.id, { address: "10.77.250.1" });
    await read(article.id, { address: "::ffff:10.77.250.1", agent: randomAgent() });
    expect(await stored(article.id)).toBe(READERS_PER_ADDRESS + 2);
  });

  it("count a real visitor's repeated reads once, by id, by slug and through the page's API", async () => {
    const article = await freshArticle();
    const address = addresses();
    const first = await read(article.id, { address });
    const cookie = visitorCookie(first)?.value;
    for (let i = 0; i < 5; i += 1) {
      expect((await read(article.id, { cookie, address })).json().viewCount).toBe(1);
    }
    expect(
      (await read(article.id, { cookie, address, url: `/api/articles/slug/${article.slug}` })).json().viewCount,
    ).toBe(1);
    // Without cookies, a reload from the same address and browser is the same reader too.
    expect((await read(article.id, { address })).json().viewCount).toBe(1);
    expect(await stored(article.id)).toBe(1);
  });

  it("count readers at two addresses twice", async () => {
    const article = await freshArticle();
    expect((await read(article.id, { address: addresses() })).json().viewCount).toBe(1);
    expect((await read(article.id, { address: addresses() })).json().viewCount).toBe(2);
    expect(await stored(article.id)).toBe(2);
  });

  it("count signed-in readers once each, whatever their address", async () => {
    const article = await freshArticle();
    const address = addresses();
    for (let i = 0; i < READERS_PER_ADDRESS + 2; i += 1) {
      const { cookie } = await registerUser(t.app);
      const response = await t.app.inject({
        method: "GET",
        url: `/api/articles/${article.id}`,
        headers: { cookie },
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(200);
      expect(visitorCookie(response)).toBeUndefined();
      await t.app.inject({ method: "GET", url: `/api/articles/${article.id}`, headers: { cookie } });
    }
    expect(await stored(article.id)).toBe(READERS_PER_ADDRESS + 2);
  });
});

describe("a reader holding an article while a batch of reads lands", () => {
  it("answers a count that holds the batch, though the row it holds was read before", async () => {
    // A request reads the article, then awaits (who is signed in, the visitor) before counting:
    // a batch of other reads can land in between (CI once answered a count one short).
    const article = await freshArticle();
    const counter = viewCounter(t.database.db);
    const held = await findArticleToRead(t.database.db, { id: article.id });
    if (!held) throw new Error("the article was not found");
    expect(counter.count(held.article, { key: "v:first-reader", address: null })).toBe(1);
    await counter.settled();
    expect(counter.count(held.article, { key: "v:second-reader", address: null })).toBe(2);
    // A row read now holds the first batch itself; nothing is added twice.
    const fresh = await findArticleToRead(t.database.db, { id: article.id });
    if (!fresh) throw new Error("the article was not found");
    expect(counter.count(fresh.article, { key: "v:second-reader", address: null })).toBe(2);
    expect(await stored(article.id)).toBe(2);
    expect(counter.count(held.article, { key: "v:first-reader", address: null })).toBe(2);
  });
});

describe("writing a batch of reads", () => {
  it("lets the database keep the cap: places already taken count, readers in the batch take the rest in order", async () => {
    const article = await freshArticle();
    const other = await freshArticle();
    await t.database.db.insert(articleViews).values([
      { articleId: article.id, visitorKey: "v:earlier", addressKey: "addr-a" },
      // Outside the window: holds no place, and its reader counts again.
      {
        articleId: article.id,
        visitorKey: "v:long-ago",
        addressKey: "addr-a",
        viewedAt: new Date(Date.now() - 31 * 60_000),
      },
    ]);
    const added = await writeViews(t.database.db, [
      { articleId: article.id, visitorKey: "v:earlier", address: "addr-a" }, // counted in the window: nothing
      { articleId: article.id, visitorKey: "v:long-ago", address: "addr-a" },
      { articleId: article.id, visitorKey: "v:new-1", address: "addr-a" },
      { articleId: article.id, visitorKey: "v:new-2", address: "addr-a" }, // no place left
      { articleId: article.id, visitorKey: "v:elsewhere", address: "addr-b" },
      { articleId: other.id, visitorKey: "v:new-2", address: "addr-a" }, // another article: its own places
      { articleId: article.id, visitorKey: "u:account-1", address: null },
      { articleId: article.id, visitorKey: "u:account-2", address: null },
    ]);
    expect(await stored(article.id)).toBe(5);
    expect(await stored(other.id)).toBe(1);
    expect(added).toEqual(
      new Map([
        [article.id, 5],
        [other.id, 1],
      ]),
    );
    const rows = await t.database.db
      .select({ key: articleViews.visitorKey })
      .from(articleViews)
      .where(eq(articleViews.articleId, article.id));
    expect(rows.map((r) => r.key).sort()).toEqual(
      ["u:account-1", "u:account-2", "v:earlier", "v:elsewhere", "v:long-ago", "v:new-1"].sort(),
    );
  });
});
