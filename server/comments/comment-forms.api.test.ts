import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commentReportsQueryKey, MODERATE_COMMENT_INTENT } from "../../contract/comment-keys";
import { COMMENT_INTENTS, type CommentFormAnswer, type CommentsPage, commentsQueryKey } from "../../contract/comments";
import { registerAdmin } from "../../test/admin";
import { createTestApp, type RegisteredUser, registerUser, type TestApp } from "../../test/app";
import { seedArticle } from "../../test/factories";
import { formAnswerIn, postForm, recordingRenderer, renderedPage } from "../../test/form-posts";
import { comments } from "../db/schema";

// The article page's comment forms posted as a browser without JavaScript posts them, and the
// page's first HTML carrying the first page of comments (issue 19 item 4).

let t: TestApp;
let writer: RegisteredUser;
let reader: RegisteredUser;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({}, { pages: recordingRenderer });
  writer = await registerUser(t.app);
  reader = await registerUser(t.app);
  admin = await registerAdmin(t);
});
afterAll(() => t?.close());

const page = async (url: string, cookie?: string) => {
  const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return renderedPage(response.body);
};
const commentsIn = (queries: Array<{ queryKey: readonly unknown[]; data: unknown }>, articleId: number) =>
  queries.find((q) => q.queryKey[0] === commentsQueryKey(articleId)[0])?.data as CommentsPage | undefined;

describe("the article page", () => {
  it("carries the first page of comments in its first HTML, for visitors and users", async () => {
    const article = await seedArticle(t.database, writer.user.id);
    await t.database.db.insert(comments).values({
      articleId: article.id,
      userId: reader.user.id,
      body: "Seen <b>without</b> scripts",
      bodyHtml: "<p>Seen &lt;b&gt;without&lt;/b&gt; scripts</p>",
    });
    const visitor = commentsIn((await page(`/article/${article.slug}`)).queries, article.id);
    expect(visitor?.comments.map((c) => c.body)).toEqual(["Seen <b>without</b> scripts"]);
    expect(visitor?.comments[0].canDelete).toBe(false);
    const asWriter = commentsIn((await page(`/article/${article.slug}`, writer.cookie)).queries, article.id);
    expect(asWriter?.comments[0].canDelete).toBe(true);
  });
});

describe("comment forms without JavaScript", () => {
  it("post a comment and a reply, then go back to them", async () => {
    const article = await seedArticle(t.database, writer.user.id);
    const path = `/article/${article.slug}`;
    const posted = await postForm(
      t.app,
      path,
      [
        ["intent", COMMENT_INTENTS.post],
        ["articleId", String(article.id)],
        ["body", "Posted *without* scripts"],
      ],
      { cookie: reader.cookie },
    );
    expect(posted.statusCode, posted.body).toBe(303);
    const [stored] = await t.database.db.select().from(comments).where(eq(comments.articleId, article.id));
    expect(posted.headers.location).toBe(`${path}#comment-${stored.id}`);
    expect(stored.bodyHtml).toBe("<p>Posted <em>without</em> scripts</p>");
    const reply = await postForm(
      t.app,
      path,
      [
        ["intent", COMMENT_INTENTS.post],
        ["articleId", String(article.id)],
        ["parentId", String(stored.id)],
        ["body", "A reply"],
      ],
      { cookie: writer.cookie },
    );
    expect(reply.statusCode).toBe(303);
    const shown = commentsIn((await page(path)).queries, article.id);
    expect(shown?.comments[0].replies.map((r) => r.body)).toEqual(["A reply"]);
    expect(shown?.total).toBe(2);
  });

  it("answer a refused post with the page, its sentence and what was typed", async () => {
    const article = await seedArticle(t.database, writer.user.id);
    const long = "x".repeat(2001);
    const refused = await postForm(
      t.app,
      `/article/${article.slug}`,
      [
        ["intent", COMMENT_INTENTS.post],
        ["articleId", String(article.id)],
        ["body", long],
      ],
      { cookie: reader.cookie },
    );
    expect(refused.statusCode).toBe(400);
    const answer = formAnswerIn<CommentFormAnswer>(refused.body, "comment");
    expect(answer.error).toEqual({
      title: "Could not post comment",
      description: expect.stringMatching(/at most 2,000/),
    });
    expect(answer.body).toBe(long);
    const nul = await postForm(
      t.app,
      `/article/${article.slug}`,
      [
        ["intent", COMMENT_INTENTS.post],
        ["articleId", String(article.id)],
        ["body", "a\u0000b"],
      ],
      { cookie: reader.cookie },
    );
    expect(nul.statusCode).toBe(400);
    // Signed out, the form goes to sign in.
    const visitor = await postForm(t.app, `/article/${article.slug}`, [
      ["intent", COMMENT_INTENTS.post],
      ["articleId", String(article.id)],
      ["body", "hello"],
    ]);
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe("/login");
  });

  it("delete, edit and report as the API does, refusing those who may not", async () => {
    const article = await seedArticle(t.database, writer.user.id);
    const path = `/article/${article.slug}`;
    const [own] = await t.database.db
      .insert(comments)
      .values({ articleId: article.id, userId: reader.user.id, body: "mine", bodyHtml: "<p>mine</p>" })
      .returning();
    const form = (intent: string, extra: Array<[string, string]> = []): Array<[string, string]> => [
      ["intent", intent],
      ["commentId", String(own.id)],
      ...extra,
    ];
    const stranger = await registerUser(t.app);
    const forbidden = await postForm(t.app, path, form(COMMENT_INTENTS.delete), { cookie: stranger.cookie });
    expect(forbidden.statusCode).toBe(403);
    expect(formAnswerIn<CommentFormAnswer>(forbidden.body, "comment").error.title).toBe("Could not delete comment");
    const edited = await postForm(t.app, path, form(COMMENT_INTENTS.edit, [["body", "**edited**"]]), {
      cookie: reader.cookie,
    });
    expect(edited.statusCode).toBe(303);
    const reported = await postForm(t.app, path, form(COMMENT_INTENTS.report, [["reason", "rude"]]), {
      cookie: stranger.cookie,
    });
    expect(reported.statusCode).toBe(303);
    const queue = (await page("/admin?tab=comments", admin.cookie)).queries.find(
      (q) => q.queryKey[0] === commentReportsQueryKey()[0],
    )?.data as { items: Array<{ comment: { id: number; bodyHtml: string }; reportCount: number }> };
    expect(queue.items.find((item) => item.comment.id === own.id)).toMatchObject({
      reportCount: 1,
      comment: { bodyHtml: "<p><strong>edited</strong></p>" },
    });
    // The admin keeps it without scripts; the queue page comes back.
    const kept = await postForm(
      t.app,
      "/admin",
      [
        ["intent", MODERATE_COMMENT_INTENT],
        ["commentId", String(own.id)],
        ["action", "keep"],
        ["page", "1"],
      ],
      { cookie: admin.cookie },
    );
    expect(kept.statusCode, kept.body).toBe(303);
    expect(kept.headers.location).toBe("/admin?tab=comments");
    const deleted = await postForm(t.app, path, form(COMMENT_INTENTS.delete), { cookie: writer.cookie });
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe(`${path}#comments`);
    expect(await t.database.db.select().from(comments).where(eq(comments.id, own.id))).toEqual([]);
  });
});
