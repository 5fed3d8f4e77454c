import type {
  AdminUpdateArticleRequest,
  Article,
  adminUpdateArticleRequest,
  UpdateArticleRequest,
  updateArticleRequest,
} from "@contract/articles";
import { ADMIN_ARTICLES_KEY, MY_ARTICLES_KEY } from "@contract/query-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api";
import { afterArticleDeleted, afterArticleEdited } from "@/lib/invalidate";

// The keys live in the contract (the server preloads under them); exported here for the hooks' callers.
export { ADMIN_ARTICLES_KEY, MY_ARTICLES_KEY };

/** The owner's edit (PUT /api/articles/{id}) or the admin's (PUT /api/admin/articles/{id}). */
export function useUpdateArticle(mode: "owner" | "admin") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: UpdateArticleRequest | AdminUpdateArticleRequest }) => {
      const url = mode === "admin" ? `/api/admin/articles/${id}` : `/api/articles/${id}`;
      return (await (await apiRequest("PUT", url, changes)).json()) as Article;
    },
    onSuccess: () => void afterArticleEdited(queryClient),
  });
}

export function useDeleteArticle(mode: "owner" | "admin") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", mode === "admin" ? `/api/admin/articles/${id}` : `/api/articles/${id}`);
      return id;
    },
    onSuccess: () => void afterArticleDeleted(queryClient),
  });
}

/** An edit as the contract's schema gives it back (the owner's or the admin's): title and excerpt trimmed, tags cleaned. */
export type ArticleChanges = z.output<typeof updateArticleRequest> | z.output<typeof adminUpdateArticleRequest>;

/**
 * Spec section 5: a blank title or content is also told in a toast, besides the schema's
 * sentence under the field. Call it when the form did not pass its schema.
 */
export function toastIfMissingFields(values: { title?: string; content?: string }) {
  if (values.title?.trim() && values.content?.trim()) return;
  toast({
    title: "Missing required fields",
    description: "Please fill in the title and content.",
    variant: "destructive",
  });
}

/**
 * Saves an edit the form has checked with the contract's schema, with the spec's toasts:
 * owners and admins get their own success and failure texts (section 8).
 */
export function useSaveArticle(mode: "owner" | "admin") {
  const update = useUpdateArticle(mode);
  const save = (id: number, changes: ArticleChanges, onDone: () => void) => {
    update.mutate(
      { id, changes },
      {
        onSuccess: () => {
          toast(
            mode === "admin"
              ? { title: "Article updated", description: "Article has been successfully updated." }
              : { title: "Article updated" },
          );
          onDone();
        },
        onError: (error: Error) =>
          toast(
            mode === "admin"
              ? { title: "Error", description: "Failed to update article.", variant: "destructive" }
              : {
                  title: "Failed to update article. Please try again.",
                  description: error.message,
                  variant: "destructive",
                },
          ),
      },
    );
  };
  return { save, isPending: update.isPending };
}
