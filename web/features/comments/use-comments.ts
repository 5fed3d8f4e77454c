import type { Article } from "@contract/articles";
import {
  articleCommentsPath,
  type CommentReply,
  type CommentResponse,
  type CommentsPage,
  commentsQueryKey,
  isArticleCommentsQueryKey,
  isCommentReportsQueryKey,
  type ModerationAction,
} from "@contract/comments";
import { isArticleQueryKey } from "@contract/query-keys";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";

/** One page of an article's comments (the server preloads the first with the page). */
export function useCommentsPage(articleId: number, page: number) {
  return useQuery<CommentsPage>({ queryKey: commentsQueryKey(articleId, page) });
}

/**
 * After a comment write: every loaded page of this article's comments refetches, and the
 * article's count (on its page) follows from the answer or the first page's new total, without
 * asking for the article again.
 */
async function afterCommentWrite(queryClient: QueryClient, articleId: number, known?: number) {
  await queryClient.invalidateQueries({ predicate: (query) => isArticleCommentsQueryKey(articleId)(query.queryKey) });
  const commentCount = known ?? queryClient.getQueryData<CommentsPage>(commentsQueryKey(articleId))?.total;
  if (commentCount === undefined) return;
  queryClient.setQueriesData<Article | null>({ predicate: (query) => isArticleQueryKey(query.queryKey) }, (old) =>
    old && old.id === articleId ? { ...old, commentCount } : old,
  );
}

export function usePostComment(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: { body: string; parentId?: number | null }) => {
      const response = await apiRequest("POST", articleCommentsPath(articleId), values);
      return (await response.json()) as CommentResponse;
    },
    onSuccess: () => afterCommentWrite(queryClient, articleId),
  });
}

export function useEditComment(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) => {
      const response = await apiRequest("PUT", `/api/comments/${id}`, { body });
      return (await response.json()) as CommentReply;
    },
    onSuccess: () => afterCommentWrite(queryClient, articleId),
  });
}

export function useDeleteComment(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await apiRequest("DELETE", `/api/comments/${id}`);
      return (await response.json()) as { commentCount: number };
    },
    onSuccess: (result) => afterCommentWrite(queryClient, articleId, result.commentCount),
  });
}

export function useReportComment() {
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) => {
      await apiRequest("POST", `/api/comments/${id}/report`, { reason });
    },
  });
}

/** The admin's decision on a reported comment; the queue and any loaded comment pages refresh. */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: ModerationAction }) => {
      await apiRequest("POST", `/api/admin/comment-reports/${id}`, { action });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          isCommentReportsQueryKey(queryKey) ||
          (typeof queryKey[0] === "string" && /^\/api\/articles\/\d+\/comments/.test(queryKey[0])),
      }),
  });
}
