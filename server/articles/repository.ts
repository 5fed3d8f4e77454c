// Article rows: finding, listing, editing, deleting and pinning them (the feed's queries are in feed-queries.ts).
import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { articles, users } from "../db/schema";
import { type ArticleWithAuthor, authorColumns } from "./presenter";

/**
 * Every column a reader, owner or admin is shown: not the search fields, which are large (the
 * body's vector is stored out of line) and only ever read by PostgreSQL itself.
 */
const {
  searchVector: _vector,
  rankVector: _rank,
  searchText: _text,
  contentText: _plain,
  ...shownColumns
} = getTableColumns(articles);

/** Lists show no receipts (only the article page does): they leave the evidence column unread. */
const { evidence: _evidence, ...listedColumns } = shownColumns;

/**
 * The most rows a list that is not paged answers (a user's bookmarks, the admin dashboard): a
 * view of recent work, not an export.
 */
export const LIST_CAP = 500;

async function findOne(db: Db, where: SQL): Promise<ArticleWithAuthor | undefined> {
  const [row] = await db
    .select({ article: shownColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .where(where)
    .limit(1);
  return row;
}

export const findArticleById = (db: Db, id: number) => findOne(db, eq(articles.id, id));
export const findArticleBySlug = (db: Db, slug: string) => findOne(db, eq(articles.slug, slug));

/** Whether an article with this id exists (reads only the primary key). */
export async function articleExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, id)).limit(1);
  return Boolean(row);
}

/** Everything one user wrote, newest first. */
export async function listUserArticles(db: Db, userId: string): Promise<ArticleWithAuthor[]> {
  return db
    .select({ article: listedColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .where(eq(articles.userId, userId))
    .orderBy(desc(articles.createdAt), desc(articles.id));
}

/** Every article for the admin dashboard, newest first, at most LIST_CAP. */
export async function listAllArticles(db: Db): Promise<ArticleWithAuthor[]> {
  return db
    .select({ article: listedColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(LIST_CAP);
}

/**
 * The article a write applies to. The author's own is named by id and owner, the ownership
 * check being part of the WHERE clause (another user's article is simply not found); an
 * admin's by id alone (the caller has checked the admin role).
 */
export interface ArticleTarget {
  readonly where: SQL | undefined;
}

export const ownArticle = (ownerId: string, id: number): ArticleTarget => ({
  where: and(eq(articles.id, id), eq(articles.userId, ownerId)),
});
export const anyArticle = (id: number): ArticleTarget => ({ where: eq(articles.id, id) });

/** The columns an edit may write. */
export type ArticleColumns = Partial<typeof articles.$inferInsert>;

/** What an edit's receipts are refreshed from: the stored markdown, receipts and video. */
export interface ReceiptsSource {
  markdown: string | null;
  evidence: unknown;
  videoId: string | null;
}

const receiptsColumns = {
  markdown: articles.contentMarkdown,
  evidence: articles.evidence,
  videoId: articles.youtubeVideoId,
};

/** The target's receipts source as it is now (no lock); undefined when there is no such article. */
export async function findReceiptsSource(db: Db, target: ArticleTarget): Promise<ReceiptsSource | undefined> {
  const [row] = await db.select(receiptsColumns).from(articles).where(target.where);
  return row;
}

/**
 * Writes an edit's columns (and updatedAt) to the target in one transaction, answering its id
 * or undefined when there is no such article. With `underLock`, the row's receipts source is
 * read first under a row lock and what `underLock` answers is written too, so two edits cannot
 * both start from the same old row.
 */
export async function updateArticle(
  db: Db,
  target: ArticleTarget,
  columns: ArticleColumns,
  underLock?: (current: ReceiptsSource) => Promise<ArticleColumns>,
): Promise<{ id: number } | undefined> {
  return db.transaction(async (tx) => {
    let set = columns;
    if (underLock) {
      const [current] = await tx.select(receiptsColumns).from(articles).where(target.where).for("update");
      if (!current) return undefined;
      set = { ...columns, ...(await underLock(current)) };
    }
    const [updated] = await tx
      .update(articles)
      .set({ ...set, updatedAt: sql`now()` })
      .where(target.where)
      // Only the id: the callers read the article again with its author, and a row at the content
      // cap is half a megabyte for the embedded database to hand back on the main thread.
      .returning({ id: articles.id });
    return updated;
  });
}

/** Deletes the target with its ratings, bookmarks and view records (foreign keys cascade); false when there is none. */
export async function deleteArticle(db: Db, target: ArticleTarget): Promise<boolean> {
  const rows = await db.delete(articles).where(target.where).returning({ id: articles.id });
  return rows.length > 0;
}

/** Pins an article as featured now (the newest pin wins); false when there is no such article. */
export async function markFeatured(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ featuredAt: sql`now()` })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  return rows.length > 0;
}

/** Unpins an article; false when there is no such article. */
export async function clearFeatured(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ featuredAt: null })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  return rows.length > 0;
}
