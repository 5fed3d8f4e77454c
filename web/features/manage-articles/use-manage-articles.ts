import type { AdminUpdateArticleRequest, Article, UpdateArticleRequest } from "@contract/articles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateFeed } from "@/features/feed/cache";
import { apiRequest } from "@/lib/api";

export const MY_ARTICLES_KEY = ["/api/user/articles"] as const;
export const ADMIN_ARTICLES_KEY = ["/api/admin/articles"] as const;

/** After an edit or delete: every list that may show the article is out of date (spec section 4). */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return (articleId?: number) => {
    void invalidateFeed(queryClient);
    void queryClient.invalidateQueries({ queryKey: MY_ARTICLES_KEY });
    void queryClient.invalidateQueries({ queryKey: ADMIN_ARTICLES_KEY });
    void queryClient.invalidateQueries({ queryKey: ["/api/bookmarks"] });
    if (articleId !== undefined) {
      void queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith("/api/articles/"),
      });
    }
  };
}

/** The owner's edit (PUT /api/articles/{id}) or the admin's (PUT /api/admin/articles/{id}). */
export function useUpdateArticle(mode: "owner" | "admin") {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: UpdateArticleRequest | AdminUpdateArticleRequest }) => {
      const url = mode === "admin" ? `/api/admin/articles/${id}` : `/api/articles/${id}`;
      return (await (await apiRequest("PUT", url, changes)).json()) as Article;
    },
    onSuccess: (article) => refresh(article.id),
  });
}

export function useDeleteArticle(mode: "owner" | "admin") {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", mode === "admin" ? `/api/admin/articles/${id}` : `/api/articles/${id}`);
      return id;
    },
    onSuccess: (id) => refresh(id),
  });
}
