// The queries behind comments: reading a page of an article's comments with their replies, and
// the writes, each of which keeps articles.comment_count exact in its own transaction.
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { COMMENT_EDIT_WINDOW_MS, COMMENT_REPORTS_PAGE_SIZE, COMMENTS_PAGE_SIZE } from "../../contract/comment-keys";
import type { Db } from "../db/client";
import { articles, commentReports, comments, users } from "../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

/** A comment with its writer's public columns, as pages and the queue show it. */
export interface CommentWithAuthor {
  id: number;
  articleId: number;
  userId: string;
  parentId: number | null;
  body: string;
  bodyHtml: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  /** Whether its writer may still edit it (decided by the database's clock). */
  editable: boolean;
  author: { firstName: string; lastName: string; handle: string; profileImageUrl: string | null };
}

const editWindow = sql`${`${COMMENT_EDIT_WINDOW_MS} milliseconds`}::interval`;

const commentColumns = {
  id: comments.id,
  articleId: comments.articleId,
  userId: comments.userId,
  parentId: comments.parentId,
  body: comments.body,
  bodyHtml: comments.bodyHtml,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  deletedAt: comments.deletedAt,
  editable: sql<boolean>`(${comments.createdAt} > now() - ${editWindow})`,
  author: {
    firstName: users.firstName,
    lastName: users.lastName,
    handle: users.handle,
    profileImageUrl: users.profileImageUrl,
  },
};

/** The article a comment list belongs to: its author (who may delete comments) and count. */
export async function findCommentArticle(
  db: Queryable,
  articleId: number,
): Promise<{ id: number; userId: string; commentCount: number } | undefined> {
  const [row] = await db
    .select({ id: articles.id, userId: articles.userId, commentCount: articles.commentCount })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1);
  return row;
}

/**
 * One page of an article's top-level comments, oldest first (ties by id), with every reply of
 * each, oldest first; one more row than a page is read to tell whether a next page exists.
 */
export async function listCommentPage(
  db: Db,
  articleId: number,
  page: number,
): Promise<{ topLevel: CommentWithAuthor[]; replies: CommentWithAuthor[]; hasMore: boolean }> {
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.articleId, articleId), isNull(comments.parentId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENTS_PAGE_SIZE + 1)
    .offset((page - 1) * COMMENTS_PAGE_SIZE);
  const topLevel = rows.slice(0, COMMENTS_PAGE_SIZE);
  const replies = topLevel.length
    ? await db
        .select(commentColumns)
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(
          and(
            eq(comments.articleId, articleId),
            inArray(
              comments.parentId,
              topLevel.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];
  return { topLevel, replies, hasMore: rows.length > COMMENTS_PAGE_SIZE };
}

/** One comment with its writer; undefined when there is none. */
export async function findComment(db: Queryable, id: number): Promise<CommentWithAuthor | undefined> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id))
    .limit(1);
  return row;
}

/** Sets the article's comment_count to its comments that are not deleted; answers the count. */
export async function recountComments(tx: Queryable, articleId: number): Promise<number> {
  const [row] = await tx
    .update(articles)
    .set({
      commentCount: sql`(select count(*)::int from ${comments} where ${comments.articleId} = ${articleId} and ${comments.deletedAt} is null)`,
    })
    .where(eq(articles.id, articleId))
    .returning({ commentCount: articles.commentCount });
  return row?.commentCount ?? 0;
}

/** Inserts a comment and recounts, in one transaction; answers the new id. */
export async function insertComment(
  db: Db,
  values: { articleId: number; userId: string; parentId: number | null; body: string; bodyHtml: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
    await recountComments(tx, values.articleId);
    return row.id;
  });
}

/**
 * The writer's edit, only while the edit window is open (checked by the database's clock in the
 * same statement); answers whether it was saved.
 */
export async function updateOwnComment(
  db: Db,
  id: number,
  userId: string,
  values: { body: string; bodyHtml: string },
): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ ...values, editedAt: sql`now()` })
    .where(
      and(
        eq(comments.id, id),
        eq(comments.userId, userId),
        isNull(comments.deletedAt),
        sql`${comments.createdAt} > now() - ${editWindow}`,
      ),
    )
    .returning({ id: comments.id });
  return rows.length > 0;
}

/**
 * Deletes a comment: one with replies keeps its place as "Comment deleted" (deleted_at set, body
 * emptied), one without is removed, and a deleted parent left with no replies goes with it. The
 * article's count is recounted in the same transaction. Answers what happened, or undefined when
 * the comment was not there (or already deleted).
 */
export async function deleteCommentRow(
  db: Db,
  id: number,
): Promise<{ outcome: "removed" | "placeholder"; articleId: number; commentCount: number } | undefined> {
  return db.transaction(async (tx) => {
    // Locked, so a reply posted meanwhile cannot lose its parent.
    const [row] = await tx
      .select({ id: comments.id, articleId: comments.articleId, parentId: comments.parentId })
      .from(comments)
      .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
      .for("update");
    if (!row) return undefined;
    const [replies] = await tx.select({ n: count() }).from(comments).where(eq(comments.parentId, id));
    let outcome: "removed" | "placeholder";
    if ((replies?.n ?? 0) > 0) {
      await tx.update(comments).set({ deletedAt: sql`now()`, body: "", bodyHtml: "" }).where(eq(comments.id, id));
      outcome = "placeholder";
    } else {
      await tx.delete(comments).where(eq(comments.id, id));
      outcome = "removed";
      if (row.parentId !== null) {
        // A "Comment deleted" placeholder whose last reply this was has nothing left to hold.
        await tx
          .delete(comments)
          .where(
            and(
              eq(comments.id, row.parentId),
              isNotNull(comments.deletedAt),
              sql`not exists (select 1 from ${comments} c where c.parent_id = ${row.parentId})`,
            ),
          );
      }
    }
    // Its reports are dealt with: nothing is left to moderate.
    await tx
      .update(commentReports)
      .set({ resolvedAt: sql`now()` })
      .where(and(eq(commentReports.commentId, id), isNull(commentReports.resolvedAt)));
    const commentCount = await recountComments(tx, row.articleId);
    return { outcome, articleId: row.articleId, commentCount };
  });
}

/** A user's report of a comment; a second report by the same user changes nothing. */
export async function insertReport(db: Db, commentId: number, userId: string, reason: string): Promise<void> {
  await db.insert(commentReports).values({ commentId, userId, reason }).onConflictDoNothing();
}

/** Resolves a comment's open reports (the admin kept it); answers how many were open. */
export async function resolveReports(db: Db, commentId: number): Promise<number> {
  const rows = await db
    .update(commentReports)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(commentReports.commentId, commentId), isNull(commentReports.resolvedAt)))
    .returning({ userId: commentReports.userId });
  return rows.length;
}

/** The open reports of one comment, oldest first, with the reporters' names. */
const MAX_REPORTS_SHOWN = 20;

export interface ReportedCommentRow {
  comment: CommentWithAuthor;
  article: { id: number; slug: string; title: string };
  reportCount: number;
  firstReportedAt: Date;
  reports: Array<{ reason: string; reporter: string; createdAt: Date }>;
}

/** One page of comments with open reports, the longest waiting first. */
export async function listReportedComments(
  db: Db,
  page: number,
): Promise<{ items: ReportedCommentRow[]; hasMore: boolean }> {
  const open = db
    .select({
      commentId: commentReports.commentId,
      reportCount: sql<number>`count(*)::int`.as("report_count"),
      firstReportedAt: sql<Date>`min(${commentReports.createdAt})`.as("first_reported_at"),
    })
    .from(commentReports)
    .where(isNull(commentReports.resolvedAt))
    .groupBy(commentReports.commentId)
    .as("open_reports");
  const rows = await db
    .select({
      commentId: open.commentId,
      article: { id: articles.id, slug: articles.slug, title: articles.title },
      reportCount: open.reportCount,
      firstReportedAt: open.firstReportedAt,
    })
    .from(open)
    .innerJoin(comments, eq(comments.id, open.commentId))
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .orderBy(asc(open.firstReportedAt), asc(comments.id))
    .limit(COMMENT_REPORTS_PAGE_SIZE + 1)
    .offset((page - 1) * COMMENT_REPORTS_PAGE_SIZE);
  const shown = rows.slice(0, COMMENT_REPORTS_PAGE_SIZE);
  const ids = shown.map((row) => row.commentId);
  const shownComments = ids.length
    ? await db
        .select(commentColumns)
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(inArray(comments.id, ids))
    : [];
  const reports = shown.length
    ? await db
        .select({
          commentId: commentReports.commentId,
          reason: commentReports.reason,
          createdAt: commentReports.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(commentReports)
        .innerJoin(users, eq(users.id, commentReports.userId))
        .where(and(isNull(commentReports.resolvedAt), inArray(commentReports.commentId, ids)))
        .orderBy(asc(commentReports.createdAt))
    : [];
  const items = shown.flatMap((row) => {
    const comment = shownComments.find((found) => found.id === row.commentId);
    if (!comment) return [];
    return [
      {
        comment,
        article: row.article,
        reportCount: row.reportCount,
        // The aggregate comes back as text from some drivers.
        firstReportedAt: new Date(row.firstReportedAt),
        reports: reports
          .filter((report) => report.commentId === row.commentId)
          .slice(0, MAX_REPORTS_SHOWN)
          .map((report) => ({
            reason: report.reason,
            reporter: `${report.firstName} ${report.lastName}`.trim(),
            createdAt: report.createdAt,
          })),
      },
    ];
  });
  return { items, hasMore: rows.length > COMMENT_REPORTS_PAGE_SIZE };
}
