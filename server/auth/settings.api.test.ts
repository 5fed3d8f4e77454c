import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_DELETED,
  CHANGE_PASSWORD_FAILED,
  CHANGE_PASSWORD_FORM_PATH,
  CHANGE_PASSWORD_PATH,
  DELETE_ACCOUNT_FORM_PATH,
  DELETE_ACCOUNT_PATH,
  EXPORT_PATH,
  PASSWORD_CHANGED,
  PROFILE_FAILED,
  PROFILE_FORM_PATH,
  PROFILE_PATH,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
} from "../../contract/account";
import type { FormAnswer } from "../../contract/auth-forms";
import {
  addressPool,
  createTestApp,
  expectMessage,
  registerUser,
  sessionCookie,
  TEST_ORIGIN,
  type TestApp,
} from "../../test/app";
import { seedArticle } from "../../test/factories";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";
import { articles, bookmarks, ratings, sessions, users } from "../db/schema";
import { makePng } from "../storage/test-images";
import { MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS } from "./throttle";

// Account settings (issue 18 item 4): the password change, through the API and the Settings
// page's form posted without JavaScript.

let t: TestApp;
const nextAddress = addressPool(221);

beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
});
afterAll(() => t?.close());

const put = (url: string, payload: unknown, { cookie, ip }: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: "PUT",
    url,
    remoteAddress: ip ?? nextAddress(),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
const signIn = (email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: nextAddress(),
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });

describe("PUT /api/user/password", () => {
  it("is refused signed out (401)", async () => {
    const response = await put(CHANGE_PASSWORD_PATH, { currentPassword: "s3cret-pass", newPassword: "another-pass" });
    expectMessage(response, 401);
  });

  it("changes the password, ends every other session and keeps this one", async () => {
    const owner = await registerUser(t.app);
    const other = sessionCookie(await signIn(owner.account.email, "s3cret-pass"));
    expect((await me(other)).statusCode).toBe(200);

    const response = await put(
      CHANGE_PASSWORD_PATH,
      { currentPassword: "s3cret-pass", newPassword: "brand-new-pass" },
      { cookie: owner.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: PASSWORD_CHANGED });

    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(owner.account.email, "s3cret-pass")).statusCode).toBe(401);
    expect((await signIn(owner.account.email, "brand-new-pass")).statusCode).toBe(200);
  });

  it("refuses a wrong current password (400) and changes nothing", async () => {
    const owner = await registerUser(t.app);
    const other = sessionCookie(await signIn(owner.account.email, "s3cret-pass"));
    const response = await put(
      CHANGE_PASSWORD_PATH,
      { currentPassword: "not-my-password", newPassword: "brand-new-pass" },
      { cookie: owner.cookie },
    );
    expectMessage(response, 400, new RegExp(WRONG_CURRENT_PASSWORD));
    expect((await me(other)).statusCode).toBe(200);
    expect((await signIn(owner.account.email, "s3cret-pass")).statusCode).toBe(200);
  });

  it("holds the new password to the sign-up rules and names what is missing", async () => {
    const owner = await registerUser(t.app);
    const cases: Array<[unknown, RegExp]> = [
      [{ currentPassword: "s3cret-pass", newPassword: "short" }, /at least 6 characters/],
      [{ currentPassword: "s3cret-pass", newPassword: "x".repeat(10_000) }, /at most/],
      [{ newPassword: "brand-new-pass" }, /current password is required/i],
      [{ currentPassword: "s3cret-pass" }, /Password is required/],
      [{ currentPassword: 5, newPassword: "brand-new-pass" }, /must be text/],
      [[], /JSON object/],
    ];
    for (const [body, message] of cases) {
      expectMessage(await put(CHANGE_PASSWORD_PATH, body, { cookie: owner.cookie }), 400, message);
    }
    expect((await signIn(owner.account.email, "s3cret-pass")).statusCode).toBe(200);
  });

  it("throttles wrong current passwords like sign-in (429 with Retry-After)", async () => {
    const owner = await registerUser(t.app);
    const ip = nextAddress();
    const wrong = { currentPassword: "not-my-password", newPassword: "brand-new-pass" };
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS; i++) {
      expect((await put(CHANGE_PASSWORD_PATH, wrong, { cookie: owner.cookie, ip })).statusCode).toBe(400);
    }
    const refused = await put(CHANGE_PASSWORD_PATH, wrong, { cookie: owner.cookie, ip });
    expectMessage(refused, 429, /Too many wrong passwords/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right password waits at that address: the guesses are what is metered.
    const right = { currentPassword: "s3cret-pass", newPassword: "brand-new-pass" };
    expect((await put(CHANGE_PASSWORD_PATH, right, { cookie: owner.cookie, ip })).statusCode).toBe(429);
  });
});

describe("the Settings page's Change password form without JavaScript", () => {
  const form = (fields: Array<[string, string]>, cookie?: string) =>
    postForm(t.app, CHANGE_PASSWORD_FORM_PATH, fields, { cookie, remoteAddress: nextAddress() });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await form([
      ["currentPassword", "s3cret-pass"],
      ["newPassword", "brand-new-pass"],
    ]);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/login");
  });

  it("changes the password and redirects back to Settings, other sessions ended", async () => {
    const owner = await registerUser(t.app);
    const other = sessionCookie(await signIn(owner.account.email, "s3cret-pass"));
    const response = await form(
      [
        ["currentPassword", "s3cret-pass"],
        ["newPassword", "brand-new-pass"],
      ],
      owner.cookie,
    );
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe("/settings?password=changed");
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it("answers a wrong or too short password with Settings again and the sentence", async () => {
    const owner = await registerUser(t.app);
    const wrong = await form(
      [
        ["currentPassword", "not-my-password"],
        ["newPassword", "brand-new-pass"],
      ],
      owner.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(renderedPage(wrong.body).url).toBe("/settings");
    expect(formAnswerIn<FormAnswer<Record<string, string>>>(wrong.body, "change-password").error).toEqual({
      title: CHANGE_PASSWORD_FAILED,
      description: WRONG_CURRENT_PASSWORD,
    });
    // No password typed is sent back in the page.
    expect(wrong.body).not.toContain("not-my-password");
    expect(wrong.body).not.toContain("brand-new-pass");

    const short = await form(
      [
        ["currentPassword", "s3cret-pass"],
        ["newPassword", "abc"],
      ],
      owner.cookie,
    );
    expect(short.statusCode).toBe(400);
    expect(formAnswerIn<FormAnswer<Record<string, string>>>(short.body, "change-password").error?.description).toMatch(
      /at least 6 characters/,
    );
    expect((await signIn(owner.account.email, "s3cret-pass")).statusCode).toBe(200);
  });
});

describe("GET /api/user/export", () => {
  const download = (cookie?: string) =>
    t.app.inject({ method: "GET", url: EXPORT_PATH, headers: cookie ? { cookie } : {} });

  it("is refused signed out (401)", async () => {
    expectMessage(await download(), 401);
    expectMessage(await download("sid=garbage"), 401);
  });

  it("downloads the account, its articles, ratings and bookmarks, and nobody else's", async () => {
    const owner = await registerUser(t.app, { firstName: "Efua" });
    const stranger = await registerUser(t.app, { firstName: "Kojo" });
    const mine = [];
    for (let i = 0; i < 3; i++) {
      mine.push(
        await seedArticle(t.database, owner.user.id, {
          title: `My export article ${i}`,
          contentMarkdown: `# Heading ${i}\n\nBody with "quotes" and \\ slashes.`,
          tags: ["mine", `n${i}`],
        }),
      );
    }
    const theirs = await seedArticle(t.database, stranger.user.id, { title: "Someone else's article" });
    await t.database.db.insert(ratings).values([
      { userId: owner.user.id, articleId: theirs.id, rating: 4 },
      { userId: stranger.user.id, articleId: mine[0]?.id ?? 0, rating: 1 },
    ]);
    await t.database.db.insert(bookmarks).values([
      { userId: owner.user.id, articleId: theirs.id },
      { userId: stranger.user.id, articleId: mine[1]?.id ?? 0 },
    ]);

    const response = await download(owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="vidscribe-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers["cache-control"]).toContain("no-store");
    const data = response.json();
    expect(Object.keys(data)).toEqual([
      "exportedAt",
      "account",
      "articles",
      "ratings",
      "bookmarks",
      "follows",
      "comments",
      "readingHistory",
    ]);
    expect(data.account).toMatchObject({ id: owner.user.id, email: owner.account.email, firstName: "Efua" });
    expect(data.articles.map((a: { title: string }) => a.title)).toEqual([
      "My export article 0",
      "My export article 1",
      "My export article 2",
    ]);
    expect(data.articles[0]).toMatchObject({
      slug: mine[0]?.slug,
      category: "Technology",
      tags: ["mine", "n0"],
      contentMarkdown: '# Heading 0\n\nBody with "quotes" and \\ slashes.',
    });
    expect(typeof data.articles[0].createdAt).toBe("string");
    expect(data.ratings).toEqual([
      expect.objectContaining({ articleId: theirs.id, articleSlug: theirs.slug, rating: 4 }),
    ]);
    expect(data.bookmarks).toEqual([expect.objectContaining({ articleId: theirs.id, articleTitle: theirs.title })]);
    expect(data.account.handle).toMatch(/^efua-/);
    expect(data.follows).toEqual([]);
    expect(data.comments).toEqual([]);
    expect(data.readingHistory).toEqual([]);

    // No secret and nothing of the stranger's.
    const body = response.body;
    expect(body).not.toMatch(/passwordHash|password_hash|\$argon|\$2[aby]\$|scrypt/i);
    expect(body).not.toContain("s3cret-pass");
    expect(body).not.toContain(owner.cookie.slice(4));
    expect(body).not.toContain(stranger.account.email);
    expect(body).not.toContain("Kojo");
  });

  it("holds the user's follows (an author by their handle now), comments and reads, and nobody else's", async () => {
    const owner = await registerUser(t.app, { firstName: "Adwoa" });
    const stranger = await registerUser(t.app, { firstName: "Kwabena" });
    const theirs = await seedArticle(t.database, stranger.user.id, { title: "A stranger's article" });
    const send = (cookie: string, method: "GET" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
    const strangerHandle = (await send(stranger.cookie, "GET", "/api/auth/user")).json().handle;
    expect(
      (await send(owner.cookie, "POST", "/api/follows", { type: "author", target: strangerHandle })).statusCode,
    ).toBe(200);
    expect((await send(owner.cookie, "POST", "/api/follows", { type: "tag", target: "Slow Cooking" })).statusCode).toBe(
      200,
    );
    const commented = await send(owner.cookie, "POST", `/api/articles/${theirs.id}/comments`, { body: "Well *told*." });
    expect(commented.statusCode, commented.body).toBe(201);
    await send(stranger.cookie, "POST", `/api/articles/${theirs.id}/comments`, { body: "Thanks, Kwabena here." });
    expect((await send(owner.cookie, "GET", `/api/articles/${theirs.id}`)).statusCode).toBe(200);

    const data = (await download(owner.cookie)).json();
    expect(data.follows.map((f: { type: string; target: string }) => [f.type, f.target]).sort()).toEqual([
      ["author", strangerHandle],
      ["tag", "slow-cooking"],
    ]);
    expect(data.comments).toEqual([
      expect.objectContaining({ articleId: theirs.id, articleSlug: theirs.slug, parentId: null, body: "Well *told*." }),
    ]);
    expect(data.readingHistory).toEqual([
      expect.objectContaining({ articleId: theirs.id, articleTitle: "A stranger's article" }),
    ]);
    expect(JSON.stringify(data)).not.toContain("Kwabena here");
  });

  it("is a valid, empty document for an account with nothing yet", async () => {
    const owner = await registerUser(t.app);
    const data = (await download(owner.cookie)).json();
    expect(data).toMatchObject({ articles: [], ratings: [], bookmarks: [] });
  });

  it("streams every article of a large account (more than one page)", async () => {
    const owner = await registerUser(t.app);
    for (let i = 0; i < 450; i += 150) {
      const batch = [];
      for (let j = i; j < i + 150; j++) batch.push(seedArticle(t.database, owner.user.id, { title: `Bulk ${j}` }));
      await Promise.all(batch);
    }
    const data = (await download(owner.cookie)).json();
    expect(data.articles).toHaveLength(450);
    expect(new Set(data.articles.map((a: { id: number }) => a.id)).size).toBe(450);
  });
});

describe("PUT /api/user/profile", () => {
  const valid = {
    firstName: "Abena",
    lastName: "Owusu",
    preferredCategories: ["Science", "Science", "Business"],
    preferredTopics: ["Startups"],
  };

  it("is refused signed out (401)", async () => {
    expectMessage(await put(PROFILE_PATH, valid), 401);
  });

  it("saves the names and interests, trimmed and without repeats, and answers the user", async () => {
    const owner = await registerUser(t.app);
    const response = await put(PROFILE_PATH, { ...valid, firstName: "  Abena " }, { cookie: owner.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      email: owner.account.email,
      firstName: "Abena",
      lastName: "Owusu",
      preferredCategories: ["Science", "Business"],
      preferredTopics: ["Startups"],
    });
    expect((await me(owner.cookie)).json()).toMatchObject({ firstName: "Abena", lastName: "Owusu" });
  });

  it("holds the fields to the sign-up rules with a clear 400", async () => {
    const owner = await registerUser(t.app);
    const cases: Array<[unknown, RegExp]> = [
      [{ ...valid, firstName: "   " }, /First name is required/],
      [{ ...valid, lastName: "x".repeat(500) }, /Last name must be at most/],
      [{ ...valid, firstName: 7 }, /First name must be text/],
      [{ ...valid, preferredCategories: ["Astrology"] }, /not one of the categories/],
      [{ ...valid, preferredTopics: "Startups" }, /topics must be a list/],
      [[], /JSON object/],
    ];
    for (const [body, message] of cases) {
      expectMessage(await put(PROFILE_PATH, body, { cookie: owner.cookie }), 400, message);
    }
    expect((await me(owner.cookie)).json()).toMatchObject({ firstName: "Ama", lastName: "Mensah" });
  });

  it("works as a form without JavaScript: saved and redirected, or Settings again with the sentence", async () => {
    const owner = await registerUser(t.app);
    const post = (fields: Array<[string, string]>, cookie?: string) =>
      postForm(t.app, PROFILE_FORM_PATH, fields, { cookie, remoteAddress: nextAddress() });
    const fields: Array<[string, string]> = [
      ["firstName", "Yaw"],
      ["lastName", "Boateng"],
      ["preferredCategories", "Science"],
      ["preferredCategories", "Business"],
      ["preferredTopics", "Startups"],
    ];
    expect((await post(fields)).headers.location).toBe("/login");
    const saved = await post(fields, owner.cookie);
    expect(saved.statusCode, saved.body).toBe(303);
    expect(saved.headers.location).toBe("/settings?profile=saved");
    expect((await me(owner.cookie)).json()).toMatchObject({
      firstName: "Yaw",
      lastName: "Boateng",
      preferredCategories: ["Science", "Business"],
    });

    const refused = await post(
      [
        ["firstName", "Yaw"],
        ["lastName", ""],
      ],
      owner.cookie,
    );
    expect(refused.statusCode).toBe(400);
    const answer = formAnswerIn<FormAnswer<Record<string, string>>>(refused.body, "update-profile");
    expect(answer.error).toEqual({ title: PROFILE_FAILED, description: "Last name is required" });
    expect(answer.values).toEqual({ firstName: "Yaw", lastName: "" });
    expect((await me(owner.cookie)).json()).toMatchObject({ lastName: "Boateng" });
  });
});

describe("DELETE /api/user", () => {
  const remove = (payload: unknown, cookie?: string, ip?: string) =>
    t.app.inject({
      method: "DELETE",
      url: DELETE_ACCOUNT_PATH,
      remoteAddress: ip ?? nextAddress(),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });

  it("is refused signed out (401)", async () => {
    expectMessage(await remove({ password: "s3cret-pass" }), 401);
  });

  it("refuses a wrong or missing password and keeps the account", async () => {
    const owner = await registerUser(t.app);
    expectMessage(await remove({ password: "not-my-password" }, owner.cookie), 400, new RegExp(WRONG_PASSWORD));
    expectMessage(await remove({}, owner.cookie), 400, /password is required/i);
    expect((await me(owner.cookie)).statusCode).toBe(200);
  });

  it("cancels a plan that renews before it deletes, and keeps a wrong password's account and plan", async () => {
    const owner = await registerUser(t.app);
    await t.database.db
      .update(users)
      .set({
        subscriptionStatus: "active",
        subscriptionPlan: "monthly",
        subscriptionRenews: true,
        subscriptionEndDate: new Date(Date.now() + 86_400_000),
      })
      .where(eq(users.id, owner.user.id));
    expectMessage(await remove({ password: "not-my-password" }, owner.cookie), 400, new RegExp(WRONG_PASSWORD));
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(kept.subscriptionRenews).toBe(true);
    expect((await remove({ password: "s3cret-pass" }, owner.cookie)).statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, owner.user.id))).toEqual([]);
  });

  it("deletes the account, its articles, ratings, bookmarks and sessions; sign-in then fails", async () => {
    const owner = await registerUser(t.app);
    const other = sessionCookie(await signIn(owner.account.email, "s3cret-pass"));
    const stranger = await registerUser(t.app);
    const mine = await seedArticle(t.database, owner.user.id, { title: "Going away" });
    const theirs = await seedArticle(t.database, stranger.user.id, { title: "Staying" });
    await t.database.db.insert(ratings).values([
      { userId: owner.user.id, articleId: theirs.id, rating: 5 },
      { userId: stranger.user.id, articleId: mine.id, rating: 2 },
    ]);
    await t.database.db.insert(bookmarks).values({ userId: owner.user.id, articleId: theirs.id });

    const response = await remove({ password: "s3cret-pass" }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_DELETED });
    expect(response.cookies.find((c) => c.name === "sid")?.value ?? "").toBe("");

    expect((await me(owner.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(owner.account.email, "s3cret-pass")).statusCode).toBe(401);
    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, owner.user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.user.id))).toEqual([]);
    expect(await db.select().from(articles).where(eq(articles.id, mine.id))).toEqual([]);
    expect(await db.select().from(ratings).where(eq(ratings.userId, owner.user.id))).toEqual([]);
    expect(await db.select().from(bookmarks).where(eq(bookmarks.userId, owner.user.id))).toEqual([]);
    // Others' things stay.
    expect(await db.select({ id: articles.id }).from(articles).where(eq(articles.id, theirs.id))).toHaveLength(1);
    expect((await me(stranger.cookie)).statusCode).toBe(200);
  });

  it("takes the account's ratings out of the rated articles' stored averages", async () => {
    const owner = await registerUser(t.app);
    const reader = await registerUser(t.app);
    const author = await registerUser(t.app);
    const theirs = await seedArticle(t.database, author.user.id, { title: "Rated by two" });
    const rate = (cookie: string, rating: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/articles/${theirs.id}/rate`,
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { rating },
      });
    expect((await rate(owner.cookie, 5)).statusCode).toBe(200);
    expect((await rate(reader.cookie, 2)).statusCode).toBe(200);
    const stored = async () => {
      const [row] = await t.database.db.select().from(articles).where(eq(articles.id, theirs.id));
      return { count: row?.ratingCount, sum: row?.ratingSum, avg: row?.ratingAvg };
    };
    expect(await stored()).toEqual({ count: 2, sum: 7, avg: 3.5 });

    expect((await remove({ password: "s3cret-pass" }, owner.cookie)).statusCode).toBe(200);
    expect(await stored()).toEqual({ count: 1, sum: 2, avg: 2 });
  });

  it("deletes the profile picture file with the account", async () => {
    const owner = await registerUser(t.app);
    const boundary = `----form${randomBytes(8).toString("hex")}`;
    const colour = `#${randomBytes(3).toString("hex")}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await makePng(64, 64, colour),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: "POST",
      url: "/settings",
      headers: {
        origin: TEST_ORIGIN,
        cookie: owner.cookie,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(upload.headers.location, upload.body).toBe("/settings?picture=updated");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
    const url = row?.profileImageUrl ?? "";
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);

    expect((await remove({ password: "s3cret-pass" }, owner.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("works as a form without JavaScript: signed out and sent home, or Settings again", async () => {
    const owner = await registerUser(t.app);
    const post = (fields: Array<[string, string]>) =>
      postForm(t.app, DELETE_ACCOUNT_FORM_PATH, fields, { cookie: owner.cookie, remoteAddress: nextAddress() });
    const wrong = await post([["password", "not-my-password"]]);
    expect(wrong.statusCode).toBe(400);
    expect(formAnswerIn<FormAnswer<Record<string, string>>>(wrong.body, "delete-account").error?.description).toBe(
      WRONG_PASSWORD,
    );
    expect(wrong.body).not.toContain("not-my-password");
    const done = await post([["password", "s3cret-pass"]]);
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe("/?account=deleted");
    expect((await signIn(owner.account.email, "s3cret-pass")).statusCode).toBe(401);
  });
});
