// Comments (issue 19 item 4): the numbers, sentences, addresses and query keys shared by the
// web's entry and the server. No zod here (the web's entry imports it); the schemas are in
// contract/comments.ts.

/** The longest comment, in characters after trimming. */
export const MAX_COMMENT_LENGTH = 2_000;
/** The longest reason a report may give. */
export const MAX_REPORT_REASON_LENGTH = 500;
/** Top-level comments on one page (each with all its replies). */
export const COMMENTS_PAGE_SIZE = 20;
/** The last page a comment list goes to (offsets stay below 10,000 top-level comments). */
export const COMMENTS_MAX_PAGE = 500;
/** Comments with open reports on one page of the admin's queue. */
export const COMMENT_REPORTS_PAGE_SIZE = 20;
/** How long after posting its writer may edit a comment. */
export const COMMENT_EDIT_WINDOW_MINUTES = 15;
export const COMMENT_EDIT_WINDOW_MS = COMMENT_EDIT_WINDOW_MINUTES * 60 * 1000;
/** Comments one user may post: at most this many a minute and a day. */
export const COMMENTS_PER_MINUTE = 5;
export const COMMENTS_PER_DAY = 50;

export const COMMENT_NOT_FOUND = "Comment not found";
export const EDIT_WINDOW_PASSED = `Comments can be edited for ${COMMENT_EDIT_WINDOW_MINUTES} minutes after posting.`;
export const NOT_YOUR_COMMENT = "You can only edit your own comments.";
export const MAY_NOT_DELETE = "Only the comment's writer, the article's author or an admin can delete it.";
export const CANNOT_REPORT_OWN = "You cannot report your own comment.";
export const REPLY_TO_REPLY = "Replies are one level deep: reply to the comment at the top of the thread instead.";
export const PARENT_NOT_ON_ARTICLE = "The comment you are replying to is not on this article.";
export const COMMENT_DELETED_TEXT = "Comment deleted";

/** The titles a failed comment action shows under (toast, or the page's alert without scripts). */
export const POST_COMMENT_FAILED = "Could not post comment";
export const DELETE_COMMENT_FAILED = "Could not delete comment";
export const EDIT_COMMENT_FAILED = "Could not edit comment";
export const REPORT_COMMENT_FAILED = "Could not report comment";

/** The article page's comment forms posted without JavaScript, to the page's own path. */
export const COMMENT_INTENTS = {
  post: "comment",
  delete: "delete-comment",
  edit: "edit-comment",
  report: "report-comment",
} as const;
/** The element the page scrolls to after a comment is posted or deleted without JavaScript. */
export const COMMENTS_ANCHOR = "comments";

/** The API path of an article's comments (GET and POST). */
export const articleCommentsPath = (articleId: number) => `/api/articles/${articleId}/comments`;

/** The query key (and URL) of one page of an article's comments; page 1 is the plain path. */
export function commentsQueryKey(articleId: number, page = 1): readonly [string] {
  const path = articleCommentsPath(articleId);
  return [page > 1 ? `${path}?page=${page}` : path] as const;
}

/** Whether a query key is a page of an article's comments (see commentsQueryKey). */
export function isCommentsQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return queryKey.length === 1 && typeof url === "string" && /^\/api\/articles\/\d+\/comments(\?page=\d+)?$/.test(url);
}

/** Whether a query key is any page of this article's comments. */
export function isArticleCommentsQueryKey(articleId: number) {
  const path = articleCommentsPath(articleId);
  return (queryKey: readonly unknown[]) =>
    typeof queryKey[0] === "string" && (queryKey[0] === path || queryKey[0].startsWith(`${path}?`));
}

export const COMMENT_REPORTS_PATH = "/api/admin/comment-reports";

/** The key (and URL) of one page of the admin's comment report queue. */
export function commentReportsQueryKey(page = 1): readonly [string] {
  return [page > 1 ? `${COMMENT_REPORTS_PATH}?page=${page}` : COMMENT_REPORTS_PATH] as const;
}

/** Whether a query key is a page of the report queue. */
export function isCommentReportsQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return queryKey.length === 1 && typeof url === "string" && /^\/api\/admin\/comment-reports(\?page=\d+)?$/.test(url);
}

/** The admin's decision on a reported comment. */
export const MODERATION_ACTIONS = ["keep", "remove"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The admin page's form intent for a moderation posted without JavaScript. */
export const MODERATE_COMMENT_INTENT = "moderate-comment";

/**
 * The server's answer to a comment form posted without JavaScript that could not be done: the
 * page again with the sentence, and what was typed (a post) so nothing is lost.
 */
export interface CommentFormAnswer {
  error: { title: string; description: string };
  body?: string;
  parentId?: number | null;
}
export const COMMENT_ANSWER_KEY = ["form-answer", "comment"] as const;
