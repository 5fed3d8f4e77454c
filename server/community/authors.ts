import { eq, sql } from "drizzle-orm";
import type { Author } from "../../contract/authors";
import type { Db } from "../db/client";
import { articles, users } from "../db/schema";

/*
 * An author's public page (issue 19): who they are and what their articles add up to. Their
 * articles themselves are the feed's (GET /api/articles?author={handle}).
 */

/** The author with this handle (already lowercase) and their totals, or undefined. */
export async function findAuthor(db: Db, handle: string): Promise<Author | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      handle: users.handle,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      bio: users.bio,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.handle, handle))
    .limit(1);
  if (!row) return undefined;
  // One pass over the author's own articles (articles_user_id_created_at_idx).
  const [totals] = await db
    .select({
      articles: sql<string>`count(*)`,
      reads: sql<string>`coalesce(sum(${articles.viewCount}), 0)`,
      ratings: sql<string>`coalesce(sum(${articles.ratingCount}), 0)`,
      ratingSum: sql<string>`coalesce(sum(${articles.ratingSum}), 0)`,
    })
    .from(articles)
    .where(eq(articles.userId, row.id));
  const ratings = Number(totals?.ratings ?? 0);
  const ratingSum = Number(totals?.ratingSum ?? 0);
  return {
    handle: row.handle,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    bio: row.bio,
    createdAt: row.createdAt.toISOString(),
    totals: {
      articles: Number(totals?.articles ?? 0),
      reads: Number(totals?.reads ?? 0),
      ratings,
      avgRating: ratings > 0 ? Math.round((ratingSum / ratings) * 10) / 10 : 0,
    },
  };
}
