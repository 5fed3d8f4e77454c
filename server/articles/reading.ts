import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { forbidden, notFound } from "../http/errors";
import { rateArticle } from "./community";
import { findUserRating } from "./community-queries";
import type { Interests } from "./feed-queries";
import { type ArticleWithAuthor, presentArticleFor } from "./presenter";
import { findArticleById, findArticleBySlug } from "./repository";
import { viewCounter } from "./views";
import { type VisitorSettings, visitorFor } from "./visitor";

/*
 * Reading an article and rating it: the rules the API (articles/routes.ts) and the pages
 * (server/pages) share.
 */

export const ARTICLE_NOT_FOUND = "The article you're looking for doesn't exist or has been removed.";

/** The interests a signed-in reader chose at registration, for the 'For You' sort. */
export function interestsOf(user: UserRow | undefined): Interests | null {
  if (!user) return null;
  return { categories: user.preferredCategories, topics: user.preferredTopics };
}

/**
 * Finds an article to read once the reads being written have landed, so its count includes
 * them (see ViewCounter).
 */
export async function findArticleToRead(db: Db, identifier: { id: number } | { slug: string }) {
  await viewCounter(db).settled();
  return "id" in identifier ? findArticleById(db, identifier.id) : findArticleBySlug(db, identifier.slug);
}

/**
 * A single article as its reader sees it: counting the read (once per visitor per 30 minutes)
 * and, for a signed-in reader, with their own rating.
 */
export async function readArticle(
  db: Db,
  settings: VisitorSettings,
  found: ArticleWithAuthor,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const viewer = await request.currentUser();
  const viewCount = viewCounter(db).count(
    found.article.id,
    await visitorFor(request, reply, settings),
    found.article.viewCount,
  );
  const article = presentArticleFor({ ...found, article: { ...found.article, viewCount } }, viewer);
  return { ...article, userRating: viewer ? await findUserRating(db, viewer.id, found.article.id) : null };
}

/**
 * A reader's rating, with the rules the API and the article page's form share
 * (server/pages/action-posts.ts): the article must exist, and its author may not rate it.
 */
export async function rateAsReader(db: Db, user: UserRow, articleId: number, rating: number) {
  const target = await findArticleById(db, articleId);
  if (!target) throw notFound(ARTICLE_NOT_FOUND);
  // Ratings tell readers what other readers thought; an author's own vote would skew that.
  if (target.article.userId === user.id) throw forbidden("You can't rate your own article.");
  const result = await rateArticle(db, user.id, articleId, rating);
  if (!result) throw notFound(ARTICLE_NOT_FOUND);
  return { articleId, ...result, userRating: rating };
}
