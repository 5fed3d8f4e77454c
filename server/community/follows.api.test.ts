import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLLOW_LIMIT_MESSAGE, FOLLOWS_PATH, MAX_FOLLOWS, USER_FOLLOWS_PATH } from "../../contract/follows";
import { ADMIN_EMAIL, registerAdmin } from "../../test/admin";
import {
  createTestApp,
  expectMessage,
  type RegisteredUser,
  registerUser,
  TEST_ORIGIN,
  type TestApp,
} from "../../test/app";
import { seedArticle, seedAuthor, setArticle } from "../../test/factories";
import { follows, handleRedirects, users } from "../db/schema";

// Following authors, tags and categories (issue 19 item 3), and what 'For You' learns from a
// reader's follows, reads, ratings and bookmarks.

let t: TestApp;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await registerAdmin(t, { email: ADMIN_EMAIL });
});
afterAll(() => t?.close());

const send = (method: "POST" | "DELETE" | "GET", url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const followIt = (cookie: string, type: string, target: string) => send("POST", FOLLOWS_PATH, cookie, { type, target });
const unfollowIt = (cookie: string, type: string, target: string) =>
  send("DELETE", `${FOLLOWS_PATH}?type=${type}&target=${encodeURIComponent(target)}`, cookie);
const followsOf = async (cookie: string) => {
  const response = await send("GET", USER_FOLLOWS_PATH, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    authors: Array<{ handle: string; firstName: string }>;
    tags: Array<{ slug: string }>;
    categories: Array<{ slug: string; name: string }>;
  };
};
/** A reader who chose nothing at sign-up, so everything 'For You' knows it learned. */
const blankReader = () => registerUser(t.app, { preferredCategories: [], preferredTopics: [] });

describe("following", () => {
  it("follows an author by handle (or an old one), a tag by name or slug, and a category; again changes nothing", async () => {
    const reader = await blankReader();
    const author = await seedAuthor(t.database, { firstName: "Efua", lastName: "Sutherland" });
    await t.database.db.insert(handleRedirects).values({ oldHandle: "efua-old", userId: author.id });

    const byHandle = await followIt(reader.cookie, "author", `@${author.handle.toUpperCase()}`);
    expect(byHandle.statusCode, byHandle.body).toBe(200);
    expect(byHandle.json()).toEqual({ type: "author", target: author.handle, following: true });
    expect((await followIt(reader.cookie, "author", "efua-old")).json().target).toBe(author.handle);
    expect((await followIt(reader.cookie, "tag", "Machine Learning")).json()).toEqual({
      type: "tag",
      target: "machine-learning",
      following: true,
    });
    expect((await followIt(reader.cookie, "tag", "machine-learning")).statusCode).toBe(200);
    expect((await followIt(reader.cookie, "category", "science")).json().target).toBe("science");

    const listed = await followsOf(reader.cookie);
    expect(listed.authors.map((a) => [a.handle, a.firstName])).toEqual([[author.handle, "Efua"]]);
    expect(listed.tags).toEqual([{ slug: "machine-learning" }]);
    expect(listed.categories).toEqual([{ slug: "science", name: "Science" }]);
  });

  it("stops following, and stopping twice is no error", async () => {
    const reader = await blankReader();
    const author = await seedAuthor(t.database);
    await followIt(reader.cookie, "author", author.handle);
    await followIt(reader.cookie, "category", "Health");
    const stopped = await unfollowIt(reader.cookie, "author", author.handle);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ type: "author", target: author.handle, following: false });
    expect((await unfollowIt(reader.cookie, "author", author.handle)).statusCode).toBe(200);
    const listed = await followsOf(reader.cookie);
    expect(listed.authors).toEqual([]);
    expect(listed.categories.map((c) => c.name)).toEqual(["Health"]);
  });

  it("refuses yourself, unknown authors and categories, tags without letters, and bad requests with a clear 4xx", async () => {
    const reader = await blankReader();
    const self = await t.database.db.select({ handle: users.handle }).from(users).where(eq(users.id, reader.user.id));
    expectMessage(await followIt(reader.cookie, "author", self[0].handle), 400, /can't follow yourself/);
    expectMessage(await followIt(reader.cookie, "author", "nobody-has-this-handle"), 404, /No author has that handle/);
    expectMessage(await followIt(reader.cookie, "category", "Astrology"), 404, /no category/);
    expectMessage(await followIt(reader.cookie, "tag", "—·—"), 400, /tag/);
    expectMessage(await followIt(reader.cookie, "person", "x"), 400, /type must be one of/);
    expectMessage(await send("POST", FOLLOWS_PATH, reader.cookie, { type: "tag" }), 400, /target/);
    expectMessage(await followIt(reader.cookie, "tag", "x".repeat(101)), 400, /at most 100/);
    expectMessage(await send("DELETE", `${FOLLOWS_PATH}?type=tag`, reader.cookie), 400, /target/);
    expect((await followsOf(reader.cookie)).tags).toEqual([]);
  });

  it(`stops at ${MAX_FOLLOWS} follows, while one already followed stays fine`, async () => {
    const reader = await blankReader();
    await t.database.db
      .insert(follows)
      .values(
        Array.from({ length: MAX_FOLLOWS }, (_, k) => ({ userId: reader.user.id, targetType: "tag", target: `t${k}` })),
      );
    const refused = await followIt(reader.cookie, "tag", "one-more");
    expect(expectMessage(refused, 409)).toBe(FOLLOW_LIMIT_MESSAGE);
    expect((await followIt(reader.cookie, "tag", "t7")).statusCode).toBe(200);
  });

  it("is in the access matrix: visitors get 401, users and admins their own follows", async () => {
    const user = await blankReader();
    const routes: Array<[string, (cookie?: string) => ReturnType<typeof send>]> = [
      ["POST", (cookie) => send("POST", FOLLOWS_PATH, cookie, { type: "category", target: "News" })],
      ["DELETE", (cookie) => send("DELETE", `${FOLLOWS_PATH}?type=category&target=News`, cookie)],
      ["GET", (cookie) => send("GET", USER_FOLLOWS_PATH, cookie)],
    ];
    for (const [name, call] of routes) {
      expect((await call()).statusCode, `${name} as a visitor`).toBe(401);
      expect((await call(user.cookie)).statusCode, `${name} as a user`).toBe(200);
      expect((await call(admin.cookie)).statusCode, `${name} as an admin`).toBe(200);
    }
  });
});

describe("the Following feed", () => {
  const following = async (cookie: string, query = "") => {
    const response = await send("GET", `/api/articles?following=true${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: (response.json() as Array<{ id: number }>).map((a) => a.id),
      hasMore: response.headers["x-has-more"],
    };
  };

  it("lists only articles by followed authors, with followed tags or in followed categories, newest first", async () => {
    const reader = await blankReader();
    const author = await seedAuthor(t.database);
    const other = await seedAuthor(t.database);
    const byAuthor = await seedArticle(t.database, author.id, { category: "Other", tags: ["misc"] });
    const tagged = await seedArticle(t.database, other.id, { category: "Other", tags: ["Home Brewing"] });
    const inCategory = await seedArticle(t.database, other.id, { category: "Science", tags: ["misc"] });
    const unrelated = await seedArticle(t.database, other.id, { category: "Other", tags: ["brewing"] });
    expect((await following(reader.cookie)).ids).toEqual([]);

    await followIt(reader.cookie, "author", author.handle);
    await followIt(reader.cookie, "tag", "home-brewing");
    await followIt(reader.cookie, "category", "Science");
    const { ids, hasMore } = await following(reader.cookie);
    expect(ids).toContain(byAuthor.id);
    expect(ids).toContain(tagged.id);
    expect(ids).toContain(inCategory.id);
    expect(ids).not.toContain(unrelated.id);
    expect(hasMore).toBe("false");
    // Other filters narrow it as on any feed.
    expect((await following(reader.cookie, "&category=Science")).ids).toEqual([inCategory.id]);

    await unfollowIt(reader.cookie, "author", author.handle);
    expect((await following(reader.cookie)).ids).not.toContain(byAuthor.id);
  });

  it("asks visitors to sign in, and refuses a following that is not true or false", async () => {
    expectMessage(await send("GET", "/api/articles?following=true"), 401, /Sign in to see/);
    const reader = await blankReader();
    expectMessage(
      await send("GET", "/api/articles?following=yes", reader.cookie),
      400,
      /following must be true or false/,
    );
    expect((await send("GET", "/api/articles?following=false")).statusCode).toBe(200);
  });
});

describe("'For You' learns", () => {
  /** The first page of the reader's default feed, as ids. */
  const feedIds = async (cookie: string) => {
    const response = await send("GET", "/api/articles", cookie);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Array<{ id: number }>).map((a) => a.id);
  };

  it("from reads and bookmarks: a category read and saved comes first", async () => {
    const reader = await blankReader();
    const author = await seedAuthor(t.database);
    const sport = [];
    for (let k = 0; k < 3; k++) sport.push(await seedArticle(t.database, author.id, { category: "Sports" }));
    for (const [k, a] of sport.entries())
      await setArticle(t.database, a.id, { createdAt: new Date(Date.UTC(2020, 0, k + 1)) });
    // Newer articles elsewhere fill the first page of 'Latest'.
    for (let k = 0; k < 10; k++) await seedArticle(t.database, author.id, { category: "Business" });
    expect(await feedIds(reader.cookie)).not.toContain(sport[2].id);

    expect((await send("GET", `/api/articles/${sport[0].id}`, reader.cookie)).statusCode).toBe(200);
    const saved = await send("POST", "/api/bookmarks", reader.cookie, { articleId: sport[1].id });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = await feedIds(reader.cookie);
    expect(first.slice(0, 3).sort()).toEqual(sport.map((a) => a.id).sort());
  });

  it("from a followed tag and a followed author", async () => {
    const reader = await blankReader();
    const author = await seedAuthor(t.database);
    const favourite = await seedAuthor(t.database);
    const tagged = await seedArticle(t.database, author.id, { category: "Other", tags: ["Sourdough Bread"] });
    const theirs = await seedArticle(t.database, favourite.id, { category: "Other", tags: ["misc"] });
    for (const a of [tagged, theirs]) await setArticle(t.database, a.id, { createdAt: new Date(Date.UTC(2019, 0, 1)) });
    for (let k = 0; k < 10; k++) await seedArticle(t.database, author.id, { category: "Politics" });
    expect(await feedIds(reader.cookie)).not.toContain(tagged.id);

    await followIt(reader.cookie, "tag", "sourdough-bread");
    await followIt(reader.cookie, "author", favourite.handle);
    const first = await feedIds(reader.cookie);
    expect(first).toContain(tagged.id);
    expect(first).toContain(theirs.id);
  });

  it("from ratings: a low one teaches nothing", async () => {
    const reader = await blankReader();
    const author = await seedAuthor(t.database);
    const read = await seedArticle(t.database, author.id, { category: "Education" });
    await setArticle(t.database, read.id, { createdAt: new Date(Date.UTC(2018, 0, 1)) });
    for (let k = 0; k < 10; k++) await seedArticle(t.database, author.id, { category: "Politics" });
    const rate = (rating: number) => send("POST", `/api/articles/${read.id}/rate`, reader.cookie, { rating });
    expect((await rate(1)).statusCode).toBe(200);
    expect(await feedIds(reader.cookie)).not.toContain(read.id);
    expect((await rate(5)).statusCode).toBe(200);
    expect(await feedIds(reader.cookie)).toContain(read.id);
  });
});
