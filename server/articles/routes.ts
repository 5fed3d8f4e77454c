import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { articleResponse } from "../../contract/articles";
import { errorResponse } from "../../contract/common";
import { requireUser, signedInUser } from "../auth/plugin";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import { presentArticle, presentArticleFor } from "./presenter";
import { findArticleById, findArticleBySlug, listLatestArticles, listUserArticles } from "./repository";

const notFoundMessage = "The article you're looking for doesn't exist or has been removed.";

/** Reading articles. The feed's filters, search and counters arrive with the reading feature. */
export const articleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/articles",
    {
      schema: {
        querystring: z.object({
          page: z.coerce
            .number({ error: "page must be a whole number from 1" })
            .int({ error: "page must be a whole number from 1" })
            .min(1, { error: "page must be a whole number from 1" })
            .max(10_000, { error: "page is too large" })
            .default(1),
        }),
        response: { 200: z.array(articleResponse), 400: errorResponse },
      },
    },
    async (request) => {
      const rows = await listLatestArticles(db, request.query.page);
      return rows.map(({ article, author }) => presentArticle(article, author));
    },
  );

  app.get(
    "/api/articles/:id",
    {
      schema: {
        params: z.object({ id: z.string() }),
        response: { 200: articleResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!/^\d{1,9}$/.test(request.params.id) || !Number.isSafeInteger(id)) throw notFound(notFoundMessage);
      const found = await findArticleById(db, id);
      if (!found) throw notFound(notFoundMessage);
      return presentArticleFor(found, await request.currentUser());
    },
  );

  app.get(
    "/api/articles/slug/:slug",
    {
      schema: {
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: articleResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const found = await findArticleBySlug(db, request.params.slug);
      if (!found) throw notFound(notFoundMessage);
      return presentArticleFor(found, await request.currentUser());
    },
  );

  app.get(
    "/api/user/articles",
    { onRequest: requireUser, schema: { response: { 200: z.array(articleResponse), 401: errorResponse } } },
    async (request) => {
      const user = await signedInUser(request);
      const rows = await listUserArticles(db, user.id);
      return rows.map(({ article, author }) => presentArticle(article, author, { includeMarkdown: true }));
    },
  );
};
