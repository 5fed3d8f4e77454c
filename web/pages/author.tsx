import { type Author, authorPath, authorQueryKey } from "@contract/authors";
import { PRODUCT_NAME } from "@contract/options";
import { useQuery } from "@tanstack/react-query";
import { BookOpen, Eye, Star, UserX } from "lucide-react";
import { useEffect } from "react";
import { useParams } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ArticleList } from "@/features/community/article-list";
import { FollowButton } from "@/features/follows/follow-button";
import { Notice, PageShell } from "@/features/layout/page-shell";
import { UserAvatar } from "@/features/layout/user-avatar";
import { useAuth } from "@/hooks/use-auth";
import { countLabel, formatDate, formatRating } from "@/lib/format";

function Total({ icon, label }: { icon: React.ReactNode; label: string }) {
  return (
    <li className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
      {icon}
      {label}
    </li>
  );
}

function AuthorHeader({ author }: { author: Author }) {
  const { user } = useAuth();
  const name = `${author.firstName} ${author.lastName}`.trim();
  const person = { ...author, email: "" };
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start">
        <UserAvatar user={person} className="h-20 w-20 text-2xl" />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
              <p className="text-sm text-muted-foreground">
                @{author.handle} · Joined {formatDate(author.createdAt)}
              </p>
            </div>
            {/* Nobody follows themself: their own page offers nothing to press. */}
            {user?.handle !== author.handle && <FollowButton type="author" target={author.handle} name={name} />}
          </div>
          {/* Plain text, never HTML: line breaks kept, nothing interpreted. */}
          {author.bio && <p className="whitespace-pre-line break-words leading-relaxed">{author.bio}</p>}
          <ul className="flex flex-wrap gap-x-5 gap-y-1 pt-1" aria-label="Totals">
            <Total
              icon={<BookOpen className="h-4 w-4" aria-hidden="true" />}
              label={countLabel(author.totals.articles, "article")}
            />
            <Total
              icon={<Eye className="h-4 w-4" aria-hidden="true" />}
              label={countLabel(author.totals.reads, "read")}
            />
            <Total
              icon={<Star className="h-4 w-4" aria-hidden="true" />}
              label={
                author.totals.ratings > 0
                  ? `${formatRating(author.totals.avgRating)} average from ${countLabel(author.totals.ratings, "rating")}`
                  : "No ratings yet"
              }
            />
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * /u/{handle} (issue 19): an author's name, picture, bio and totals, then their articles, newest
 * first. The server preloads both (or null for an unknown handle: a 404 with this page's
 * notice); an old handle was already redirected to the new one.
 */
export default function AuthorPage() {
  const { handle: raw = "" } = useParams<{ handle: string }>();
  const handle = raw.toLowerCase();
  const {
    data: author,
    isPending,
    isError,
  } = useQuery<Author | null>({ queryKey: authorQueryKey(handle), retry: false });

  useEffect(() => {
    if (author) document.title = `${author.firstName} ${author.lastName} (@${author.handle}) | ${PRODUCT_NAME}`;
    else if (!isPending) document.title = `Author Not Found | ${PRODUCT_NAME}`;
  }, [author, isPending]);

  return (
    <PageShell className="max-w-5xl space-y-8">
      {isPending ? (
        <Skeleton className="h-40 w-full rounded-xl" />
      ) : author && !isError ? (
        <>
          <AuthorHeader author={author} />
          <ArticleList
            filter={{ author: author.handle }}
            basePath={authorPath(author.handle)}
            heading={`Articles by ${author.firstName}`}
            empty={<p>{author.firstName} has not published an article yet.</p>}
          />
        </>
      ) : (
        <Notice
          icon={<UserX className="h-10 w-10 text-muted-foreground" aria-hidden="true" />}
          title="Author Not Found"
          message="No one has this handle. Check the address, or browse the articles instead."
        />
      )}
    </PageShell>
  );
}
