import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminDashboard,
  adminListQuery,
  adminUpdateUserRequest,
  adminUser,
  adminUserList,
  userIdParam,
} from "../../contract/admin";
import { ADMIN_DASHBOARD_PATH, ADMIN_USERS_PATH } from "../../contract/admin-query";
import { adminUpdateArticleRequest, articleResponse } from "../../contract/articles";
import { errorResponse, pathId } from "../../contract/common";
import { deleteAnyArticle, pinArticle, unpinArticle, updateAnyArticle } from "../articles/manage";
import { presentArticle } from "../articles/presenter";
import { findArticleById } from "../articles/repository";
import { requireAdmin } from "../auth/plugin";
import type { Db } from "../db/client";
import { editRenderPool } from "../generation/render-pool";
import { notFound } from "../http/errors";
import { listArticlesPage } from "./repository";
import { dashboard, listUsers, updateUserAccess } from "./service";

const NO_SUCH_ARTICLE = "That article does not exist.";
const idParam = z.object({ id: pathId("id must be an article id") });
const featureResult = z.object({ articleId: z.number().int(), featured: z.boolean() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const listErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Admin-only article controls. The role check runs before anything else (decisions.md). */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Edits (here and the owner's, in articles/routes.ts) render on worker threads; they end with
  // the app once the edits in flight are saved.
  app.addHook("onClose", () => editRenderPool.close());
  // One page of articles, newest first, searched by title, tags or author (?search=&page=).
  app.get(
    "/api/admin/articles",
    {
      onRequest: requireAdmin,
      schema: { querystring: adminListQuery, response: { 200: z.array(articleResponse), ...listErrors } },
    },
    async (request) => {
      const rows = await listArticlesPage(db, request.query);
      return rows.map(({ article, author }) => presentArticle(article, author, { includeMarkdown: true }));
    },
  );

  // One page of users, newest first, searched by name or email (?search=&page=), with the total.
  app.get(
    ADMIN_USERS_PATH,
    {
      onRequest: requireAdmin,
      schema: { querystring: adminListQuery, response: { 200: adminUserList, ...listErrors } },
    },
    async (request) => listUsers(db, request.query),
  );

  // A user's role and/or account type; taking the last admin's role away is a 409.
  app.put(
    `${ADMIN_USERS_PATH}/:id`,
    {
      onRequest: requireAdmin,
      schema: {
        params: userIdParam,
        body: adminUpdateUserRequest,
        response: { 200: adminUser, ...errors, 409: errorResponse },
      },
    },
    async (request) => updateUserAccess(db, request.params.id, request.body),
  );

  // Sign-ups, articles and paying users per UTC day over the last 30 days.
  app.get(
    ADMIN_DASHBOARD_PATH,
    { onRequest: requireAdmin, schema: { response: { 200: adminDashboard, ...listErrors } } },
    async () => dashboard(db),
  );

  app.put(
    "/api/admin/articles/:id",
    {
      onRequest: requireAdmin,
      schema: { params: idParam, body: adminUpdateArticleRequest, response: { 200: articleResponse, ...errors } },
    },
    async (request) => {
      const row = await updateAnyArticle(db, request.params.id, request.body);
      const found = row && (await findArticleById(db, row.id));
      if (!found) throw notFound(NO_SUCH_ARTICLE);
      return presentArticle(found.article, found.author, { includeMarkdown: true });
    },
  );

  app.delete(
    "/api/admin/articles/:id",
    {
      onRequest: requireAdmin,
      schema: {
        params: idParam,
        response: { 200: z.object({ id: z.number().int(), deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      if (!(await deleteAnyArticle(db, request.params.id))) throw notFound(NO_SUCH_ARTICLE);
      return { id: request.params.id, deleted: true as const };
    },
  );

  // Pinning makes the article the featured one on the home page; the newest pin wins.
  app.put(
    "/api/admin/articles/:id/featured",
    { onRequest: requireAdmin, schema: { params: idParam, response: { 200: featureResult, ...errors } } },
    async (request) => {
      if (!(await pinArticle(db, request.params.id))) throw notFound(NO_SUCH_ARTICLE);
      return { articleId: request.params.id, featured: true };
    },
  );

  app.delete(
    "/api/admin/articles/:id/featured",
    { onRequest: requireAdmin, schema: { params: idParam, response: { 200: featureResult, ...errors } } },
    async (request) => {
      if (!(await unpinArticle(db, request.params.id))) throw notFound(NO_SUCH_ARTICLE);
      return { articleId: request.params.id, featured: false };
    },
  );
};
