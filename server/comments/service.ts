import {
  CANNOT_REPORT_OWN,
  COMMENT_NOT_FOUND,
  type CommentReportsPage,
  type CommentsPage,
  EDIT_WINDOW_PASSED,
  MAY_NOT_DELETE,
  type ModerationAction,
  NOT_YOUR_COMMENT,
  PARENT_NOT_ON_ARTICLE,
  REPLY_TO_REPLY,
} from "../../contract/comments";
import { forgetCachedReads } from "../articles/read-cache";
import { ARTICLE_NOT_FOUND } from "../articles/reading";
import { commentDayKey, commentMinuteKey, forgiveFailure, takeAttempt, tooManyAttempts } from "../auth/throttle";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { forbidden, HttpError, notFound } from "../http/errors";
import { mayDelete, presentComment, presentReported, presentThread } from "./presenter";
import { renderCommentMarkdown } from "./render";
import {
  deleteCommentRow,
  findComment,
  findCommentArticle,
  insertComment,
  insertReport,
  listCommentPage,
  listReportedComments,
  resolveReports,
  updateOwnComment,
} from "./repository";

/*
 * The rules of comments (issue 19 item 4). Every write empties the cached reads (the article's
 * signed-out page shows its comments, and cards show the count).
 */

type Viewer = Pick<UserRow, "id" | "role">;

/** What a page of comments needs to know of its article. */
type CommentedArticle = { userId: string; commentCount: number };

/**
 * One page of an article's comments for this viewer; undefined when there is no such article.
 * A caller that has just read the article (the article page) passes it, saving a look-up.
 */
export async function commentsFor(
  db: Db,
  articleId: number,
  page: number,
  viewer: Viewer | undefined,
  known?: CommentedArticle,
): Promise<CommentsPage | undefined> {
  const article = known ?? (await findCommentArticle(db, articleId));
  if (!article) return undefined;
  const { topLevel, replies, hasMore } = await listCommentPage(db, articleId, page);
  const who = { user: viewer, articleAuthorId: article.userId };
  return {
    comments: topLevel.map((row) =>
      presentThread(
        row,
        replies.filter((reply) => reply.parentId === row.id),
        who,
      ),
    ),
    page,
    hasMore,
    total: article.commentCount,
  };
}

/**
 * Counts one comment against the writer's allowances (5 a minute, 50 a day, in the database so
 * every process agrees); past either, a 429 saying how long to wait.
 */
async function takeCommentAllowance(db: Db, userId: string): Promise<void> {
  const minute = await takeAttempt(db, commentMinuteKey(userId));
  if (minute > 0) throw tooManyAttempts(minute, "comments in a short time");
  const day = await takeAttempt(db, commentDayKey(userId));
  if (day > 0) {
    await forgiveFailure(db, commentMinuteKey(userId));
    throw tooManyAttempts(day, "comments today");
  }
}

/**
 * Posts a comment, or a reply to a top-level comment of the same article. A reply to a reply is
 * refused (400): replies are one level deep. Answers the comment as its writer sees it.
 */
export async function postComment(
  db: Db,
  user: UserRow,
  articleId: number,
  input: { body: string; parentId: number | null },
) {
  const article = await findCommentArticle(db, articleId);
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  if (input.parentId !== null) {
    const parent = await findComment(db, input.parentId);
    if (!parent) throw notFound("The comment you are replying to no longer exists.");
    if (parent.articleId !== articleId) throw new HttpError(400, PARENT_NOT_ON_ARTICLE);
    if (parent.parentId !== null) throw new HttpError(400, REPLY_TO_REPLY);
    if (parent.deletedAt !== null) throw new HttpError(409, "The comment you are replying to was deleted.");
  }
  await takeCommentAllowance(db, user.id);
  const id = await insertComment(db, {
    articleId,
    userId: user.id,
    parentId: input.parentId,
    body: input.body,
    bodyHtml: renderCommentMarkdown(input.body),
  });
  forgetCachedReads(db);
  const row = await findComment(db, id);
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return { ...presentComment(row, { user, articleAuthorId: article.userId }), replies: [] };
}

/** The writer's edit within the edit window; after it, 403 with the window's sentence. */
export async function editComment(db: Db, user: UserRow, id: number, body: string) {
  const row = await findComment(db, id);
  if (!row || row.deletedAt !== null) throw notFound(COMMENT_NOT_FOUND);
  if (row.userId !== user.id) throw forbidden(NOT_YOUR_COMMENT);
  if (!(await updateOwnComment(db, id, user.id, { body, bodyHtml: renderCommentMarkdown(body) }))) {
    throw forbidden(EDIT_WINDOW_PASSED);
  }
  forgetCachedReads(db);
  const saved = await findComment(db, id);
  const article = await findCommentArticle(db, row.articleId);
  if (!saved || !article) throw notFound(COMMENT_NOT_FOUND);
  return presentComment(saved, { user, articleAuthorId: article.userId });
}

/** Deletes a comment for its writer, the article's author or an admin (403 for anyone else). */
export async function deleteComment(db: Db, user: UserRow, id: number) {
  const row = await findComment(db, id);
  if (!row || row.deletedAt !== null) throw notFound(COMMENT_NOT_FOUND);
  const article = await findCommentArticle(db, row.articleId);
  if (!article) throw notFound(COMMENT_NOT_FOUND);
  if (!mayDelete({ user, articleAuthorId: article.userId }, row)) throw forbidden(MAY_NOT_DELETE);
  const done = await deleteCommentRow(db, id);
  if (!done) throw notFound(COMMENT_NOT_FOUND);
  forgetCachedReads(db);
  return { id, outcome: done.outcome, commentCount: done.commentCount };
}

/** A signed-in user's report of someone else's comment; a second one is accepted and changes nothing. */
export async function reportComment(db: Db, user: UserRow, id: number, reason: string) {
  const row = await findComment(db, id);
  if (!row || row.deletedAt !== null) throw notFound(COMMENT_NOT_FOUND);
  if (row.userId === user.id) throw forbidden(CANNOT_REPORT_OWN);
  await insertReport(db, id, user.id, reason);
  return { commentId: id, reported: true as const };
}

/** One page of the admin's queue: comments with open reports, the longest waiting first. */
export async function reportQueue(db: Db, admin: Viewer, page: number): Promise<CommentReportsPage> {
  const { items, hasMore } = await listReportedComments(db, page);
  return { items: items.map((row) => presentReported(row, admin)), page, hasMore };
}

/** The admin's decision: keep (its open reports resolved) or remove (deleted as a delete would). */
export async function moderateComment(db: Db, id: number, action: ModerationAction) {
  const row = await findComment(db, id);
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  if (action === "keep") {
    await resolveReports(db, id);
  } else if (row.deletedAt === null) {
    await deleteCommentRow(db, id);
    forgetCachedReads(db);
  } else {
    // Already shown as "Comment deleted": nothing of it is left to remove but its reports.
    await resolveReports(db, id);
  }
  return { commentId: id, action };
}
