import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  COMMENT_NOT_FOUND,
  commentReply,
  commentReportsPage,
  commentReportsQuery,
  commentResponse,
  commentsPage,
  commentsQuery,
  createCommentRequest,
  deleteCommentResponse,
  moderateCommentRequest,
  moderateCommentResponse,
  reportCommentRequest,
  reportResponse,
  updateCommentRequest,
} from "../../contract/comments";
import { errorResponse, pathId } from "../../contract/common";
import { ARTICLE_NOT_FOUND } from "../articles/reading";
import { requireAdmin, requireUser, signedInUser } from "../auth/plugin";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import {
  commentsFor,
  deleteComment,
  editComment,
  moderateComment,
  postComment,
  reportComment,
  reportQueue,
} from "./service";

const articleIdParam = z.object({ id: pathId(ARTICLE_NOT_FOUND) });
const commentIdParam = z.object({ id: pathId(COMMENT_NOT_FOUND) });
const reportedIdParam = z.object({ commentId: pathId(COMMENT_NOT_FOUND) });

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Comments (issue 19 item 4): an article's comments for everyone, writing them for signed-in
 * users (guests included), edits by the writer within the window, deletes by the writer, the
 * article's author or an admin, reports, and the admins' queue of reported comments.
 */
export const commentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/articles/:id/comments",
    {
      schema: {
        description:
          "Top-level comments oldest first, 20 a page, each with all its replies (oldest first). `hasMore` in the body says whether a next page exists. Public; what the viewer may do with each comment (canEdit, canDelete, canReport) depends on who asks.",
        params: articleIdParam,
        querystring: commentsQuery,
        response: { 200: commentsPage, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const found = await commentsFor(db, request.params.id, request.query.page, await request.currentUser());
      if (!found) throw notFound(ARTICLE_NOT_FOUND);
      return found;
    },
  );

  app.post(
    "/api/articles/:id/comments",
    {
      onRequest: requireUser,
      schema: {
        description:
          "Posts a comment (markdown subset, 1 to 2,000 characters after trimming), or with `parentId` a reply to a top-level comment of the same article; a reply to a reply is a 400. At most 5 comments a minute and 50 a day per user (429).",
        params: articleIdParam,
        body: createCommentRequest,
        response: { 201: commentResponse, ...errors, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const comment = await postComment(db, user, request.params.id, request.body);
      return reply.status(201).send(comment);
    },
  );

  app.put(
    "/api/comments/:id",
    {
      onRequest: requireUser,
      schema: {
        description: "The writer's edit, within 15 minutes of posting (403 after); sets editedAt.",
        params: commentIdParam,
        body: updateCommentRequest,
        response: { 200: commentReply, ...errors },
      },
    },
    async (request) => editComment(db, await signedInUser(request), request.params.id, request.body.body),
  );

  app.delete(
    "/api/comments/:id",
    {
      onRequest: requireUser,
      schema: {
        description:
          'Deletes a comment: by its writer, the article\'s author or an admin. One with replies stays as "Comment deleted"; one without is removed.',
        params: commentIdParam,
        response: { 200: deleteCommentResponse, ...errors },
      },
    },
    async (request) => deleteComment(db, await signedInUser(request), request.params.id),
  );

  app.post(
    "/api/comments/:id/report",
    {
      onRequest: requireUser,
      schema: {
        description:
          "Reports someone else's comment to the admins, with an optional reason. Once per user per comment: a second report is accepted and changes nothing.",
        params: commentIdParam,
        body: reportCommentRequest,
        response: { 200: reportResponse, ...errors },
      },
    },
    async (request) => reportComment(db, await signedInUser(request), request.params.id, request.body.reason),
  );

  app.get(
    "/api/admin/comment-reports",
    {
      onRequest: requireAdmin,
      schema: {
        description:
          "Admins: comments with open reports, the longest waiting first, 20 a page, with counts and reasons.",
        querystring: commentReportsQuery,
        response: { 200: commentReportsPage, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => reportQueue(db, await signedInUser(request), request.query.page),
  );

  app.post(
    "/api/admin/comment-reports/:commentId",
    {
      onRequest: requireAdmin,
      schema: {
        description: "Admins: keep a reported comment (its reports resolved) or remove it (as a delete would).",
        params: reportedIdParam,
        body: moderateCommentRequest,
        response: { 200: moderateCommentResponse, ...errors },
      },
    },
    async (request) => moderateComment(db, request.params.commentId, request.body.action),
  );
};
