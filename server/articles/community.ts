import type { Db } from "../db/client";
import { insertBookmark, saveRating } from "./community-queries";
import { forgetCachedReads } from "./read-cache";
import { articleExists } from "./repository";

/*
 * Ratings and bookmarks: the rules around their writes. Plain reads and the bookmark's removal
 * are the queries themselves (community-queries.ts).
 */

/**
 * Records a rating (a second one by the same user replaces the first) and answers the
 * article's new average and count; undefined when there is no such article.
 */
export async function rateArticle(
  db: Db,
  userId: string,
  articleId: number,
  rating: number,
): Promise<{ avgRating: number; ratingCount: number } | undefined> {
  const result = await saveRating(db, userId, articleId, rating);
  // Ratings show on cards and decide the featured article and the 'Highest Rated' order.
  if (result) forgetCachedReads(db);
  return result;
}

/** Saves an article for a user (idempotent); answers false when the article does not exist. */
export async function addBookmark(db: Db, userId: string, articleId: number): Promise<boolean> {
  if (!(await articleExists(db, articleId))) return false;
  // Deleted between the check and the insert: as if it had never been there.
  return insertBookmark(db, userId, articleId);
}
