import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponse } from "../../contract/common";
import { requireAdmin } from "../auth/plugin";
import type { Db } from "../db/client";
import { articles } from "../db/schema";
import { notFound } from "../http/errors";

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: "id must be an article id" })
    .transform(Number),
});
const featureResult = z.object({ articleId: z.number().int(), featured: z.boolean() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Admin-only article controls. The role check runs before anything else (decisions.md). */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Pinning makes the article the featured one on the home page; the newest pin wins.
  app.put(
    "/api/admin/articles/:id/featured",
    { onRequest: requireAdmin, schema: { params: idParam, response: { 200: featureResult, ...errors } } },
    async (request) => {
      const rows = await db
        .update(articles)
        .set({ featuredAt: sql`now()` })
        .where(eq(articles.id, request.params.id))
        .returning({ id: articles.id });
      if (rows.length === 0) throw notFound("That article does not exist.");
      return { articleId: request.params.id, featured: true };
    },
  );

  app.delete(
    "/api/admin/articles/:id/featured",
    { onRequest: requireAdmin, schema: { params: idParam, response: { 200: featureResult, ...errors } } },
    async (request) => {
      const rows = await db
        .update(articles)
        .set({ featuredAt: null })
        .where(eq(articles.id, request.params.id))
        .returning({ id: articles.id });
      if (rows.length === 0) throw notFound("That article does not exist.");
      return { articleId: request.params.id, featured: false };
    },
  );
};
