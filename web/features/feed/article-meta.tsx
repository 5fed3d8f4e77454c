import type { ArticleSummary } from "@contract/feed";
import { Eye, MessageSquare } from "lucide-react";
import { StarRating } from "@/components/ui/star-rating";
import { AuthorLink, TagLink } from "@/features/community/topic-links";
import { UserAvatar } from "@/features/layout/user-avatar";
import { countLabel, displayName, formatCount, formatDate, formatRating } from "@/lib/format";
import { cn } from "@/lib/utils";

type Author = ArticleSummary["user"];

/** The author's avatar and name over the publication date. */
export function ArticleByline({
  author,
  date,
  className,
  avatarClassName = "h-8 w-8",
  handle,
}: {
  author: Author;
  date: string;
  className?: string;
  avatarClassName?: string;
  /** The author's handle: the name links to their page (issue 19). */
  handle?: string;
}) {
  // The avatar's fallback is the author's initials (an author's email is never sent).
  const person = { ...author, email: "" };
  return (
    <div className={cn("flex min-w-0 items-center gap-2.5", className)}>
      <UserAvatar user={person} className={cn("text-xs", avatarClassName)} />
      <div className="min-w-0 leading-tight">
        <p className="truncate text-sm font-medium text-foreground">
          <AuthorLink handle={handle}>{displayName(person)}</AuthorLink>
        </p>
        <time dateTime={date} className="text-xs text-muted-foreground">
          {formatDate(date)}
        </time>
      </div>
    </div>
  );
}

/** Read-only stars, the average with one decimal and the number of ratings. */
export function ArticleRating({
  avgRating,
  ratingCount,
  size = "sm",
  className,
}: Pick<ArticleSummary, "avgRating" | "ratingCount"> & { size?: "sm" | "md"; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-sm", className)}>
      <StarRating value={avgRating} size={size} />
      <span className="font-semibold tabular-nums text-foreground">{formatRating(avgRating)}</span>
      <span className="tabular-nums text-muted-foreground" title={countLabel(ratingCount, "rating")}>
        ({formatCount(ratingCount)})<span className="sr-only"> {ratingCount === 1 ? "rating" : "ratings"}</span>
      </span>
    </span>
  );
}

/** The view count, abbreviated (1.2k, 3.4M). */
export function ArticleViews({ viewCount, className }: { viewCount: number; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm tabular-nums text-muted-foreground", className)}>
      <Eye className="h-4 w-4" aria-hidden="true" />
      {countLabel(viewCount, "view")}
    </span>
  );
}

/** The number of comments that are not deleted (issue 19). */
export function ArticleComments({ commentCount, className }: { commentCount: number; className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-1 text-sm tabular-nums text-muted-foreground", className)}
      data-testid="comment-count"
    >
      <MessageSquare className="h-4 w-4" aria-hidden="true" />
      {countLabel(commentCount, "comment")}
    </span>
  );
}

/** At most 3 tags, then '+N more' for the rest (spec section 9). */
export function ArticleTags({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, 3);
  const more = tags.length - shown.length;
  return (
    <ul className={cn("flex flex-wrap items-center gap-1.5", className)} aria-label="Tags">
      {shown.map((tag) => (
        <li
          key={tag}
          className="max-w-[10rem] truncate rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground"
        >
          <TagLink tag={tag} />
        </li>
      ))}
      {more > 0 && <li className="px-1 text-xs font-medium text-muted-foreground">+{more} more</li>}
    </ul>
  );
}
