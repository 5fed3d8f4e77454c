import { z } from "zod";
import { ADMIN_MAX_PAGE } from "./admin-query";
import { COMMENTS_MAX_PAGE, MAX_COMMENT_LENGTH, MAX_REPORT_REASON_LENGTH, MODERATION_ACTIONS } from "./comment-keys";
import { recordId } from "./common";

export * from "./comment-keys";

/*
 * Comments on articles (issue 19 item 4): one level of replies, a markdown subset rendered and
 * sanitised when written, reports with an admin queue. Constants and keys: comment-keys.ts.
 */

/** A comment's text: 1 to MAX_COMMENT_LENGTH characters after trimming. */
export const commentBody = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "Please write a comment." : "The comment must be text",
  })
  .trim()
  .min(1, { error: "Please write a comment." })
  .max(MAX_COMMENT_LENGTH, {
    error: `A comment can be at most ${MAX_COMMENT_LENGTH.toLocaleString("en-US")} characters.`,
  });

/** POST /api/articles/{id}/comments. `parentId` makes it a reply to a top-level comment. */
export const createCommentRequest = z.object(
  {
    body: commentBody,
    parentId: z
      .union([recordId("parentId must be a comment id"), z.null()], { error: "parentId must be a comment id" })
      .optional()
      .transform((value) => value ?? null),
  },
  { error: "Request body must be a JSON object" },
);
export type CreateCommentRequest = z.input<typeof createCommentRequest>;

/** PUT /api/comments/{id}: the writer's edit, within the edit window. */
export const updateCommentRequest = z.object({ body: commentBody }, { error: "Request body must be a JSON object" });
export type UpdateCommentRequest = z.input<typeof updateCommentRequest>;

/** A report's fields (the form's schema): an optional reason. */
export const reportCommentFields = z.object(
  {
    reason: z
      .string({ error: "reason must be text" })
      .trim()
      .max(MAX_REPORT_REASON_LENGTH, {
        error: `A reason can be at most ${MAX_REPORT_REASON_LENGTH} characters.`,
      })
      .optional()
      .transform((value) => value ?? ""),
  },
  { error: "Request body must be a JSON object" },
);

/** POST /api/comments/{id}/report. A report with no body at all is a report without a reason. */
export const reportCommentRequest = reportCommentFields.optional().transform((value) => value ?? { reason: "" });
export type ReportCommentRequest = z.input<typeof reportCommentRequest>;

/** POST /api/admin/comment-reports/{commentId}: keep the comment (reports resolved) or remove it. */
export const moderateCommentRequest = z.object(
  { action: z.enum(MODERATION_ACTIONS, { error: 'action must be "keep" or "remove"' }) },
  { error: "Request body must be a JSON object" },
);
export type ModerateCommentRequest = z.input<typeof moderateCommentRequest>;

const pageParam = (max: number) => {
  const message = `page must be a whole number from 1 to ${max}`;
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(max, { error: message })
      .default(1),
  );
};

/** ?page= of an article's comments. */
export const commentsQuery = z.object({ page: pageParam(COMMENTS_MAX_PAGE) });
/** ?page= of the admin's report queue. */
export const commentReportsQuery = z.object({ page: pageParam(ADMIN_MAX_PAGE) });

/** Who wrote a comment: enough for a name, a picture and a link to /u/{handle}. */
export const commentAuthor = z.object({
  name: z.string(),
  handle: z.string(),
  profileImageUrl: z.string().nullable(),
});

const commentFields = {
  id: z.number().int(),
  articleId: z.number().int(),
  /** Null for a top-level comment. */
  parentId: z.number().int().nullable(),
  /** Null once deleted (the place is kept for its replies: "Comment deleted"). */
  author: commentAuthor.nullable(),
  /** The markdown as written; empty once deleted. */
  body: z.string(),
  /** The body rendered from the markdown subset and sanitised: safe to put in a page as it is. */
  bodyHtml: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  /** What the viewer may do with it (false for everyone signed out). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canReport: z.boolean(),
  /** Until when its writer may edit it (null for anyone else, and once deleted). */
  editableUntil: z.string().nullable(),
};

/** A reply (one level: replies have none). */
export const commentReply = z.object(commentFields);
export type CommentReply = z.infer<typeof commentReply>;

/** A top-level comment with its replies, oldest first. */
export const commentResponse = z.object({ ...commentFields, replies: z.array(commentReply) });
export type CommentResponse = z.infer<typeof commentResponse>;

/** GET /api/articles/{id}/comments?page=: top-level comments oldest first, each with its replies. */
export const commentsPage = z.object({
  comments: z.array(commentResponse),
  page: z.number().int(),
  /** Whether a next page of top-level comments exists. */
  hasMore: z.boolean(),
  /** The article's comments that are not deleted, replies included (its commentCount). */
  total: z.number().int(),
});
export type CommentsPage = z.infer<typeof commentsPage>;

/** One report of a comment as the admin's queue shows it. */
export const commentReportEntry = z.object({
  reason: z.string(),
  reporter: z.string(),
  createdAt: z.string(),
});

/** A comment with open reports, in the admin's queue. */
export const reportedComment = z.object({
  comment: commentReply,
  article: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  /** Open reports of it. */
  reportCount: z.number().int(),
  /** The open reports, oldest first (at most 20). */
  reports: z.array(commentReportEntry),
  firstReportedAt: z.string(),
});
export type ReportedComment = z.infer<typeof reportedComment>;

/** GET /api/admin/comment-reports?page=: comments with open reports, the longest waiting first. */
export const commentReportsPage = z.object({
  items: z.array(reportedComment),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type CommentReportsPage = z.infer<typeof commentReportsPage>;

export const reportResponse = z.object({ commentId: z.number().int(), reported: z.literal(true) });
export const deleteCommentResponse = z.object({
  id: z.number().int(),
  /** "removed" when it had no replies, "placeholder" when it stays as "Comment deleted". */
  outcome: z.enum(["removed", "placeholder"]),
  commentCount: z.number().int(),
});
export const moderateCommentResponse = z.object({
  commentId: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
});
