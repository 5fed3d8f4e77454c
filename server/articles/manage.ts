import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type ArticleRow, articles } from "../db/schema";
import { refreshEvidence } from "../generation/receipts/refresh";
import { markdownToPlainText, renderMarkdown } from "../generation/render";
import { countWords } from "../generation/text";
import { readEvidence } from "./presenter";
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
 * another user's article is simply not found (and nothing changes). A change to the text
 * refreshes the receipts to what the new text still holds (receipts/refresh.ts); the same text
 * sent again leaves them as they are.
 */
export async function updateArticle(
  db: Db,
  id: number,
  changes: ArticleChanges,
  ownerId?: string,
): Promise<ArticleRow | undefined> {
  const where = ownerId ? and(eq(articles.id, id), eq(articles.userId, ownerId)) : eq(articles.id, id);
  const row = await db.transaction(async (tx) => {
    const columns = columnsFor(changes);
    if (changes.content !== undefined) {
      // Read and write under one row lock, so two edits cannot refresh from the same old text.
      const [current] = await tx
        .select({ markdown: articles.contentMarkdown, evidence: articles.evidence, videoId: articles.youtubeVideoId })
        .from(articles)
        .where(where)
        .for("update");
      if (!current) return undefined;
      const stored = readEvidence(current.evidence);
      if (stored && current.markdown !== changes.content) {
        columns.evidence = refreshEvidence(stored, changes.content, current.videoId);
      }
    }
    const [updated] = await tx
      .update(articles)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(where)
      .returning();
    return updated;
  });
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
