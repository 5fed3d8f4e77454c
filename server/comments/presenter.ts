import { COMMENT_EDIT_WINDOW_MS } from "../../contract/comment-keys";
import type { CommentReply, CommentResponse, ReportedComment } from "../../contract/comments";
import type { UserRow } from "../db/schema";
import type { CommentWithAuthor, ReportedCommentRow } from "./repository";

/** Who is looking, and whose article the comments are on: what they may do depends on both. */
export interface CommentViewer {
  user: Pick<UserRow, "id" | "role"> | undefined;
  articleAuthorId: string;
}

/** Whether this viewer may delete the comment: its writer, the article's author, or an admin. */
export function mayDelete(viewer: CommentViewer, row: Pick<CommentWithAuthor, "userId">): boolean {
  const user = viewer.user;
  if (!user) return false;
  return user.id === row.userId || user.id === viewer.articleAuthorId || user.role === "admin";
}

/** A comment as the API shows it to one viewer. A deleted one shows neither its writer nor its text. */
export function presentComment(row: CommentWithAuthor, viewer: CommentViewer): CommentReply {
  const deleted = row.deletedAt !== null;
  const own = viewer.user?.id === row.userId;
  const canEdit = !deleted && own && row.editable;
  return {
    id: row.id,
    articleId: row.articleId,
    parentId: row.parentId,
    author: deleted
      ? null
      : {
          name: `${row.author.firstName} ${row.author.lastName}`.trim(),
          handle: row.author.handle,
          profileImageUrl: row.author.profileImageUrl,
        },
    body: deleted ? "" : row.body,
    bodyHtml: deleted ? "" : row.bodyHtml,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deleted,
    canEdit,
    canDelete: !deleted && mayDelete(viewer, row),
    canReport: !deleted && viewer.user !== undefined && !own,
    editableUntil: canEdit ? new Date(row.createdAt.getTime() + COMMENT_EDIT_WINDOW_MS).toISOString() : null,
  };
}

/** A top-level comment with its replies (already in order). */
export function presentThread(
  row: CommentWithAuthor,
  replies: readonly CommentWithAuthor[],
  viewer: CommentViewer,
): CommentResponse {
  return { ...presentComment(row, viewer), replies: replies.map((reply) => presentComment(reply, viewer)) };
}

/** A reported comment in the admin's queue (the admin sees it as an admin would on the page). */
export function presentReported(row: ReportedCommentRow, admin: Pick<UserRow, "id" | "role">): ReportedComment {
  return {
    comment: presentComment(row.comment, { user: admin, articleAuthorId: "" }),
    article: row.article,
    reportCount: row.reportCount,
    reports: row.reports.map((report) => ({ ...report, createdAt: report.createdAt.toISOString() })),
    firstReportedAt: row.firstReportedAt.toISOString(),
  };
}
