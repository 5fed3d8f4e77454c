import type { Db } from "../db/client";
import type { EditRenderInput, RenderedEdit } from "../generation/render-edit";
import { editRenderPool, RenderPoolBusyError, RenderTimeoutError } from "../generation/render-pool";
import { HttpError } from "../http/errors";
import { readEvidence } from "./presenter";
import { forgetCachedReads } from "./read-cache";
import {
  type ArticleColumns,
  type ArticleTarget,
  anyArticle,
  clearFeatured,
  deleteArticle,
  findReceiptsSource,
  markFeatured,
  ownArticle,
  type ReceiptsSource,
  updateArticle,
} from "./repository";

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

/** New text rendered before the transaction, with the row as it was read for it. */
interface RenderedText {
  content: string;
  edit: RenderedEdit;
  from: ReceiptsSource;
}

/** The stored receipts to refresh against new text; none when there are none or the text is the same. */
function receiptsToRefresh(row: ReceiptsSource, content: string): EditRenderInput["receipts"] {
  const stored = readEvidence(row.evidence);
  return stored && row.markdown !== content ? { evidence: stored, videoId: row.videoId } : undefined;
}

/** The columns an edit changes: edited markdown is rendered and sanitized exactly like generated content. */
function columnsFor(changes: ArticleChanges, rendered: RenderedEdit | undefined): ArticleColumns {
  const columns: ArticleColumns = {};
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
  return applyUpdate(db, ownArticle(ownerId, id), changes, renderer);
}

/** An admin's edit of any article (the caller has checked the admin role), answering its id. */
export function updateAnyArticle(
  db: Db,
  id: number,
  changes: ArticleChanges,
  renderer: EditRenderer = editRenderPool,
): Promise<{ id: number } | undefined> {
  return applyUpdate(db, anyArticle(id), changes, renderer);
}

/**
 * Updates the target article. A change to the text refreshes the receipts to what the new text
 * still holds (receipts/refresh.ts); the same text sent again leaves them as they are.
 *
 * New text is rendered on a render worker before the transaction: on the embedded database a
 * transaction holds the whole database, so nothing slow may run inside one. The receipts are
 * refreshed against the row as it was read then; if another edit changed them meanwhile, they
 * are refreshed again under the row lock. Answers 422 for text too costly to render and 503
 * (with Retry-After) while the render workers are all taken.
 */
async function applyUpdate(
  db: Db,
  target: ArticleTarget,
  changes: ArticleChanges,
  renderer: EditRenderer,
): Promise<{ id: number } | undefined> {
  let rendered: RenderedText | undefined;
  if (changes.content !== undefined) {
    // Read first, so text sent for an article that is not there (or not theirs) is never rendered.
    const before = await findReceiptsSource(db, target);
    if (!before) return undefined;
    const receipts = receiptsToRefresh(before, changes.content);
    const edit = await render(renderer, { markdown: changes.content, receipts });
    rendered = { content: changes.content, edit, from: before };
  }
  const columns = columnsFor(changes, rendered?.edit);
  const row = await updateArticle(
    db,
    target,
    columns,
    // Read and write under one row lock, so two edits cannot refresh from the same old text.
    rendered && ((current) => refreshedEvidence(renderer, rendered, current)),
  );
  if (row) forgetCachedReads(db);
  return row;
}

/**
 * The receipts to write with new text, given the row as it is under the lock: none to change
 * when it has none to refresh; those rendered before the transaction when they were refreshed
 * from the same receipts; otherwise refreshed again from the current ones.
 */
async function refreshedEvidence(
  renderer: EditRenderer,
  rendered: RenderedText,
  current: ReceiptsSource,
): Promise<ArticleColumns> {
  const receipts = receiptsToRefresh(current, rendered.content);
  if (!receipts) return {};
  return {
    evidence:
      rendered.edit.evidence && sameReceipts(rendered.from, current)
        ? rendered.edit.evidence
        : (await render(renderer, { markdown: rendered.content, receipts })).evidence,
  };
}

/** Whether receipts refreshed against `before` are still right for `current` (their inputs are the same). */
function sameReceipts(before: ReceiptsSource, current: ReceiptsSource): boolean {
  return before.videoId === current.videoId && JSON.stringify(before.evidence) === JSON.stringify(current.evidence);
}

/** The author deletes their own article: another user's is simply not found (false). */
export function deleteOwnArticle(db: Db, ownerId: string, id: number): Promise<boolean> {
  return applyDelete(db, ownArticle(ownerId, id));
}

/** An admin deletes any article (the caller has checked the admin role). */
export function deleteAnyArticle(db: Db, id: number): Promise<boolean> {
  return applyDelete(db, anyArticle(id));
}

/**
 * Deletes an article with its ratings, bookmarks and view records. The author's allowance is
 * not given back: it counts articles generated (decisions.md).
 */
async function applyDelete(db: Db, target: ArticleTarget): Promise<boolean> {
  const deleted = await deleteArticle(db, target);
  if (deleted) forgetCachedReads(db);
  return deleted;
}

/**
 * An admin pins an article: it becomes the featured one on the home page (the newest pin wins).
 * False when there is no such article.
 */
export async function pinArticle(db: Db, id: number): Promise<boolean> {
  const pinned = await markFeatured(db, id);
  if (pinned) forgetCachedReads(db);
  return pinned;
}

/** An admin unpins an article; false when there is no such article. */
export async function unpinArticle(db: Db, id: number): Promise<boolean> {
  const unpinned = await clearFeatured(db, id);
  if (unpinned) forgetCachedReads(db);
  return unpinned;
}
