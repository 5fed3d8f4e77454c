import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type ArticleRow, articles } from "../db/schema";
import { markdownToPlainText, renderMarkdown } from "../generation/render";
import { countWords } from "../generation/text";
import { forgetCachedReads } from "./read-cache";

export interface ArticleChanges {
  title?: string;
  content?: string;
  excerpt?: string;
  category?: string;
  style?: string;
  tags?: string[];
}

/** The columns an edit changes: edited markdown is rendered and sanitized exactly like generated content. */
function columnsFor(changes: ArticleChanges): Partial<typeof articles.$inferInsert> {
  const columns: Partial<typeof articles.$inferInsert> = {};
  if (changes.title !== undefined) columns.title = changes.title;
  if (changes.excerpt !== undefined) columns.excerpt = changes.excerpt;
  if (changes.category !== undefined) columns.category = changes.category;
  if (changes.style !== undefined) columns.style = changes.style;
  if (changes.tags !== undefined) columns.tags = changes.tags;
  if (changes.content !== undefined) {
    columns.contentMarkdown = changes.content;
    columns.contentHtml = renderMarkdown(changes.content);
    columns.contentText = markdownToPlainText(changes.content);
    columns.wordCount = countWords(changes.content);
  }
  return columns;
}

/**
 * Updates an article. With an owner id the ownership check is part of the WHERE clause, so
 * another user's article is simply not found (and nothing changes).
 */
export async function updateArticle(
  db: Db,
  id: number,
  changes: ArticleChanges,
  ownerId?: string,
): Promise<ArticleRow | undefined> {
  const where = ownerId ? and(eq(articles.id, id), eq(articles.userId, ownerId)) : eq(articles.id, id);
  const [row] = await db
    .update(articles)
    .set({ ...columnsFor(changes), updatedAt: sql`now()` })
    .where(where)
    .returning();
  if (row) forgetCachedReads(db);
  return row;
}

/**
 * Deletes an article with its ratings, bookmarks and view records (foreign keys cascade). The
 * author's allowance is not given back: it counts articles generated (decisions.md).
 */
export async function deleteArticle(db: Db, id: number, ownerId?: string): Promise<boolean> {
  const where = ownerId ? and(eq(articles.id, id), eq(articles.userId, ownerId)) : eq(articles.id, id);
  const rows = await db.delete(articles).where(where).returning({ id: articles.id });
  if (rows.length > 0) forgetCachedReads(db);
  return rows.length > 0;
}
