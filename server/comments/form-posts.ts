import type { FastifyReply, FastifyRequest } from "fastify";
import { adminHref } from "../../contract/admin-query";
import {
  COMMENT_ANSWER_KEY,
  COMMENT_INTENTS,
  COMMENTS_ANCHOR,
  type CommentFormAnswer,
  createCommentRequest,
  DELETE_COMMENT_FAILED,
  EDIT_COMMENT_FAILED,
  moderateCommentRequest,
  POST_COMMENT_FAILED,
  REPORT_COMMENT_FAILED,
  reportCommentFields,
  updateCommentRequest,
} from "../../contract/comments";
import { recordId } from "../../contract/common";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { HttpError } from "../http/errors";
import { type Fields, type RenderFormPage, text } from "../pages/form-posts";
import { deleteComment, editComment, moderateComment, postComment, reportComment } from "./service";

/*
 * The article page's comment forms without JavaScript (progressive enhancement): posting a
 * comment or a reply, editing, reporting and deleting one, posted to the article's own path with an `intent`
 * (server/pages/action-posts.ts hands them here). Done by the API's own service functions under
 * the API's rules, then a redirect back to the comments (post, redirect, get); what cannot be
 * done is the page again with the sentence, and a post keeps what was typed.
 */

const FAILED_TITLES: Record<string, string> = {
  [COMMENT_INTENTS.post]: POST_COMMENT_FAILED,
  [COMMENT_INTENTS.delete]: DELETE_COMMENT_FAILED,
  [COMMENT_INTENTS.edit]: EDIT_COMMENT_FAILED,
  [COMMENT_INTENTS.report]: REPORT_COMMENT_FAILED,
};

export const COMMENT_FORM_INTENTS: readonly string[] = Object.values(COMMENT_INTENTS);

const articleId = recordId("articleId must be an article id");
const commentId = recordId("commentId must be a comment id");

function parsedOr400<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
) {
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? "Please check the form.");
  return result.data;
}

/** Answers a comment form posted to /article/{identifier}. 401s are left to the caller (the sign-in page). */
export async function answerCommentForm(
  deps: { db: Db; renderPage: RenderFormPage },
  request: FastifyRequest,
  reply: FastifyReply,
  input: { fields: Fields; intent: string; user: UserRow; pagePath: string },
): Promise<FastifyReply> {
  const { fields, intent, user, pagePath } = input;
  const posting = intent === COMMENT_INTENTS.post;
  const body = text(fields, "body");
  const parentText = text(fields, "parentId");
  try {
    if (posting) {
      const id = parsedOr400(articleId.safeParse(text(fields, "articleId")));
      const values = parsedOr400(createCommentRequest.safeParse({ body, parentId: parentText || null }));
      const made = await postComment(deps.db, user, id, values);
      return reply.redirect(`${pagePath}#comment-${made.id}`, 303);
    }
    const id = parsedOr400(commentId.safeParse(text(fields, "commentId")));
    if (intent === COMMENT_INTENTS.edit) {
      const values = parsedOr400(updateCommentRequest.safeParse({ body }));
      await editComment(deps.db, user, id, values.body);
      return reply.redirect(`${pagePath}#comment-${id}`, 303);
    }
    if (intent === COMMENT_INTENTS.report) {
      const values = parsedOr400(reportCommentFields.safeParse({ reason: text(fields, "reason") }));
      await reportComment(deps.db, user, id, values.reason);
      return reply.redirect(`${pagePath}#comment-${id}`, 303);
    }
    await deleteComment(deps.db, user, id);
    return reply.redirect(`${pagePath}#${COMMENTS_ANCHOR}`, 303);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode === 401) throw error;
    const parentId = /^\d{1,9}$/.test(parentText) ? Number(parentText) : null;
    const data: CommentFormAnswer = {
      error: { title: FAILED_TITLES[intent] ?? POST_COMMENT_FAILED, description: error.message },
      ...(posting ? { body: body.slice(0, 10_000), parentId } : {}),
    };
    reply.headers(error.headers);
    return deps.renderPage(request, reply, pagePath, { queryKey: COMMENT_ANSWER_KEY, data }, error.statusCode);
  }
}

/**
 * The admin's Keep or Remove on the report queue posted without JavaScript (to /admin, which
 * has already checked the admin): done by the API's service, then back to the same page of the
 * queue. Refusals (an unknown comment, a bad action) are the caller's error page.
 */
export async function answerModerationForm(db: Db, reply: FastifyReply, fields: Fields): Promise<FastifyReply> {
  const id = parsedOr400(commentId.safeParse(text(fields, "commentId")));
  const { action } = parsedOr400(moderateCommentRequest.safeParse({ action: text(fields, "action") }));
  await moderateComment(db, id, action);
  const page = /^\d{1,3}$/.test(text(fields, "page")) ? Number(text(fields, "page")) : 1;
  return reply.redirect(adminHref("comments", { page: Math.max(1, page) }), 303);
}
