import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { articles } from "../db/schema";
import type { EditRenderInput, RenderedEdit } from "../generation/render-edit";
import { editRenderPool, RenderPoolBusyError, RenderTimeoutError } from "../generation/render-pool";
import { HttpError } from "../http/errors";
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

/** Renders an edit's markdown off the main thread (render-pool.ts); a test may pass a pool of its own. */
export type EditRenderer = { run(input: EditRenderInput): Promise<RenderedEdit> };

/** How long a client is asked to wait when every render worker is taken. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Asks the renderer, turning its refusals into answers for the person who sent the edit. */
async function render(renderer: EditRenderer, input: EditRenderInput): Promise<RenderedEdit> {
  try {
    return await renderer.run(input);
  } catch (error) {
    if (error instanceof RenderTimeoutError) {
      throw new HttpError(
        422,
        "This text takes too long to format. Please simplify it (fewer nested quotes, lists or emphasis marks) and try again.",
      );
    }
    if (error instanceof RenderPoolBusyError) {
      throw new HttpError(503, "Too many edits are being saved right now. Please try again in a few seconds.", {
        "retry-after": String(BUSY_RETRY_AFTER_SECONDS),
      });
    }
    throw error;
  }
}

/** The row an edit applies to, as far as its receipts go. */
interface ReceiptsSource {
  markdown: string | null;
  evidence: unknown;
  videoId: string | null;
}

/** The stored receipts to refresh against new text; none when there are none or the text is the same. */
function receiptsToRefresh(row: ReceiptsSource, content: string): EditRenderInput["receipts"] {
  const stored = readEvidence(row.evidence);
  return stored && row.markdown !== content ? { evidence: stored, videoId: row.videoId } : undefined;
}

/** The columns an edit changes: edited markdown is rendered and sanitized exactly like generated content. */
function columnsFor(
  changes: ArticleChanges,
  rendered: RenderedEdit | undefined,
): Partial<typeof articles.$inferInsert> {
  const columns: Partial<typeof articles.$inferInsert> = {};
  if (changes.title !== undefined) columns.title = changes.title;
  if (changes.excerpt !== undefined) columns.excerpt = changes.excerpt;
  if (changes.category !== undefined) columns.category = changes.category;
  if (changes.style !== undefined) columns.style = changes.style;
  if (changes.tags !== undefined) columns.tags = changes.tags;
  if (changes.content !== undefined && rendered) {
    columns.contentMarkdown = changes.content;
    columns.contentHtml = rendered.html;
    columns.contentText = rendered.text;
    columns.wordCount = rendered.wordCount;
  }
  return columns;
}

/**
 * The author's edit of their own article, answering its id. The ownership check is part of the
 * WHERE clause, so another user's article is simply not found (undefined, and nothing changes).
 */
export function updateOwnArticle(
  db: Db,
  ownerId: string,
  id: number,
  changes: ArticleChanges,
  renderer: EditRenderer = editRenderPool,
): Promise<{ id: number } | undefined> {
  return applyUpdate(db, and(eq(articles.id, id), eq(articles.userId, ownerId)), changes, renderer);
}

/** An admin's edit of any article (the caller has checked the admin role), answering its id. */
export function updateAnyArticle(
  db: Db,
  id: number,
  changes: ArticleChanges,
  renderer: EditRenderer = editRenderPool,
): Promise<{ id: number } | undefined> {
  return applyUpdate(db, eq(articles.id, id), changes, renderer);
}

/**
 * Updates the article `where` picks (at most one: it always names the id).
 * A change to the text refreshes the receipts to what the new text still holds
 * (receipts/refresh.ts); the same text sent again leaves them as they are.
 *
 * New text is rendered on a render worker before the transaction: on the embedded database a
 * transaction holds the whole database, so nothing slow may run inside one. The receipts are
 * refreshed against the row as it was read then; if another edit changed them meanwhile, they
 * are refreshed again under the row lock. Answers 422 for text too costly to render and 503
 * (with Retry-After) while the render workers are all taken.
 */
async function applyUpdate(
  db: Db,
  where: SQL | undefined,
  changes: ArticleChanges,
  renderer: EditRenderer,
): Promise<{ id: number } | undefined> {
  const receiptsColumns = {
    markdown: articles.contentMarkdown,
    evidence: articles.evidence,
    videoId: articles.youtubeVideoId,
  };
  let rendered: { content: string; edit: RenderedEdit; from: ReceiptsSource } | undefined;
  if (changes.content !== undefined) {
    // Read first, so text sent for an article that is not there (or not theirs) is never rendered.
    const [before] = await db.select(receiptsColumns).from(articles).where(where);
    if (!before) return undefined;
    const receipts = receiptsToRefresh(before, changes.content);
    const edit = await render(renderer, { markdown: changes.content, receipts });
    rendered = { content: changes.content, edit, from: before };
  }
  const row = await db.transaction(async (tx) => {
    const columns = columnsFor(changes, rendered?.edit);
    if (rendered) {
      // Read and write under one row lock, so two edits cannot refresh from the same old text.
      const [current] = await tx.select(receiptsColumns).from(articles).where(where).for("update");
      if (!current) return undefined;
      const receipts = receiptsToRefresh(current, rendered.content);
      if (receipts) {
        columns.evidence =
          rendered.edit.evidence && sameReceipts(rendered.from, current)
            ? rendered.edit.evidence
            : (await render(renderer, { markdown: rendered.content, receipts })).evidence;
      }
    }
    const [updated] = await tx
      .update(articles)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(where)
      // Only the id: the callers read the article again with its author, and a row at the content
      // cap is half a megabyte for the embedded database to hand back on the main thread.
      .returning({ id: articles.id });
    return updated;
  });
  if (row) forgetCachedReads(db);
  return row;
}

/** Whether receipts refreshed against `before` are still right for `current` (their inputs are the same). */
function sameReceipts(before: ReceiptsSource, current: ReceiptsSource): boolean {
  return before.videoId === current.videoId && JSON.stringify(before.evidence) === JSON.stringify(current.evidence);
}

/** The author deletes their own article: another user's is simply not found (false). */
export function deleteOwnArticle(db: Db, ownerId: string, id: number): Promise<boolean> {
  return applyDelete(db, and(eq(articles.id, id), eq(articles.userId, ownerId)));
}

/** An admin deletes any article (the caller has checked the admin role). */
export function deleteAnyArticle(db: Db, id: number): Promise<boolean> {
  return applyDelete(db, eq(articles.id, id));
}

/**
 * Deletes an article with its ratings, bookmarks and view records (foreign keys cascade). The
 * author's allowance is not given back: it counts articles generated (decisions.md).
 */
async function applyDelete(db: Db, where: SQL | undefined): Promise<boolean> {
  const rows = await db.delete(articles).where(where).returning({ id: articles.id });
  if (rows.length > 0) forgetCachedReads(db);
  return rows.length > 0;
}
