import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE_ACCOUNT_PATH } from "../../contract/account";
import {
  COMMENTS_PAGE_SIZE,
  COMMENTS_PER_MINUTE,
  type CommentResponse,
  type CommentsPage,
  EDIT_WINDOW_PASSED,
  MAX_COMMENT_LENGTH,
  REPLY_TO_REPLY,
} from "../../contract/comments";
import { ADMIN_EMAIL, registerAdmin } from "../../test/admin";
import {
  createTestApp,
  expectMessage,
  type RegisteredUser,
  registerUser,
  TEST_ORIGIN,
  type TestApp,
} from "../../test/app";
import { seedArticle } from "../../test/factories";
import { articles, authThrottle, comments } from "../db/schema";

// Comments (issue 19 item 4) through the API, on PGlite and (TEST_DATABASE_URL) PostgreSQL.

let t: TestApp;
let admin: RegisteredUser;
let writer: RegisteredUser;
let reader: RegisteredUser;
let stranger: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await registerAdmin(t, { email: ADMIN_EMAIL });
  writer = await registerUser(t.app, { firstName: "Wendy", lastName: "Writer" });
  reader = await registerUser(t.app, { firstName: "Rita", lastName: "Reader" });
  stranger = await registerUser(t.app, { firstName: "Sam", lastName: "Stranger" });
});
afterAll(() => t?.close());
// Tests other than the throttle's start with every allowance full.
beforeEach(async () => {
  await t.database.db.delete(authThrottle).where(like(authThrottle.key, "comment-%"));
});

const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
const post = (articleId: number, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/articles/${articleId}/comments`,
    headers: headers(cookie),
    payload: payload as object,
  });
const put = (id: number, payload: unknown, cookie?: string) =>
  t.app.inject({ method: "PUT", url: `/api/comments/${id}`, headers: headers(cookie), payload: payload as object });
const del = (id: number, cookie?: string) =>
  t.app.inject({ method: "DELETE", url: `/api/comments/${id}`, headers: headers(cookie) });
const report = (id: number, cookie?: string, payload: unknown = { reason: "Spam" }) =>
  t.app.inject({
    method: "POST",
    url: `/api/comments/${id}/report`,
    headers: headers(cookie),
    payload: payload as object,
  });
const list = async (articleId: number, cookie?: string, page = 1): Promise<CommentsPage> => {
  const response = await t.app.inject({
    url: `/api/articles/${articleId}/comments${page > 1 ? `?page=${page}` : ""}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const comment = async (articleId: number, body: string, user: RegisteredUser, parentId?: number) => {
  const response = await post(articleId, parentId ? { body, parentId } : { body }, user.cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CommentResponse;
};
const storedCount = async (articleId: number) => {
  const [row] = await t.database.db
    .select({ n: articles.commentCount })
    .from(articles)
    .where(eq(articles.id, articleId));
  return row.n;
};
const liveRows = async (articleId: number) => {
  const [row] = await t.database.db
    .execute<{ n: number }>(
      sql`select count(*)::int as n from comments where article_id = ${articleId} and deleted_at is null`,
    )
    .then((result) => ("rows" in result ? result.rows : result) as Array<{ n: number }>);
  return Number(row.n);
};
/** Moves a comment's posting back in time (instead of waiting out the edit window). */
const agedBy = (id: number, minutes: number) =>
  t.database.db
    .update(comments)
    .set({ createdAt: sql`now() - ${`${minutes} minutes`}::interval` })
    .where(eq(comments.id, id));
const newArticle = () => seedArticle(t.database, writer.user.id);

describe("posting and reading", () => {
  it("lets a user comment and reply, and everyone read them, oldest first with replies inline", async () => {
    const article = await newArticle();
    const first = await comment(article.id, "First **bold** thought", reader);
    expect(first).toMatchObject({
      articleId: article.id,
      parentId: null,
      body: "First **bold** thought",
      bodyHtml: "<p>First <strong>bold</strong> thought</p>",
      deleted: false,
      editedAt: null,
      canEdit: true,
      canDelete: true,
      canReport: false,
      replies: [],
    });
    expect(first.author).toMatchObject({ name: "Rita Reader" });
    expect(first.author?.handle).toMatch(/^rita-reader/);
    const second = await comment(article.id, "Second", stranger);
    const reply = await comment(article.id, "A reply", writer, first.id);
    expect(reply.parentId).toBe(first.id);

    // A visitor sees them all and may do nothing with them.
    const page = await list(article.id);
    expect(page).toMatchObject({ page: 1, hasMore: false, total: 3 });
    expect(page.comments.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(page.comments[0].replies.map((r) => r.id)).toEqual([reply.id]);
    for (const c of [...page.comments, ...page.comments[0].replies]) {
      expect([c.canEdit, c.canDelete, c.canReport]).toEqual([false, false, false]);
    }
    // The article's author may delete every comment on it and report others'.
    const asAuthor = await list(article.id, writer.cookie);
    expect(asAuthor.comments[0]).toMatchObject({ canEdit: false, canDelete: true, canReport: true });
    expect(asAuthor.comments[0].replies[0]).toMatchObject({ canEdit: true, canDelete: true, canReport: false });
    // Another reader may report, not delete.
    const asStranger = await list(article.id, stranger.cookie);
    expect(asStranger.comments[0]).toMatchObject({ canEdit: false, canDelete: false, canReport: true });
    // The count is on the article and on its card.
    expect(await storedCount(article.id)).toBe(3);
    expect((await t.app.inject({ url: `/api/articles/${article.id}` })).json().commentCount).toBe(3);
    const feed = await t.app.inject({ url: "/api/articles?sortBy=latest", headers: { cookie: reader.cookie } });
    expect(feed.json().find((a: { id: number }) => a.id === article.id).commentCount).toBe(3);
  });

  it("lets guests comment (a user type, not a visitor) and refuses visitors with 401", async () => {
    const article = await newArticle();
    const guest = await registerUser(t.app);
    expect(guest.user.userType).toBe("guest");
    await comment(article.id, "From a guest", guest);
    const first = (await list(article.id)).comments[0];
    expectMessage(await post(article.id, { body: "hi" }), 401);
    expectMessage(await put(first.id, { body: "hi" }), 401);
    expectMessage(await del(first.id), 401);
    expectMessage(await report(first.id), 401);
    // Signed out is 401 whatever the body (decisions.md: sign-in is checked first).
    expectMessage(await post(article.id, { body: "" }), 401);
  });

  it("pages top-level comments, 20 a page, saying whether more exist", async () => {
    const article = await newArticle();
    const values = Array.from({ length: COMMENTS_PAGE_SIZE + 1 }, (_, i) => ({
      articleId: article.id,
      userId: reader.user.id,
      body: `Comment ${i}`,
      bodyHtml: `<p>Comment ${i}</p>`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    }));
    await t.database.db.insert(comments).values(values);
    const first = await list(article.id);
    expect(first.comments).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.comments[0].body).toBe("Comment 0");
    const second = await list(article.id, undefined, 2);
    expect(second.comments.map((c) => c.body)).toEqual([`Comment ${COMMENTS_PAGE_SIZE}`]);
    expect(second.hasMore).toBe(false);
    expectMessage(await t.app.inject({ url: `/api/articles/${article.id}/comments?page=0` }), 400, /page/);
    expectMessage(await t.app.inject({ url: `/api/articles/${article.id}/comments?page=x` }), 400, /page/);
    expectMessage(await t.app.inject({ url: "/api/articles/99999999/comments" }), 404);
    expectMessage(await t.app.inject({ url: "/api/articles/abc/comments" }), 400);
  });
});

describe("replies", () => {
  it("are one level deep: a reply to a reply is refused, as is a parent on another article", async () => {
    const article = await newArticle();
    const other = await newArticle();
    const top = await comment(article.id, "Top", reader);
    const reply = await comment(article.id, "Reply", stranger, top.id);
    expectMessage(await post(article.id, { body: "Deeper", parentId: reply.id }, writer.cookie), 400, /one level deep/);
    expect(REPLY_TO_REPLY).toMatch(/one level deep/);
    expectMessage(
      await post(other.id, { body: "Elsewhere", parentId: top.id }, writer.cookie),
      400,
      /not on this article/,
    );
    expectMessage(await post(article.id, { body: "Gone", parentId: 99999999 }, writer.cookie), 404);
    expectMessage(await post(article.id, { body: "Bad", parentId: "x" }, writer.cookie), 400, /parentId/);
    expect(await storedCount(article.id)).toBe(2);
  });
});

describe("validation", () => {
  it("refuses empty, blank, too long, NUL and lone surrogates with a 4xx sentence", async () => {
    const article = await newArticle();
    expectMessage(await post(article.id, { body: "" }, reader.cookie), 400, /write a comment/);
    expectMessage(await post(article.id, { body: "   \n " }, reader.cookie), 400, /write a comment/);
    expectMessage(await post(article.id, {}, reader.cookie), 400, /write a comment/);
    expectMessage(await post(article.id, { body: 5 }, reader.cookie), 400, /must be text/);
    expectMessage(
      await post(article.id, { body: "x".repeat(MAX_COMMENT_LENGTH + 1) }, reader.cookie),
      400,
      /at most 2,000/,
    );
    expectMessage(await post(article.id, { body: "a\u0000b" }, reader.cookie), 400, /cannot be stored/);
    expectMessage(await post(article.id, { body: "a\ud800b" }, reader.cookie), 400, /cannot be stored/);
    expectMessage(await post(99999999, { body: "hi" }, reader.cookie), 404);
    // The cap is after trimming.
    const padded = await comment(article.id, `  ${"x".repeat(MAX_COMMENT_LENGTH)}  `, reader);
    expect(padded.body).toHaveLength(MAX_COMMENT_LENGTH);
    expect(await storedCount(article.id)).toBe(1);
  });
});

describe("sanitising", () => {
  it("never stores or shows script tags, event handlers or javascript: links", async () => {
    const article = await newArticle();
    const attacks = [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "[x](javascript:alert(1))",
      '<a href="javascript:alert(1)">x</a>',
      "[ok](https://example.com)",
    ];
    for (const body of attacks) await comment(article.id, body, reader);
    const page = await list(article.id);
    const html = page.comments.map((c) => c.bodyHtml);
    for (const item of html) {
      expect(item).not.toMatch(/<(script|img)/i);
      expect(item).not.toMatch(/<a [^>]*href="javascript/i);
    }
    expect(html[0]).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(html[2]).toBe("<p>[x](javascript:alert(1))</p>");
    expect(html[4]).toBe('<p><a href="https://example.com" rel="nofollow ugc noopener">ok</a></p>');
    // The source is kept as typed, for the writer's edit.
    expect(page.comments[1].body).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("editing", () => {
  it("is for the writer within 15 minutes, and sets editedAt", async () => {
    const article = await newArticle();
    const mine = await comment(article.id, "Tpyo", reader);
    const edited = await put(mine.id, { body: "Typo *fixed*" }, reader.cookie);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: "Typo *fixed*", bodyHtml: "<p>Typo <em>fixed</em></p>" });
    expect(edited.json().editedAt).not.toBeNull();
    expect((await list(article.id)).comments[0].editedAt).not.toBeNull();
    // Someone else, even the article's author or an admin, may not.
    expectMessage(await put(mine.id, { body: "Mine now" }, writer.cookie), 403, /own comments/);
    expectMessage(await put(mine.id, { body: "Mine now" }, admin.cookie), 403, /own comments/);
    // Still inside the window at 14 minutes; not at 16.
    await agedBy(mine.id, 14);
    expect((await put(mine.id, { body: "Still fine" }, reader.cookie)).statusCode).toBe(200);
    await agedBy(mine.id, 16);
    expect(expectMessage(await put(mine.id, { body: "Too late" }, reader.cookie), 403)).toBe(EDIT_WINDOW_PASSED);
    const after = (await list(article.id, reader.cookie)).comments[0];
    expect(after).toMatchObject({ body: "Still fine", canEdit: false, editableUntil: null });
    // Bad input and unknown comments.
    expectMessage(await put(mine.id, { body: "" }, reader.cookie), 400, /write a comment/);
    expectMessage(await put(99999999, { body: "x" }, reader.cookie), 404);
    expectMessage(await put(mine.id, { body: "x\u0000" }, reader.cookie), 400);
  });
});

describe("deleting", () => {
  it("by the writer, the article's author or an admin; anyone else gets 403", async () => {
    const article = await newArticle();
    const a = await comment(article.id, "by reader", reader);
    const b = await comment(article.id, "by stranger", stranger);
    const c = await comment(article.id, "by stranger again", stranger);
    expectMessage(await del(a.id, stranger.cookie), 403, /writer, the article's author or an admin/);
    expect((await del(a.id, reader.cookie)).json()).toMatchObject({ id: a.id, outcome: "removed", commentCount: 2 });
    expect((await del(b.id, writer.cookie)).json()).toMatchObject({ outcome: "removed", commentCount: 1 });
    expect((await del(c.id, admin.cookie)).json()).toMatchObject({ outcome: "removed", commentCount: 0 });
    expectMessage(await del(c.id, admin.cookie), 404);
    expect(await storedCount(article.id)).toBe(0);
    expect((await list(article.id)).comments).toEqual([]);
  });

  it("keeps a comment with replies as 'Comment deleted', and tidies it when its last reply goes", async () => {
    const article = await newArticle();
    const top = await comment(article.id, "Top secret", reader);
    const r1 = await comment(article.id, "Reply one", stranger, top.id);
    const r2 = await comment(article.id, "Reply two", writer, top.id);
    expect(await storedCount(article.id)).toBe(3);
    expect((await del(top.id, reader.cookie)).json()).toMatchObject({ outcome: "placeholder", commentCount: 2 });
    const shown = (await list(article.id, admin.cookie)).comments[0];
    expect(shown).toMatchObject({
      id: top.id,
      deleted: true,
      body: "",
      bodyHtml: "",
      author: null,
      canDelete: false,
      canReport: false,
    });
    expect(shown.replies.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(JSON.stringify(shown)).not.toContain("Top secret");
    const [stored] = await t.database.db.select().from(comments).where(eq(comments.id, top.id));
    expect(stored.body).toBe("");
    expect(stored.deletedAt).not.toBeNull();
    // Nobody can reply to it now.
    expectMessage(await post(article.id, { body: "late", parentId: top.id }, stranger.cookie), 409);
    await del(r1.id, stranger.cookie);
    expect((await list(article.id)).comments[0].replies).toHaveLength(1);
    expect((await del(r2.id, admin.cookie)).json()).toMatchObject({ outcome: "removed", commentCount: 0 });
    expect((await list(article.id)).comments).toEqual([]);
    expect(await storedCount(article.id)).toBe(0);
    expect(await liveRows(article.id)).toBe(0);
  });

  it("keeps the count exact through a mix of writes", async () => {
    const article = await newArticle();
    const made: CommentResponse[] = [];
    for (const user of [reader, stranger, writer, admin]) made.push(await comment(article.id, "hi", user));
    await comment(article.id, "re", reader, made[1].id);
    await del(made[1].id, admin.cookie);
    await del(made[0].id, reader.cookie);
    await put(made[2].id, { body: "edited" }, writer.cookie);
    expect(await storedCount(article.id)).toBe(await liveRows(article.id));
    expect(await storedCount(article.id)).toBe(3);
  });
});

describe("a writer who deletes their account", () => {
  it("takes their comments (and replies to them) off the count", async () => {
    const article = await newArticle();
    const leaving = await registerUser(t.app);
    const theirs = await comment(article.id, "I am leaving", leaving);
    await comment(article.id, "A reply to them", reader, theirs.id);
    await comment(article.id, "Staying", reader);
    expect(await storedCount(article.id)).toBe(3);
    const gone = await t.app.inject({
      method: "DELETE",
      url: DELETE_ACCOUNT_PATH,
      headers: headers(leaving.cookie),
      payload: { password: leaving.account.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await storedCount(article.id)).toBe(1);
    expect((await list(article.id)).total).toBe(1);
  });
});

describe("reports and the admin queue", () => {
  it("take a report once per user, not of one's own comment, and let the admin keep or remove", async () => {
    const article = await newArticle();
    const rude = await comment(article.id, "Rude words", stranger);
    const fine = await comment(article.id, "Fine words", stranger);
    expectMessage(await report(rude.id, stranger.cookie), 403, /your own comment/);
    expect((await report(rude.id, reader.cookie, { reason: "Insulting" })).json()).toEqual({
      commentId: rude.id,
      reported: true,
    });
    // A second report by the same user is accepted and changes nothing.
    expect((await report(rude.id, reader.cookie, { reason: "Again" })).statusCode).toBe(200);
    expect((await report(rude.id, writer.cookie, {})).statusCode).toBe(200);
    expect((await report(fine.id, reader.cookie, { reason: "x".repeat(501) })).statusCode).toBe(400);
    expect((await report(fine.id, writer.cookie)).statusCode).toBe(200);
    expectMessage(await report(99999999, reader.cookie), 404);

    const queue = await t.app.inject({ url: "/api/admin/comment-reports", headers: { cookie: admin.cookie } });
    expect(queue.statusCode, queue.body).toBe(200);
    const items = queue.json().items as Array<{
      comment: { id: number };
      reportCount: number;
      reports: Array<{ reason: string }>;
    }>;
    const rudeItem = items.find((item) => item.comment.id === rude.id);
    expect(rudeItem?.reportCount).toBe(2);
    expect(rudeItem?.reports.map((r) => r.reason)).toEqual(["Insulting", ""]);
    expect(items.find((item) => item.comment.id === fine.id)?.reportCount).toBe(1);

    const moderate = (id: number, action: string, cookie = admin.cookie) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/comment-reports/${id}`,
        headers: headers(cookie),
        payload: { action },
      });
    expectMessage(await moderate(fine.id, "maybe"), 400, /keep.*remove/);
    expect((await moderate(fine.id, "keep")).json()).toEqual({ commentId: fine.id, action: "keep" });
    expect((await moderate(rude.id, "remove")).json()).toEqual({ commentId: rude.id, action: "remove" });
    const after = (await t.app.inject({ url: "/api/admin/comment-reports", headers: { cookie: admin.cookie } })).json();
    expect(after.items.map((item: { comment: { id: number } }) => item.comment.id)).not.toContain(rude.id);
    expect(after.items.map((item: { comment: { id: number } }) => item.comment.id)).not.toContain(fine.id);
    expect((await list(article.id)).comments.map((c) => c.id)).toEqual([fine.id]);
    expect(await storedCount(article.id)).toBe(1);
    // A kept comment's reporter reporting again reopens nothing.
    await report(fine.id, writer.cookie);
    const again = (await t.app.inject({ url: "/api/admin/comment-reports", headers: { cookie: admin.cookie } })).json();
    expect(again.items.map((item: { comment: { id: number } }) => item.comment.id)).not.toContain(fine.id);
    expectMessage(await moderate(99999999, "keep"), 404);
  });
});

describe("throttle", () => {
  it("allows 5 comments a minute per user, then answers 429 with a sentence", async () => {
    const article = await newArticle();
    const busy = await registerUser(t.app);
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) await comment(article.id, `Comment ${i}`, busy);
    const refused = await post(article.id, { body: "one too many" }, busy.cookie);
    expectMessage(refused, 429, /Too many comments in a short time\. Please wait \d+ seconds? and try again\./);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another user is not held back.
    await comment(article.id, "Someone else", reader);
    // The daily allowance: 50, kept in the database.
    const daily = await registerUser(t.app);
    await t.database.db.insert(authThrottle).values({
      key: `comment-day:${daily.user.id}`,
      failures: 50,
      windowStartedAt: new Date(Date.now() + 24 * 3600_000),
    });
    expectMessage(await post(article.id, { body: "over the day" }, daily.cookie), 429, /Too many comments today/);
    expect(await storedCount(article.id)).toBe(COMMENTS_PER_MINUTE + 1);
  });
});

describe("the access matrix", () => {
  it("answers every comment endpoint as the rules say, signed out, as a user and as an admin", async () => {
    const article = await newArticle();
    const target = await comment(article.id, "target", writer);
    const rows: Array<[string, string, number | null, number | null, number | null]> = [];
    const call = async (method: string, url: string, payload?: object) => {
      const statuses: Array<number | null> = [];
      for (const who of [undefined, reader, admin]) {
        // Fresh allowances each time, so the matrix never meets the throttle.
        await t.database.db.delete(authThrottle).where(like(authThrottle.key, "comment-%"));
        const response = await t.app.inject({
          method: method as "GET",
          url,
          headers: headers(who?.cookie),
          ...(payload ? { payload } : {}),
        });
        statuses.push(response.statusCode);
      }
      rows.push([method, url.replace(/\d+/g, "{id}"), ...(statuses as [number, number, number])]);
    };
    await call("GET", `/api/articles/${article.id}/comments`);
    await call("POST", `/api/articles/${article.id}/comments`, { body: "hello" });
    await call("POST", `/api/comments/${target.id}/report`, { reason: "spam" });
    await call("GET", "/api/admin/comment-reports");
    await call("POST", `/api/admin/comment-reports/${target.id}`, { action: "keep" });
    // Someone else's comment: neither the reader nor the admin may edit it.
    await call("PUT", `/api/comments/${target.id}`, { body: "changed" });
    const theirs = await comment(article.id, "to delete", writer);
    await call("DELETE", `/api/comments/${theirs.id}`);
    expect(rows).toEqual([
      ["GET", "/api/articles/{id}/comments", 200, 200, 200],
      ["POST", "/api/articles/{id}/comments", 401, 201, 201],
      ["POST", "/api/comments/{id}/report", 401, 200, 200],
      ["GET", "/api/admin/comment-reports", 401, 403, 200],
      ["POST", "/api/admin/comment-reports/{id}", 401, 403, 200],
      ["PUT", "/api/comments/{id}", 401, 403, 403],
      ["DELETE", "/api/comments/{id}", 401, 403, 200],
    ]);
  });
});
