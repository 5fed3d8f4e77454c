import { ACTION_INTENTS } from "@contract/action-forms";
import { Bookmark, BookmarkCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/hooks/use-auth";
import { cn } from "@/lib/utils";
import { useBookmark } from "./use-article-actions";

/**
 * 'Save Article' / 'Saved' (spec sections 2 and 4); rendered for signed-in readers only. A form
 * posted to the article's own page until scripts run (server/pages/action-posts.ts), then the
 * API call with its toast.
 */
export function BookmarkButton({ articleId, className }: { articleId: number; className?: string }) {
  const { isBookmarked, isChecking, isSaving, toggle } = useBookmark(articleId, true);
  return (
    <form method="post" className="contents" onSubmit={(event) => event.preventDefault()}>
      <input type="hidden" name="intent" value={isBookmarked ? ACTION_INTENTS.unbookmark : ACTION_INTENTS.bookmark} />
      <input type="hidden" name="articleId" value={articleId} />
      <Button
        type="submit"
        variant={isBookmarked ? "secondary" : "default"}
        size="sm"
        className={cn("h-9 min-w-32", isBookmarked && "text-primary", className)}
        aria-pressed={isBookmarked}
        disabled={isChecking || isSaving}
        onClick={toggle}
      >
        {isBookmarked ? <BookmarkCheck /> : <Bookmark />}
        {isBookmarked ? "Saved" : "Save Article"}
      </Button>
    </form>
  );
}

/** The bookmark button for a signed-in reader; nothing for a visitor. */
export function ReaderBookmarkButton(props: { articleId: number; className?: string }) {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <BookmarkButton {...props} /> : null;
}
