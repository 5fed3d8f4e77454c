import type { RateResponse } from "@contract/feed";
import { bookmarkCheckQueryKey } from "@contract/query-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { toast } from "@/hooks/use-toast";
import { ApiError, apiRequest } from "@/lib/api";
import { afterBookmark, afterRating } from "@/lib/invalidate";

/**
 * Rates an article (spec section 5: signed-in readers only). The answer updates every cached
 * copy of the article in place, by id or by slug, rather than refetching it: a refetch would
 * count another view. Feeds, featured and the user's lists are refreshed.
 */
export function useRateArticle(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rating: number): Promise<RateResponse> =>
      (await apiRequest("POST", `/api/articles/${articleId}/rate`, { rating })).json(),
    onSuccess: (result) => {
      void afterRating(queryClient, result);
      toast({
        title: "Rating submitted",
        description: `You rated this article ${result.userRating} ${result.userRating === 1 ? "star" : "stars"}.`,
      });
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.status === 401) {
        toast({ title: "Sign in required", description: "Please sign in to rate articles.", variant: "destructive" });
        return;
      }
      // A refusal the reader cannot fix by retrying (rating their own article) says why.
      const description =
        error instanceof ApiError && error.status === 403
          ? error.message
          : "Failed to submit rating. Please try again.";
      toast({ title: "Error", description, variant: "destructive" });
    },
  });
}

/**
 * The reader's bookmark of one article and its toggle (spec section 4: saved / not saved). The
 * check runs only for signed-in readers (spec section 6).
 */
export function useBookmark(articleId: number, signedIn: boolean) {
  const queryClient = useQueryClient();
  const queryKey = bookmarkCheckQueryKey(articleId);
  const check = useQuery<{ isBookmarked: boolean }>({ queryKey, enabled: signedIn });
  const toggle = useMutation({
    mutationFn: async (save: boolean): Promise<{ isBookmarked: boolean }> =>
      (
        await (save
          ? apiRequest("POST", "/api/bookmarks", { articleId })
          : apiRequest("DELETE", `/api/bookmarks/${articleId}`))
      ).json(),
    onSuccess: ({ isBookmarked }) => {
      void afterBookmark(queryClient, articleId, isBookmarked);
      toast(
        isBookmarked
          ? { title: "Article bookmarked!", description: "Find it any time under My Articles → Saved." }
          : { title: "Bookmark removed!", description: "The article is no longer in your saved list." },
      );
    },
    onError: () => toast({ title: "Error", description: "Failed to bookmark article", variant: "destructive" }),
  });
  return {
    isBookmarked: check.data?.isBookmarked ?? false,
    /** Unknown until the check answers: the button waits rather than guessing. */
    isChecking: signedIn && check.isPending,
    toggle: () => toggle.mutate(!(check.data?.isBookmarked ?? false)),
    isSaving: toggle.isPending,
  };
}

const noSubscription = () => () => {};

/**
 * This site's origin in the browser, "" while rendering on the server: share links start
 * relative and become absolute as the page hydrates, with no mismatch between the two renders.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
}

/**
 * Puts text on the clipboard: the Clipboard API where the page may use it, else the older
 * copy command (plain-http hosts, denied permissions). Answers whether it worked.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the fallback below.
  }
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
