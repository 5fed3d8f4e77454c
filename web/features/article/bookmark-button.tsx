import { Bookmark, BookmarkCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useBookmark } from "./use-article-actions";

/** 'Save Article' / 'Saved' (spec sections 2 and 4); rendered for signed-in readers only. */
export function BookmarkButton({ articleId, className }: { articleId: number; className?: string }) {
  const { isBookmarked, isChecking, isSaving, toggle } = useBookmark(articleId, true);
  return (
    <Button
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
  );
}
