// Ratings and bookmarks: the queries on the ratings and bookmarks tables and their joins to articles.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { databaseErrorCode, FOREIGN_KEY_VIOLATION } from "../db/errors";
import { articles, bookmarks, ratings, users } from "../db/schema";
import { authorColumns, type SummaryWithAuthor, summaryColumns } from "./presenter";
import { forgetReader } from "./read-cache";
import { LIST_CAP } from "./repository";

/**
 * Records a rating (a second one by the same user replaces the first) and answers the
 * article's new average and count, or undefined when there is no such article. The article row
 * is locked first, so concurrent ratings of one article queue up and each recount sees every
 * rating committed before it: exact under load.
 */
export async function saveRating(
  db: Db,
  userId: string,
  articleId: number,
  rating: number,
): Promise<{ avgRating: number; ratingCount: number } | undefined> {
  const saved = await db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from ${articles} where id = ${articleId} for update`);
    if ((locked as unknown as { rows: unknown[] }).rows.length === 0) return undefined;
    await tx
      .insert(ratings)
      .values({ userId, articleId, rating })
      .onConflictDoUpdate({
        target: [ratings.userId, ratings.articleId],
        set: { rating, updatedAt: sql`now()` },
      });
    const [updated] = await recountRatings(tx, [articleId]);
    return updated;
  });
  forgetReader(db, userId);
  return saved;
}

/**
 * Sets the articles' stored rating count, sum and average from their ratings rows. The caller
 * holds the articles' row locks (taken before their ratings changed), as saveRating does.
 */
export function recountRatings(tx: Db, articleIds: number[]) {
  const overRatings = (fn: SQL) => sql`(select ${fn} from ${ratings} where ${ratings.articleId} = ${articles.id})`;
  return tx
    .update(articles)
    .set({
      ratingCount: sql`${overRatings(sql`count(*)`)}::int`,
      ratingSum: sql`${overRatings(sql`coalesce(sum(${ratings.rating}), 0)`)}::int`,
      ratingAvg: sql`${overRatings(sql`coalesce(avg(${ratings.rating}), 0)`)}::float8`,
    })
    .where(inArray(articles.id, articleIds))
    .returning({ avgRating: articles.ratingAvg, ratingCount: articles.ratingCount });
}

/** A reader's rating of an article and whether they saved it, in one look-up. */
export async function findReaderState(db: Db, userId: string, articleId: number): Promise<ReaderState> {
  const result = await db.execute<{ rating: number | null; bookmarked: boolean }>(sql`
    select
      (select ${ratings.rating} from ${ratings}
        where ${ratings.userId} = ${userId} and ${ratings.articleId} = ${articleId}) as rating,
      exists (select 1 from ${bookmarks}
        where ${bookmarks.userId} = ${userId} and ${bookmarks.articleId} = ${articleId}) as bookmarked`);
  const [row] = result.rows as Array<{ rating: number | null; bookmarked: boolean }>;
  return {
    rating: row?.rating === null || row?.rating === undefined ? null : Number(row.rating),
    bookmarked: row?.bookmarked === true,
  };
}

export interface ReaderState {
  rating: number | null;
  bookmarked: boolean;
}

/**
 * All of a reader's ratings and bookmarks, up to READER_ROWS of each: enough for nearly every
 * reader, looked up once for every article page they read (read-cache.ts keeps it until they
 * rate or save something). `complete` is false when there were more.
 */
export interface ReaderStates {
  ratings: Map<number, number>;
  bookmarks: Set<number>;
  complete: boolean;
}

const READER_ROWS = 2000;

export async function findReaderStates(db: Db, userId: string): Promise<ReaderStates> {
  const [rated, saved] = await Promise.all([
    db
      .select({ articleId: ratings.articleId, rating: ratings.rating })
      .from(ratings)
      .where(eq(ratings.userId, userId))
      .limit(READER_ROWS + 1),
    db
      .select({ articleId: bookmarks.articleId })
      .from(bookmarks)
      .where(eq(bookmarks.userId, userId))
      .limit(READER_ROWS + 1),
  ]);
  return {
    ratings: new Map(rated.slice(0, READER_ROWS).map((row) => [row.articleId, Number(row.rating)])),
    bookmarks: new Set(saved.slice(0, READER_ROWS).map((row) => row.articleId)),
    complete: rated.length <= READER_ROWS && saved.length <= READER_ROWS,
  };
}

/**
 * Saves an article for a user (idempotent); false when the article is not there (deleted since
 * the caller looked: the foreign key refuses the row).
 */
export async function insertBookmark(db: Db, userId: string, articleId: number): Promise<boolean> {
  try {
    await db.insert(bookmarks).values({ userId, articleId }).onConflictDoNothing();
  } catch (error) {
    if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) return false;
    throw error;
  } finally {
    forgetReader(db, userId);
  }
  return true;
}

/** Removes a bookmark (idempotent: removing one that is not there is fine). */
export async function removeBookmark(db: Db, userId: string, articleId: number): Promise<void> {
  await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.articleId, articleId)));
  forgetReader(db, userId);
}

export async function isBookmarked(db: Db, userId: string, articleId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookmarks.articleId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.articleId, articleId)))
    .limit(1);
  return Boolean(row);
}

/** A user's saved articles, most recently saved first, at most LIST_CAP. */
export async function listBookmarks(db: Db, userId: string): Promise<SummaryWithAuthor[]> {
  return db
    .select({
      article: summaryColumns,
      author: authorColumns,
    })
    .from(bookmarks)
    .innerJoin(articles, eq(articles.id, bookmarks.articleId))
    .innerJoin(users, eq(users.id, articles.userId))
    .where(eq(bookmarks.userId, userId))
    .orderBy(sql`${bookmarks.createdAt} desc`, sql`${articles.id} desc`)
    .limit(LIST_CAP);
}
